import CTransitionABI
import TransitionCore

/// Opaque handles for the objects a plugin may name, checked on every use.
///
/// A handle is tag (8 bits) · scene generation (24 bits) · index (32 bits). The tag catches a
/// view handle passed as a context, the generation catches a handle kept from an earlier scene
/// (a foreign handle), the index is checked against the table (a forged handle), and a context
/// handle is refused once its transition has ended (a stale handle). Zero is never issued.
package struct HandleTable {
    enum Tag: UInt64 { case view = 1, viewController = 2, context = 3, propertyAnimator = 4 }

    private(set) var scene: Scene?
    private(set) var generation: UInt64 = 0
    private var controllers: [ViewController] = []
    private var contexts: [TransitionContext] = []
    /// Property animators (ABI 1.1) made for this scene; they live as long as it does.
    private var propertyAnimators: [PropertyAnimator] = []

    /// Starts issuing handles for `scene`; every handle of the previous scene goes stale.
    package mutating func use(_ scene: Scene) {
        guard self.scene !== scene else { return }
        self.scene = scene
        generation = (generation + 1) & 0xff_ffff
        if generation == 0 { generation = 1 }
        controllers = []
        contexts = []
        propertyAnimators = []
    }

    private func make(_ tag: Tag, _ index: Int) -> UInt64 {
        tag.rawValue << 56 | generation << 32 | UInt64(UInt32(truncatingIfNeeded: index))
    }

    /// The index of a handle of this tag and generation, or nil.
    private func index(_ raw: UInt64, _ tag: Tag) -> Int? {
        guard scene != nil, raw >> 56 == tag.rawValue, (raw >> 32) & 0xff_ffff == generation else { return nil }
        return Int(raw & 0xffff_ffff)
    }

    package func handle(_ view: View?) -> th_view {
        guard let view, view.scene === scene else { return th_view(id: 0) }
        return th_view(id: make(.view, view.id))
    }

    package func view(_ h: th_view) -> View? {
        guard let i = index(h.id, .view) else { return nil }
        return scene?.view(withID: i)
    }

    package mutating func handle(_ vc: ViewController) -> th_view_controller {
        if let i = controllers.firstIndex(where: { $0 === vc }) { return th_view_controller(id: make(.viewController, i + 1)) }
        controllers.append(vc)
        return th_view_controller(id: make(.viewController, controllers.count))
    }

    package func viewController(_ h: th_view_controller) -> ViewController? {
        guard let i = index(h.id, .viewController), i >= 1, i <= controllers.count else { return nil }
        return controllers[i - 1]
    }

    package mutating func handle(_ context: TransitionContext) -> th_context {
        if let i = contexts.firstIndex(where: { $0 === context }) { return th_context(id: make(.context, i + 1)) }
        contexts.append(context)
        return th_context(id: make(.context, contexts.count))
    }

    /// The context, while its transition has not ended.
    package func context(_ h: th_context) -> TransitionContext? {
        guard let i = index(h.id, .context), i >= 1, i <= contexts.count else { return nil }
        let c = contexts[i - 1]
        return c.isEnded ? nil : c
    }

    package mutating func handle(_ animator: PropertyAnimator) -> th_property_animator {
        if let i = propertyAnimators.firstIndex(where: { $0 === animator }) { return th_property_animator(id: make(.propertyAnimator, i + 1)) }
        propertyAnimators.append(animator)
        return th_property_animator(id: make(.propertyAnimator, propertyAnimators.count))
    }

    package func propertyAnimator(_ h: th_property_animator) -> PropertyAnimator? {
        guard let i = index(h.id, .propertyAnimator), i >= 1, i <= propertyAnimators.count else { return nil }
        return propertyAnimators[i - 1]
    }

    /// True when `h` named a context of this scene whose transition has ended: a handle the
    /// plugin kept past animation_ended, rather than a forged or foreign one.
    func isEndedContext(_ h: th_context) -> Bool {
        guard let i = index(h.id, .context), i >= 1, i <= contexts.count else { return false }
        return contexts[i - 1].isEnded
    }
}
