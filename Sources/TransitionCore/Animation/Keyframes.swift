/// How a keyframe animation moves between its key values, as UIKit's calculation modes.
public enum KeyframeMode: UInt32, CaseIterable, Sendable {
    /// Straight from each value to the next.
    case linear = 0
    /// Holds each value until the next key time, then jumps.
    case discrete = 1
    /// A smooth Catmull-Rom curve through all the values.
    case cubic = 2

    public var name: String {
        switch self {
        case .linear: return "linear"
        case .discrete: return "discrete"
        case .cubic: return "cubic"
        }
    }
}

/// The key values of one property of a keyframe animation, at times relative to the
/// animation's duration (0 at its start, 1 at its end).
struct KeyframeTrack {
    var times: [Double]
    var values: [AnimatableValue]
    let mode: KeyframeMode

    /// The value at relative time `u` in [0, 1] (already shaped by the animation's curve).
    func value(at u: Double) -> AnimatableValue {
        guard let last = times.indices.last else { return .zero }
        if u <= times[0] { return values[0] }
        if u >= times[last] { return values[last] }
        var i = 0
        while i + 1 < times.count && times[i + 1] <= u { i += 1 }
        let span = times[i + 1] - times[i]
        let local = span > 0 ? (u - times[i]) / span : 1
        switch mode {
        case .discrete:
            return values[i]
        case .linear:
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
