/// Makes a live scene from a SceneDescription: a window, one view controller per screen
/// (with its view tree, shared ids and labels), the start screen on screen.
public struct BuiltScene {
    public let scene: Scene
    public let controllers: [String: ViewController]
    public let start: ViewController
    public let labels: [String: ViewText]
    public let description: SceneDescription

    public init(_ description: SceneDescription, framesPerSecond: Int = 60) {
        self.description = description
        scene = Scene(windowSize: description.windowSize, clock: VirtualClock(framesPerSecond: framesPerSecond))
        scene.chrome = description.chrome ? .phone : nil
        let bounds = Rect(origin: .zero, size: description.windowSize)
        var controllers: [String: ViewController] = [:]
        var labels: [String: ViewText] = [:]
        for screen in description.screens {
            let root = scene.makeView(name: screen.name, frame: bounds)
            root.backgroundColor = screen.color
            for node in screen.views { root.addSubview(Self.make(node, in: scene, labels: &labels)) }
            let controller = ViewController(name: screen.name, view: root)
            controller.tag = screen.tag
            controllers[screen.name] = controller
        }
        self.controllers = controllers
        self.labels = labels
        start = controllers[description.start]!
        scene.window.addSubview(start.view)
    }

    private static func make(_ node: SceneDescription.ViewNode, in scene: Scene, labels: inout [String: ViewText]) -> View {
        let view = scene.makeView(name: node.name, frame: node.frame)
        view.backgroundColor = node.color
        view.cornerRadius = node.cornerRadius
        view.alpha = node.alpha
        view.sharedID = node.sharedID
        view.modifiers = node.modifiers
        view.contents = node.contents
        let layer = node.layer
        view.maskedCorners = layer.maskedCorners
        view.clipsToBounds = layer.clipsToBounds
        view.borderWidth = layer.borderWidth
        view.borderColor = layer.borderColor
        view.shadowColor = layer.shadowColor
        view.shadowOpacity = layer.shadowOpacity
        view.shadowRadius = layer.shadowRadius
        view.shadowOffset = layer.shadowOffset
        view.cornerCurve = layer.cornerCurve
        view.zPosition = layer.zPosition
        view.isDoubleSided = layer.isDoubleSided
        view.mask = layer.mask
        view.blur = layer.blur
        view.shadowPath = layer.shadowPath
        view.autoresizingMask = layer.autoresizing
        if layer.anchorPoint != view.anchorPoint {
            // The frame the file gives stays: the anchor point moves the centre to it.
            view.anchorPoint = layer.anchorPoint
            view.frame = node.frame
        }
        if let text = node.text {
            labels[node.name] = ViewText(text, size: min(34, max(11, node.frame.size.height * 0.6)))
        }
        for child in node.children { view.addSubview(make(child, in: scene, labels: &labels)) }
        return view
    }
}
