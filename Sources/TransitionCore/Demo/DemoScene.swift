/// The default scene of `host run`: a phone-sized window showing a list screen ("home")
/// that presents a detail screen ("detail").
public struct DemoScene {
    public static let windowSize = Size(width: 390, height: 844)

    public let scene: Scene
    public let home: ViewController
    public let detail: ViewController

    public init(framesPerSecond: Int = 60) {
        scene = Scene(windowSize: Self.windowSize, clock: VirtualClock(framesPerSecond: framesPerSecond))
        let bounds = Rect(origin: .zero, size: Self.windowSize)

        let homeView = scene.makeView(name: "home", frame: bounds)
        homeView.backgroundColor = Color(red: 0.96, green: 0.96, blue: 0.97)
        let navigationBar = scene.makeView(name: "home.navigationBar", frame: Rect(x: 0, y: 0, width: 390, height: 96))
        navigationBar.backgroundColor = .white
        homeView.addSubview(navigationBar)
        for row in 0..<4 {
            let cell = scene.makeView(name: "home.cell\(row + 1)", frame: Rect(x: 0, y: 104 + Double(row) * 88, width: 390, height: 80))
            cell.backgroundColor = .white
            let thumbnail = scene.makeView(name: "home.cell\(row + 1).thumbnail", frame: Rect(x: 16, y: 12, width: 56, height: 56))
            thumbnail.backgroundColor = Self.palette[row]
            thumbnail.cornerRadius = 8
            cell.addSubview(thumbnail)
            homeView.addSubview(cell)
        }
        scene.window.addSubview(homeView)
        home = ViewController(name: "home", view: homeView)

        let detailView = scene.makeView(name: "detail", frame: bounds)
        detailView.backgroundColor = .white
        let header = scene.makeView(name: "detail.header", frame: Rect(x: 0, y: 0, width: 390, height: 300))
        header.backgroundColor = Self.palette[0]
        detailView.addSubview(header)
        detail = ViewController(name: "detail", view: detailView)
    }

    static let palette = [
        Color(red: 0.20, green: 0.47, blue: 0.96), Color(red: 0.96, green: 0.55, blue: 0.18),
        Color(red: 0.30, green: 0.75, blue: 0.42), Color(red: 0.85, green: 0.27, blue: 0.45),
    ]
}
