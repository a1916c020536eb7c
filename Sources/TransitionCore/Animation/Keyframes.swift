/// How a keyframe animation moves between its key values, as UIKit's calculation modes.
public enum KeyframeMode: UInt32, CaseIterable, Sendable {
    /// Straight from each value to the next.
    case linear = 0
    /// Holds each value until the next key time, then jumps.
    case discrete = 1
    /// A smooth Catmull-Rom curve through all the values.
    case cubic = 2
    /// One speed from the first value to the last (kCAAnimationPaced): the keyframes' own
    /// times are ignored, each stretch takes time in proportion to how far it goes.
    case paced = 3

    public var name: String {
        switch self {
        case .linear: return "linear"
        case .discrete: return "discrete"
        case .cubic: return "cubic"
        case .paced: return "paced"
        }
    }
}

/// The key values of one property of a keyframe animation, at times relative to the
/// animation's duration (0 at its start, 1 at its end).
struct KeyframeTrack {
    var times: [Double]
    var values: [AnimatableValue]
    let mode: KeyframeMode
    /// Stretches (from times[i] to times[i + 1], by i) that follow a path instead of going
    /// straight to the next value.
    var paths: [Int: PathSpan] = [:]

    /// The value at relative time `u` in [0, 1] (already shaped by the animation's curve).
    func value(at u: Double) -> AnimatableValue {
        guard let last = times.indices.last else { return .zero }
        if u <= times[0] { return paths[0]?.value(at: 0, mode: mode) ?? values[0] }
        if u >= times[last] { return values[last] }
        var i = 0
        while i + 1 < times.count && times[i + 1] <= u { i += 1 }
        let span = times[i + 1] - times[i]
        let local = span > 0 ? (u - times[i]) / span : 1
        if let path = paths[i] { return path.value(at: local, mode: mode) }
        switch mode {
        case .discrete:
            return values[i]
        case .linear, .paced:
            return values[i] + (values[i + 1] - values[i]) * local
        case .cubic:
            // Catmull-Rom through the neighbours; the ends repeat their own value.
            let p0 = values[max(0, i - 1)], p1 = values[i], p2 = values[i + 1], p3 = values[min(last, i + 2)]
            let t = local, t2 = t * t, t3 = t2 * t
            let a = p1 * 2
            let b = (p2 - p0) * t
            let c = (p0 * 2 - p1 * 5 + p2 * 4 - p3) * t2
            let d = (p1 * 3 - p0 - p2 * 3 + p3) * t3
            return (a + b + c + d) * 0.5
        }
    }
}

extension KeyframeTrack {
    /// Retimes the track for paced mode: each stretch takes the share of time that its
    /// distance (a path's length) is of the whole. A track that goes nowhere keeps its times.
    mutating func pace() {
        var distances: [Double] = []
        for i in 0..<(times.count - 1) {
            if let path = paths[i] {
                distances.append(path.motion.length)
            } else {
                let d = values[i + 1] - values[i]
                distances.append((d * d).sum().squareRoot())
            }
        }
        let total = distances.reduce(0, +)
        guard total > 0, total.isFinite else { return }
        var run = 0.0
        for i in distances.indices {
            run += distances[i]
            times[i + 1] = min(1, run / total)
        }
    }
}

/// A stretch of a track along a path: the centre's positions on it, or the turn that keeps
/// the view tangent to it, after the view's own transform.
struct PathSpan {
    enum Lane {
        case position
        /// The transform `base` turned by the path's heading plus `offset` radians.
        case rotation(base: AffineTransform, offset: Double)
    }
    let motion: PathMotion
    let lane: Lane

    func value(at local: Double, mode: KeyframeMode) -> AnimatableValue {
        let place = motion.place(at: local, mode: mode)
        switch lane {
        case .position:
            return AnimatableValue(place.point.x, place.point.y, 0, 0, 0, 0, 0, 0)
        case let .rotation(base, offset):
            let t = base.rotated(by: place.angle + offset)
            return AnimatableValue(t.a, t.b, t.c, t.d, t.tx, t.ty, 0, 0)
        }
    }
}

/// Collects the keyframes of one animateKeyframes call: changes made inside addKeyframe's
/// block become key values at that keyframe's start and end.
public final class KeyframeRecorder {
    struct Key: Hashable {
        let view: ObjectIdentifier
        let property: AnimatableProperty
    }

    /// The keyframe being recorded: its relative start and duration.
    var current: (start: Double, duration: Double) = (0, 1)
    var tracks: [Key: (view: View, track: KeyframeTrack)] = [:]
    var order: [Key] = []
    let mode: KeyframeMode

    init(mode: KeyframeMode) { self.mode = mode }

    /// As UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:). Values out
    /// of [0, 1] are clamped, so a keyframe never runs outside its animation.
    public func addKeyframe(relativeStart: Double, relativeDuration: Double, _ changes: () -> Void) {
        let start = relativeStart.isFinite ? min(1, max(0, relativeStart)) : 0
        let length = relativeDuration.isFinite ? min(1 - start, max(0, relativeDuration)) : 0
        let saved = current
        current = (start, length)
        changes()
        current = saved
    }

    /// As CAKeyframeAnimation.path on the view's position: over the current keyframe (the
    /// whole animation outside one) the view's centre follows `motion` from its start point
    /// (a view elsewhere jumps there, as a layer does) to its end, which becomes the model
    /// centre; with `rotation`, the view turns to the path's heading on top of its own
    /// transform, which it has back when the motion ends. Call it from the recorder's
    /// animations, as a property change.
    public func addPath(_ motion: PathMotion, to view: View, rotation: PathRotation) {
        view.center = motion.end
        mark(view, .center, PathSpan(motion: motion, lane: .position))
        guard rotation != .none else { return }
        let base = view.transform
        view.transform = base
        mark(view, .transform, PathSpan(motion: motion, lane: .rotation(base: base, offset: rotation == .autoReverse ? .pi : 0)))
    }

    /// The stretch just recorded for `property` of `view` follows `span`.
    private func mark(_ view: View, _ property: AnimatableProperty, _ span: PathSpan) {
        let key = Key(view: ObjectIdentifier(view), property: property)
        guard var entry = tracks[key] else { return }
        entry.track.paths[entry.track.times.count - 2] = span
        tracks[key] = entry
    }

    /// A change of `property` of `view` from `old` (its value on screen when the track is
    /// new) to `new`, inside the current keyframe.
    func record(_ view: View, _ property: AnimatableProperty, old: AnimatableValue, new: AnimatableValue) {
        let key = Key(view: ObjectIdentifier(view), property: property)
        var entry = tracks[key] ?? (view, KeyframeTrack(times: [0], values: [old], mode: mode))
        if tracks[key] == nil { order.append(key) }
        let before = entry.track.values[entry.track.values.count - 1]
        let start = max(current.start, entry.track.times.last ?? 0)
        if start > entry.track.times.last! {
            entry.track.times.append(start)
            entry.track.values.append(before)
        }
        entry.track.times.append(min(1, current.start + current.duration))
        entry.track.values.append(new)
        tracks[key] = entry
    }
}
