import Testing
@testable import TransitionCore

/// The device's status bar and home indicator, drawn once by the host above every screen
/// (DeviceChrome), tinted for what lies under them; screens carry none of their own.
@Suite("Device chrome")
struct DeviceChromeTests {
    let chromeNames = ["statusBar.time", "statusBar.signal1", "statusBar.signal2", "statusBar.signal3", "statusBar.signal4",
                       "statusBar.battery", "homeIndicator"]

    @Test("one status bar and one home indicator, drawn last, above every screen; no screen draws its own")
    func drawnOnceOnTop() {
        let demo = DemoScene()
        demo.scene.window.addSubview(demo.detail.view)  // both screens on screen, as mid-transition
        let snapshot = SceneSnapshot.capture(demo.scene, labels: demo.labels)
        #expect(Array(snapshot.layers.suffix(7).map(\.name)) == chromeNames)
        #expect(snapshot.layers.filter { $0.name.contains("statusBar") || $0.name.contains("homeIndicator") }.count == 7)
        #expect(!demo.scene.views.contains { $0.name.contains("statusBar") || $0.name.contains("homeIndicator") })
        #expect(snapshot.chrome == .phone)
        // Its time is the label a status bar shows, centred in the 47-point bar.
        let time = snapshot.layers[snapshot.layers.count - 7]
        #expect(time.text?.string == "9:41" && time.transform.ty == 12.5 && time.depth == 1)
        let indicator = snapshot.layers.last!
        #expect(indicator.transform.tx == 128 && indicator.transform.ty == 831 && indicator.size == Size(width: 134, height: 5))
    }

    @Test("tinted for what lies under it: dark over the light list, white over the detail's blue header")
    func tint() {
        let demo = DemoScene()
        let onHome = SceneSnapshot.capture(demo.scene, labels: demo.labels)
        #expect(onHome.layers.last { $0.name == "statusBar.battery" }?.color == DeviceChrome.darkTint)
        demo.scene.window.addSubview(demo.detail.view)
        let onDetail = SceneSnapshot.capture(demo.scene, labels: demo.labels)
        #expect(onDetail.layers.last { $0.name == "statusBar.battery" }?.color == .white)
        #expect(onDetail.layers.last { $0.name == "statusBar.time" }?.text?.color == .white)
        // The home indicator follows what is under it, the detail's white page: dark.
        #expect(onDetail.layers.last?.color == DeviceChrome.darkTint)
        // Half faded in, the blue header over the light list composes to a light enough grey-blue:
        // the tint follows the composed colour, not the topmost view alone.
        demo.detail.view.alpha = 0.2
        let faint = SceneSnapshot.capture(demo.scene, labels: demo.labels)
        #expect(faint.layers.last { $0.name == "statusBar.battery" }?.color == DeviceChrome.darkTint)
    }

    @Test("the safe area is the status bar's height above and the home indicator's inset below")
    func safeArea() {
        #expect(DeviceChrome.phone.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    }

    @Test("a scene file has the chrome unless it says \"chrome\": false; a bare window has none")
    func sceneFiles() throws {
        let text = #"{"screens": [{"name": "a"}, {"name": "b"}], "segues": [{"name": "go", "from": "a", "to": "b"}]}"#
        let withChrome = BuiltScene(try SceneDescription(parsing: text))
        #expect(SceneSnapshot.capture(withChrome.scene).layers.last?.name == "homeIndicator")
        let bare = BuiltScene(try SceneDescription(parsing: text.replacingOccurrences(of: #"{"screens""#, with: #"{"chrome": false, "screens""#)))
        #expect(bare.scene.chrome == nil && SceneSnapshot.capture(bare.scene).layers.allSatisfy { $0.viewID > 0 })
        #expect(throws: SceneDescription.Failure.self) { try SceneDescription(parsing: #"{"chrome": 3, "screens": [{"name": "a"}]}"#) }
    }
}
