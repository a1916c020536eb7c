import LibC

/// A picture a view shows over its background colour, as a CALayer's `contents`: a gradient
/// (CAGradientLayer's colours, locations, type and points) or a landscape generated from a
/// seed. Described by a few numbers rather than pixels, so that a scene file can hold it,
/// TransitionCore stays free of images, and every renderer draws it sharp at any scale.
///
/// Drawn inside the view's bounds, cut by its rounded corners as the background is, under its
/// text and subviews. Not animatable: as UIKit's layer contents, it changes at once.
public enum LayerContents: Hashable, Sendable {
    case gradient(Gradient)
    case landscape(Landscape)

    /// The colour the picture averages to, for outputs too coarse to draw it (an SVG's fill, a
    /// timeline's summary).
    public var averageColor: Color {
        switch self {
        case .gradient(let g): return g.averageColor
        case .landscape(let l): return l.theme.averageColor
        }
    }
}

/// CAGradientLayer: colours at locations along an axis (`axial`, from `startPoint` to
/// `endPoint`) or out from a centre (`radial`: an ellipse centred on `startPoint` reaching
/// `endPoint`), in unit coordinates of the bounds ((0, 0) the top left, (1, 1) the bottom
/// right). Before the first stop and after the last, the end colours continue.
public struct Gradient: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable { case axial, radial }

    public struct Stop: Hashable, Sendable {
        public var color: Color
        /// In [0, 1], not below the stop before it.
        public var location: Double
        public init(color: Color, location: Double) { self.color = color; self.location = location }
    }

    public var kind: Kind
    /// At least two.
    public var stops: [Stop]
    public var startPoint: Point
    public var endPoint: Point

    public init(kind: Kind = .axial, stops: [Stop], startPoint: Point? = nil, endPoint: Point? = nil) {
        self.kind = kind
        self.stops = stops
        // CAGradientLayer's defaults: top to bottom; a radial one fills the bounds' ellipse.
        self.startPoint = startPoint ?? (kind == .axial ? Point(x: 0.5, y: 0) : Point(x: 0.5, y: 0.5))
        self.endPoint = endPoint ?? (kind == .axial ? Point(x: 0.5, y: 1) : Point(x: 1, y: 1))
    }

    /// Colours spaced evenly from 0 to 1.
    public init(kind: Kind = .axial, colors: [Color], startPoint: Point? = nil, endPoint: Point? = nil) {
        let last = Double(max(1, colors.count - 1))
        self.init(kind: kind, stops: colors.enumerated().map { Stop(color: $0.element, location: Double($0.offset) / last) },
                  startPoint: startPoint, endPoint: endPoint)
    }

    /// An axial gradient whose colours run at `degrees` clockwise from left-to-right (y down:
    /// 90 runs top to bottom), across the bounds through their centre.
    public static func angle(_ degrees: Double, stops: [Stop]) -> Gradient {
        let r = degrees * .pi / 180
        let dx = cos(r) / 2, dy = sin(r) / 2
        return Gradient(kind: .axial, stops: stops, startPoint: Point(x: 0.5 - dx, y: 0.5 - dy), endPoint: Point(x: 0.5 + dx, y: 0.5 + dy))
    }

    /// Why this gradient cannot be drawn, or nil when it can: fewer than two stops, a location
    /// outside [0, 1] or before the one preceding it, a colour component outside [0, 1], a
    /// point that is not finite, or no axis (start and end the same; a radial one flat).
    public var problem: String? {
        guard stops.count >= 2 else { return "a gradient needs at least two colours" }
        for (i, s) in stops.enumerated() {
            guard s.location.isFinite, (0...1).contains(s.location) else { return "location \(s.location) is outside 0…1" }
            if i > 0, s.location < stops[i - 1].location { return "locations go from 0 to 1 and never back" }
            guard s.color.isValid else { return "colour components are in [0, 1]" }
        }
        guard [startPoint.x, startPoint.y, endPoint.x, endPoint.y].allSatisfy(\.isFinite) else { return "points are finite numbers" }
        switch kind {
        case .axial:
            if startPoint == endPoint { return "startPoint and endPoint are the same point: the gradient has no direction" }
        case .radial:
            if startPoint.x == endPoint.x || startPoint.y == endPoint.y {
                return "a radial gradient's endPoint differs from its startPoint (the centre) in x and in y"
            }
        }
        return nil
    }

    /// The mean colour along the gradient's axis from 0 to 1 (the colours between the stops
    /// blend linearly; outside them the end colours hold).
    public var averageColor: Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        var sum = [0.0, 0.0, 0.0, 0.0]
        func add(_ c: Color, _ weight: Double) {
            sum[0] += c.red * weight; sum[1] += c.green * weight; sum[2] += c.blue * weight; sum[3] += c.alpha * weight
        }
        add(first.color, first.location)
        add(last.color, 1 - last.location)
        for (a, b) in zip(stops, stops.dropFirst()) {
            let width = b.location - a.location
            add(a.color, width / 2)
            add(b.color, width / 2)
        }
        return Color(red: sum[0], green: sum[1], blue: sum[2], alpha: sum[3])
    }
}

/// A made-up photograph: a sky, a sun or a moon, hills, water, trees or buildings, laid out by
/// a seed, in the colours of a theme. The same seed always gives the same picture.
public struct Landscape: Hashable, Sendable {
    public enum Theme: String, Hashable, Sendable, CaseIterable {
        /// A lake under a pink dawn sky, mountains beyond.
        case lake
        /// Dunes under a hot sky, a road to the horizon.
        case desert
        /// Green hills with pines, a path between them.
        case forest
        /// A skyline at night, lit windows, stars and a moon.
        case city
        /// A low sun over a dark sea, purple clouds.
        case sunset
        /// A blue sea under a clear sky, an island.
        case sea

        /// Roughly what the picture averages to.
        public var averageColor: Color {
            switch self {
            case .lake: return Color(red: 0.62, green: 0.55, blue: 0.68)
            case .desert: return Color(red: 0.85, green: 0.66, blue: 0.47)
            case .forest: return Color(red: 0.45, green: 0.66, blue: 0.45)
            case .city: return Color(red: 0.16, green: 0.15, blue: 0.30)
            case .sunset: return Color(red: 0.55, green: 0.28, blue: 0.38)
            case .sea: return Color(red: 0.35, green: 0.62, blue: 0.82)
            }
        }
    }

    public var theme: Theme
    public var seed: UInt32

    public init(theme: Theme, seed: UInt32) {
        self.theme = theme
        self.seed = seed
    }
}
