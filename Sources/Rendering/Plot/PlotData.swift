import LibC
import TransitionCore

/// What `host plot` draws, taken from a run's snapshots: for every view and property that
/// was animated, its value at every frame, the animations that moved it (when, for how
/// long, along which curve, to what) and how far it overshot.
struct PlotData {
    /// One quantity a reader thinks in: a view's position, its scale, its alpha.
    enum Quantity: String, CaseIterable {
        case position, size, translation, scale, rotation, alpha, color, cornerRadius
        case borderWidth, borderColor, shadowColor, shadowOpacity, shadowRadius, shadowOffset, blurRadius
        /// A 3D transform's translation, its scale, its rotation's angle about its axis (from
        /// the quaternion it animates by) and its perspective as m34 (-1/d for an eye d points
        /// away): what a card turning in depth does, taken apart as Core Animation animates it.
        case translation3D, scale3D, rotation3D, perspective

        var unit: String {
            switch self {
            case .position, .size, .translation, .cornerRadius, .borderWidth, .shadowRadius, .shadowOffset, .blurRadius, .translation3D: return "pt"
            case .rotation, .rotation3D: return "°"
            case .scale, .alpha, .color, .borderColor, .shadowColor, .shadowOpacity, .scale3D, .perspective: return ""
            }
        }

        var laneNames: [String] {
            switch self {
            case .position: return ["x", "y"]
            case .size: return ["width", "height"]
            case .translation: return ["tx", "ty"]
            case .scale: return ["sx", "sy"]
            case .rotation: return ["angle"]
            case .alpha: return ["alpha"]
            case .color: return ["red", "green", "blue", "alpha"]
            case .cornerRadius, .shadowRadius, .blurRadius: return ["radius"]
            case .borderWidth: return ["width"]
            case .borderColor, .shadowColor: return ["red", "green", "blue", "alpha"]
            case .shadowOpacity: return ["opacity"]
            case .shadowOffset: return ["dx", "dy"]
            case .translation3D: return ["tx", "ty", "tz"]
            case .scale3D: return ["sx", "sy", "sz"]
            case .rotation3D: return ["angle"]
            case .perspective: return ["m34"]
            }
        }

        /// The quantities an animatable property is shown as.
        static func of(_ property: AnimatableProperty) -> [Quantity] {
            switch property {
            case .center: return [.position]
            case .bounds: return [.size]
            case .transform: return [.translation, .scale, .rotation]
            case .alpha: return [.alpha]
            case .backgroundColor: return [.color]
            case .cornerRadius: return [.cornerRadius]
            case .borderWidth: return [.borderWidth]
            case .borderColor: return [.borderColor]
            case .shadowColor: return [.shadowColor]
            case .shadowOpacity: return [.shadowOpacity]
            case .shadowRadius: return [.shadowRadius]
            case .shadowOffset: return [.shadowOffset]
            // A 3D transform as its translation, scale, rotation and perspective; its skew, rare
            // in a transition, is left out.
            case .transform3DA: return [.translation3D, .scale3D]
            case .rotation3D: return [.rotation3D]
            case .transform3DB: return [.perspective]
            // Nor the mask's rectangle: its kind gives the numbers their meaning.
            case .mask: return []
            case .blurRadius: return [.blurRadius]
            }
        }

        /// This quantity's lanes in a view's appearance.
        func values(of look: ViewAppearance) -> [Double] {
            switch self {
            case .position: return [look.center.x, look.center.y]
            case .size: return [look.bounds.size.width, look.bounds.size.height]
            case .translation3D, .scale3D, .rotation3D, .perspective:
                let parts = look.transform3D.isIdentity ? Transform3DParts() : Transform3DParts(look.transform3D) ?? Transform3DParts()
                switch self {
                case .translation3D: return parts.translation
                case .scale3D: return parts.scale
                case .perspective: return [parts.perspective[2]]
                default: return [Self.angle(of: parts.quaternion)]
                }
            default: return values(of: look.value(of: property), transform: look.transform)
            }
        }

        /// This quantity's lanes in a packed property value (an animation's target).
        func values(of packed: AnimatableValue, transform: AffineTransform? = nil) -> [Double] {
            switch self {
            case .position: return [packed[0], packed[1]]
            case .size: return [packed[2], packed[3]]
            case .alpha, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius, .blurRadius: return [packed[0]]
            case .shadowOffset: return [packed[0], packed[1]]
            case .translation3D: return [packed[0], packed[1], packed[2]]
            case .scale3D: return [packed[3], packed[4], packed[5]]
            case .perspective: return [packed[3]]
            case .rotation3D: return [Self.angle(of: [packed[0], packed[1], packed[2], packed[3]])]
            case .color, .borderColor, .shadowColor: return [packed[0], packed[1], packed[2], packed[3]]
            case .translation, .scale, .rotation:
                let t = transform ?? AffineTransform(a: packed[0], b: packed[1], c: packed[2], d: packed[3], tx: packed[4], ty: packed[5])
                let parts = TransformParts(t)
                switch self {
                case .translation: return [parts.tx, parts.ty]
                case .scale: return [parts.sx, parts.sy]
                default: return [parts.angle]
                }
            }
        }

        var property: AnimatableProperty {
            switch self {
            case .position: return .center
            case .size: return .bounds
            case .translation, .scale, .rotation: return .transform
            case .alpha: return .alpha
            case .color: return .backgroundColor
            case .cornerRadius: return .cornerRadius
            case .borderWidth: return .borderWidth
            case .borderColor: return .borderColor
            case .shadowColor: return .shadowColor
            case .shadowOpacity: return .shadowOpacity
            case .shadowRadius: return .shadowRadius
            case .shadowOffset: return .shadowOffset
            case .blurRadius: return .blurRadius
            case .translation3D, .scale3D: return .transform3DA
            case .rotation3D: return .rotation3D
            case .perspective: return .transform3DB
            }
        }

        /// The angle a unit quaternion (x, y, z, w) turns about its axis, in degrees, 0 to 360.
        static func angle(of q: [Double]) -> Double {
            let vector = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).squareRoot()
            return 2 * atan2(vector, q[3]) * 180 / Double.pi
        }
    }

    struct Span: Equatable {
        let begin: Double
        let end: Double
        let curve: String
        /// Per lane, the value the animation moves to.
        let target: [Double]
        /// Driven by a gesture: scrubbed on the transition's own clock, so its span in the
        /// run's time is where it was seen running, not its begin plus its duration.
        var interactive = false
    }

    struct Series {
        let viewName: String
        let quantity: Quantity
        /// Per lane, per frame: the value, or nil while the view was not on screen.
        let lanes: [[Double?]]
        let spans: [Span]

        var title: String { "\(viewName) · \(quantity.rawValue)" }

        /// How far the value went past its target, as a share of the distance travelled:
        /// the largest over the lanes and animations; 0 when it never did.
        func overshoot(times: [Double]) -> (fraction: Double, lane: String) {
            var best = (fraction: 0.0, lane: "")
            for span in spans {
                guard let startFrame = times.firstIndex(where: { $0 >= span.begin - 1e-9 }) else { continue }
                for (lane, values) in lanes.enumerated() {
                    guard let from = values[startFrame] else { continue }
                    let to = span.target[lane], distance = to - from
                    guard abs(distance) > 1e-9 else { continue }
                    for (i, t) in times.enumerated() where t >= span.begin - 1e-9 && t <= span.end + 1e-9 {
                        guard let v = values[i] else { continue }
                        let past = (v - to) / distance
                        if past > best.fraction + 1e-6 { best = (past, quantity.laneNames[lane]) }
                    }
                }
            }
            return best
        }
    }

    let times: [Double]
    let series: [Series]

    init(_ snapshots: [SceneSnapshot]) {
        times = snapshots.map(\.time)
        // Which views and properties moved, in the order their first animation appears.
        var keys: [(viewID: Int, property: AnimatableProperty)] = []
        var spans: [Int: [AnimatableProperty: [Sighting]]] = [:]
        for snapshot in snapshots {
            for a in snapshot.animations {
                if spans[a.viewID]?[a.property] == nil { keys.append((a.viewID, a.property)) }
                var list = spans[a.viewID]?[a.property] ?? []
                // One span per animation, however often a gesture scrubbed it back and forth.
                if let i = list.firstIndex(where: { $0.animation.group == a.group }) {
                    if abs(list[i].animation.begin - a.begin) > 1e-9 { list[i].moved = true }
                    list[i].lastSeen = snapshot.time
                } else {
                    list.append(Sighting(animation: a, lastSeen: snapshot.time))
                }
                spans[a.viewID, default: [:]][a.property] = list
            }
        }
        var series: [Series] = []
        for key in keys {
            let name = snapshots.lazy.compactMap { $0.layers.first { $0.viewID == key.viewID }?.name }.first ?? "#\(key.viewID)"
            for quantity in Quantity.of(key.property) {
                let perFrame: [[Double]?] = snapshots.map { snapshot in
                    snapshot.layers.first { $0.viewID == key.viewID }.map { quantity.values(of: $0.appearance) }
                }
                let laneCount = quantity.laneNames.count
                let lanes = (0..<laneCount).map { lane in perFrame.map { $0?[lane] } }
                // A transform animation that only translates needs no scale or rotation panel
                // (nor a 3D one that only turns a translation or a perspective panel).
                if [.transform, .transform3DA, .transform3DB].contains(key.property) && !Self.varies(lanes) { continue }
                let animationSpans = (spans[key.viewID]?[key.property] ?? []).map { seen in
                    let a = seen.animation
                    return seen.moved
                        ? Span(begin: a.begin, end: max(seen.lastSeen, a.begin), curve: a.curve,
                               target: quantity.values(of: a.target), interactive: true)
                        : Span(begin: a.begin, end: a.end, curve: a.curve, target: quantity.values(of: a.target))
                }
                series.append(Series(viewName: name, quantity: quantity, lanes: lanes, spans: animationSpans))
            }
        }
        self.series = series
    }

    /// An animation as the snapshots showed it: as first seen, whether its begin moved (a
    /// gesture scrubbed it), and the last time it was seen running.
    private struct Sighting {
        let animation: SceneSnapshot.Animation
        var lastSeen: Double
        var moved = false
    }

    private static func varies(_ lanes: [[Double?]]) -> Bool {
        lanes.contains { values in
            let present = values.compactMap { $0 }
            guard let first = present.first else { return false }
            return present.contains { abs($0 - first) > 1e-9 }
        }
    }
}
