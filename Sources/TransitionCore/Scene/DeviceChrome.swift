/// What a phone draws over every app: one status bar along the top (the time, the signal, the
/// battery), the home indicator along the bottom, and the display's rounded corners; and the
/// safe-area insets that keep content clear of them. The host draws it above every screen
/// (SceneSnapshot adds its layers last), so screens and sheets carry none of their own, and it
/// never slides, scales or turns with a transition, as on a device.
public struct DeviceChrome: Hashable, Sendable {
    /// The status bar's height: the top safe-area inset.
    public var statusBarHeight: Double
    /// The bottom safe-area inset, where the home indicator sits.
    public var homeIndicatorInset: Double
    /// The radius of the display's corners; nothing is seen outside them.
    public var displayCornerRadius: Double

    public init(statusBarHeight: Double = 47, homeIndicatorInset: Double = 34, displayCornerRadius: Double = 47.33) {
        self.statusBarHeight = statusBarHeight
        self.homeIndicatorInset = homeIndicatorInset
        self.displayCornerRadius = displayCornerRadius
    }

    /// An iPhone of the demo scene's size (390 × 844 points).
    public static let phone = DeviceChrome()

    /// UIView.safeAreaInsets of a full-screen view: what a layout keeps clear.
    public var safeAreaInsets: EdgeInsets {
        EdgeInsets(top: statusBarHeight, left: 0, bottom: homeIndicatorInset, right: 0)
    }

    /// The chrome's ids: below every view's (from 1 up) and every snapshot part's (from −65537 down).
    static func layerID(_ index: Int) -> Int { -(index + 1) }

    /// Its layers over `content` (a window of `size`, back to front): the time, four signal
    /// bars and the battery, then the home indicator, each part tinted for what lies under it.
    func layers(over content: [SceneSnapshot.Layer], in size: Size) -> [SceneSnapshot.Layer] {
        let tint = Self.tint(over: content, at: Point(x: size.width / 2, y: statusBarHeight / 2))
        let indicatorTint = Self.tint(over: content, at: Point(x: size.width / 2, y: size.height - 10.5))
        let scale = size.width / 390
        var layers: [SceneSnapshot.Layer] = []
        func add(_ name: String, _ frame: Rect, corners: Double, color: Color, text: ViewText? = nil) {
            var look = ViewAppearance(frame: Rect(origin: .zero, size: frame.size))
            look.backgroundColor = color
            look.cornerRadius = corners
            layers.append(SceneSnapshot.Layer(viewID: Self.layerID(layers.count), name: name,
                                              transform: .translation(frame.minX, frame.minY), appearance: look, opacity: 1,
                                              isHidden: false, depth: 1, text: text))
        }
        // Laid out as iOS lays out a notched iPhone's status bar, centred in its height.
        let middle = statusBarHeight / 2
        add("statusBar.time", Rect(x: 28 * scale, y: middle - 11, width: 60, height: 22), corners: 0, color: .clear,
            text: ViewText("9:41", size: 16, weight: .bold, color: tint))
        for bar in 0..<4 {
            let height = 4 + Double(bar) * 2.5
            add("statusBar.signal\(bar + 1)", Rect(x: size.width - 100 + Double(bar) * 6, y: middle + 6.5 - height, width: 4, height: height),
                corners: 1, color: tint)
        }
        add("statusBar.battery", Rect(x: size.width - 58, y: middle - 5.5, width: 26, height: 12), corners: 3.5, color: tint)
        add("homeIndicator", Rect(x: (size.width - 134) / 2, y: size.height - 13, width: 134, height: 5), corners: 2.5,
            color: indicatorTint)
        return layers
    }

    /// The tint for what lies at `point` in `layers` (back to front): the colours there
    /// composed as they are drawn; white over a dark result, near-black over a light one, as
    /// UIKit's default status bar style and the home indicator follow the content under them.
    static func tint(over layers: [SceneSnapshot.Layer], at point: Point) -> Color {
        var red = 0.0, green = 0.0, blue = 0.0
        for layer in layers where !layer.isHidden && layer.opacity > 0 && layer.color.alpha > 0 {
            guard layer.covers(point) else { continue }
            let a = layer.color.alpha * layer.opacity
            red = red * (1 - a) + layer.color.red * a
            green = green * (1 - a) + layer.color.green * a
            blue = blue * (1 - a) + layer.color.blue * a
        }
        let luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        return luminance < 0.5 ? .white : Self.darkTint
    }

    static let darkTint = Color(red: 0.05, green: 0.05, blue: 0.06)
}

extension SceneSnapshot.Layer {
    /// Whether the window point `p` falls inside the layer's bounds as drawn.
    func covers(_ p: Point) -> Bool {
        let corners = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height), Point(x: 0, y: size.height)]
            .map { transform.apply(to: $0) }
        let drawn: [Point]
        if let warp {
            let mapped = corners.compactMap { warp.apply(to: $0) }
            guard mapped.count == 4 else { return false }
            drawn = mapped
        } else {
            drawn = corners
        }
        // Inside a convex quadrilateral: on the same side of all four edges.
        var sign = 0.0
        for i in 0..<4 {
            let a = drawn[i], b = drawn[(i + 1) % 4]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return sign != 0
    }
}
