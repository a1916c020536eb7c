/// The default scene of `host run`: a phone-sized window showing a list screen ("home")
/// that presents a detail screen ("detail").
///
/// It is drawn to read as an app, so that an effect can be judged by looking at it: under the
/// device's status bar (DeviceChrome, drawn by the host above every screen), a navigation bar with a large title, list cells with coloured thumbnails and two lines
/// of text, and a detail screen whose large coloured header matches the first cell's
/// thumbnail (the two share an id, for shared-element effects). Position, scale, fade and
/// dimming all show plainly against it.
public struct DemoScene {
    public static let windowSize = Size(width: 390, height: 844)
    /// The shared id of the first cell's thumbnail and the detail screen's header.
    public static let featuredElement = "destination1"

    public let scene: Scene
    public let home: ViewController
    public let detail: ViewController
    /// The text of every label view, by view name (see ViewText for why views hold none).
    public private(set) var labels: [String: ViewText] = [:]

    public init(framesPerSecond: Int = 60) {
        let scene = Scene(windowSize: Self.windowSize, clock: VirtualClock(framesPerSecond: framesPerSecond))
        // The status bar and home indicator are the device's, drawn above every screen.
        scene.chrome = .phone
        let builder = Builder(scene: scene)
        (home, detail) = Self.build(with: builder)
        self.scene = scene
        labels = builder.labels
    }

    private static func build(with b: Builder) -> (home: ViewController, detail: ViewController) {
        let scene = b.scene
        let bounds = Rect(origin: .zero, size: Self.windowSize)

        let homeView = scene.makeView(name: "home", frame: bounds)
        homeView.backgroundColor = Style.groupedBackground
        let navigationBar = b.box("home.navigationBar", in: homeView, Rect(x: 0, y: 0, width: 390, height: 140), Style.bar)
        b.label("home.navigationBar.title", in: navigationBar, Rect(x: 16, y: 84, width: 358, height: 40),
                ViewText("Destinations", size: 32, weight: .bold))
        b.box("home.navigationBar.separator", in: navigationBar, Rect(x: 0, y: 139.5, width: 390, height: 0.5), Style.separator)
        for (row, place) in Self.destinations.enumerated() {
            let cell = b.box("home.cell\(row + 1)", in: homeView,
                             Rect(x: 0, y: 140 + Double(row) * 80, width: 390, height: 80), .white)
            let thumbnail = b.box("\(cell.name).thumbnail", in: cell, Rect(x: 16, y: 12, width: 56, height: 56), place.color, corners: 12)
            // The featured destination's thumbnail and the detail header are one element, so
            // that shared-element effects (zoom) grow the one into the other, as Hero does.
            if row == 0 { thumbnail.sharedID = Self.featuredElement }
            // The other cells step aside one after another as the detail screen comes
            // (modifiers, for effects that read them: match).
            if row > 0 { cell.modifiers = "fade translate(-48, 0) delay(\(Double(row * 3) / 100))" }
            b.label("\(cell.name).title", in: cell, Rect(x: 88, y: 15, width: 260, height: 24),
                    ViewText(place.title, size: 17, weight: .bold))
            b.label("\(cell.name).subtitle", in: cell, Rect(x: 88, y: 42, width: 260, height: 20),
                    ViewText(place.subtitle, size: 14, color: Style.secondaryText))
            b.label("\(cell.name).chevron", in: cell, Rect(x: 352, y: 26, width: 24, height: 28),
                    ViewText("›", size: 26, color: Style.chevron, alignment: .center))
            if row < Self.destinations.count - 1 {
                b.box("\(cell.name).separator", in: cell, Rect(x: 88, y: 79.5, width: 302, height: 0.5), Style.separator)
            }
        }
        scene.window.addSubview(homeView)
        let home = ViewController(name: "home", view: homeView)

        let featured = Self.destinations[0]
        let detailView = scene.makeView(name: "detail", frame: bounds)
        detailView.backgroundColor = .white
        let header = b.box("detail.header", in: detailView, Rect(x: 0, y: 0, width: 390, height: 320), featured.color)
        header.sharedID = Self.featuredElement
        b.box("detail.header.sun", in: header, Rect(x: 246, y: 92, width: 112, height: 112),
            Color(red: 1, green: 1, blue: 1, alpha: 0.28), corners: 56)
        b.label("detail.header.back", in: header, Rect(x: 10, y: 50, width: 200, height: 30),
                ViewText("‹ Destinations", size: 17, color: .white))
        b.label("detail.header.title", in: header, Rect(x: 20, y: 234, width: 350, height: 44),
                ViewText(featured.title, size: 34, weight: .bold, color: .white))
        b.label("detail.header.subtitle", in: header, Rect(x: 20, y: 280, width: 350, height: 24),
                ViewText(featured.subtitle, size: 17, color: Color(red: 1, green: 1, blue: 1, alpha: 0.85)))
        b.label("detail.about", in: detailView, Rect(x: 20, y: 342, width: 350, height: 30),
                ViewText("About", size: 22, weight: .bold))
        for (line, text) in Self.featuredDescription.enumerated() {
            b.label("detail.body\(line + 1)", in: detailView, Rect(x: 20, y: 380 + Double(line) * 26, width: 350, height: 24),
                    ViewText(text, size: 16, color: Style.bodyText))
        }
        for (index, fact) in Self.featuredFacts.enumerated() {
            let chip = b.box("detail.fact\(index + 1)", in: detailView,
                             Rect(x: 20 + Double(index) * 120, y: 530, width: 110, height: 64), Style.groupedBackground, corners: 12)
            chip.modifiers = "fade translate(0, 40) delay(\(Double(8 + index * 4) / 100))"
            b.label("\(chip.name).value", in: chip, Rect(x: 0, y: 10, width: 110, height: 24),
                    ViewText(fact.value, size: 17, weight: .bold, alignment: .center))
            b.label("\(chip.name).caption", in: chip, Rect(x: 0, y: 36, width: 110, height: 18),
                    ViewText(fact.caption, size: 12, color: Style.secondaryText, alignment: .center))
        }
        b.label("detail.photos", in: detailView, Rect(x: 20, y: 610, width: 350, height: 26),
                ViewText("Photos", size: 20, weight: .bold))
        for (index, shade) in [0.55, 0.75, 0.9].enumerated() {
            let tint = featured.color
            b.box("detail.photo\(index + 1)", in: detailView,
                  Rect(x: 20 + Double(index) * 120, y: 644, width: 110, height: 78),
                  Color(red: tint.red * shade + (1 - shade), green: tint.green * shade + (1 - shade),
                        blue: tint.blue * shade + (1 - shade)), corners: 12)
        }
        let button = b.box("detail.button", in: detailView, Rect(x: 20, y: 742, width: 350, height: 52), featured.color, corners: 14)
        // Kept at the bottom edge when the screen is shown shorter (a half-height sheet), as an
        // app's layout keeps it.
        button.autoresizingMask = .flexibleTopMargin
        button.modifiers = "fade scale(0.8) delay(0.2) spring(0.6, 0)"
        b.label("detail.button.title", in: button, Rect(x: 0, y: 0, width: 350, height: 52),
                ViewText("Book a visit", size: 17, weight: .bold, color: .white, alignment: .center))
        return (home, ViewController(name: "detail", view: detailView))
    }

    // MARK: Building

    /// Adds views to the scene and remembers the labels' text.
    private final class Builder {
        let scene: Scene
        var labels: [String: ViewText] = [:]

        init(scene: Scene) { self.scene = scene }

        /// A plain coloured view added to `parent`.
        @discardableResult
        func box(_ name: String, in parent: View, _ frame: Rect, _ color: Color, corners: Double = 0) -> View {
            let view = scene.makeView(name: name, frame: frame)
            view.backgroundColor = color
            view.cornerRadius = corners
            parent.addSubview(view)
            return view
        }

        /// A clear view that shows `text`, as a UILabel.
        func label(_ name: String, in parent: View, _ frame: Rect, _ text: ViewText) {
            box(name, in: parent, frame, .clear)
            labels[name] = text
        }
    }

    // MARK: Content

    struct Destination {
        let title: String
        let subtitle: String
        let color: Color
    }

    static let destinations = [
        Destination(title: "Blue Lagoon", subtitle: "Iceland · 4 days", color: Color(red: 0.20, green: 0.47, blue: 0.96)),
        Destination(title: "Sahara Dunes", subtitle: "Morocco · 6 days", color: Color(red: 0.96, green: 0.55, blue: 0.18)),
        Destination(title: "Cloud Forest", subtitle: "Costa Rica · 5 days", color: Color(red: 0.30, green: 0.75, blue: 0.42)),
        Destination(title: "Cherry Blossoms", subtitle: "Japan · 7 days", color: Color(red: 0.85, green: 0.27, blue: 0.45)),
        Destination(title: "Northern Lights", subtitle: "Norway · 3 days", color: Color(red: 0.49, green: 0.34, blue: 0.86)),
        Destination(title: "Coral Reef", subtitle: "Australia · 8 days", color: Color(red: 0.10, green: 0.68, blue: 0.71)),
        Destination(title: "Vineyards", subtitle: "Tuscany · 4 days", color: Color(red: 0.75, green: 0.22, blue: 0.17)),
        Destination(title: "Salt Flats", subtitle: "Bolivia · 5 days", color: Color(red: 0.93, green: 0.76, blue: 0.15)),
    ]

    static let featuredDescription = [
        "Milky-blue geothermal water in a",
        "lava field on the Reykjanes",
        "peninsula, forty minutes from",
        "Reykjavík. Bathe in the warm",
        "lagoon, then walk the moss trails.",
    ]

    static let featuredFacts: [(value: String, caption: String)] = [
        ("4 days", "duration"), ("$890", "from"), ("4.8 ★", "rating"),
    ]

    enum Style {
        static let groupedBackground = Color(red: 0.95, green: 0.95, blue: 0.97)
        static let bar = Color(red: 0.98, green: 0.98, blue: 0.98)
        static let separator = Color(red: 0.78, green: 0.78, blue: 0.80)
        static let text = Color(red: 0.05, green: 0.05, blue: 0.06)
        static let secondaryText = Color(red: 0.54, green: 0.54, blue: 0.56)
        static let bodyText = Color(red: 0.23, green: 0.23, blue: 0.25)
        static let chevron = Color(red: 0.77, green: 0.77, blue: 0.78)
    }
}
