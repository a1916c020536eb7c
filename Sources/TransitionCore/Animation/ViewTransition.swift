/// The built-in animations of UIView.transition(from:to:duration:options:completion:): one
/// view takes another's place in its superview, flipping over or dissolving into it.
public enum ViewTransitionStyle: UInt32, CaseIterable, Sendable {
    case crossDissolve = 0
    case flipFromLeft = 1
    case flipFromRight = 2
    case flipFromTop = 3
    case flipFromBottom = 4

    public var name: String {
        switch self {
        case .crossDissolve: "cross dissolve"
        case .flipFromLeft: "flip from left"
        case .flipFromRight: "flip from right"
        case .flipFromTop: "flip from top"
        case .flipFromBottom: "flip from bottom"
        }
    }
}

/// Why a view transition was refused.
public enum ViewTransitionRefusal: Error, Equatable, Sendable {
    case fromHasNoSuperview
    case sameView
    /// `to` contains `from`'s superview: putting it there would make a view its own ancestor.
    case toContainsSuperview

    public var reason: String {
        switch self {
        case .fromHasNoSuperview: "the view to replace is in no superview"
        case .sameView: "from and to are the same view"
        case .toContainsSuperview: "the new view contains the old one's superview"
        }
    }
}

extension Scene {
    /// UIView.transition(from:to:duration:options:completion:). `to` is put just above `from`
    /// in `from`'s superview, at once; then, over `options` (duration, delay, curve; ease-in-out
    /// as UIKit's), `from` turns away or fades out while `to` turns or fades in. When it ends,
    /// `from` leaves its superview with its own alpha and 3D transform as they were, and `to`
    /// has its own; `completion` runs with `finished` as an animation's does. Run back to its
    /// start (a cancelled interactive transition), it ends the other way round: `to` leaves and
    /// `from` stays.
    ///
    /// One difference from UIKit, on purpose: UIKit turns the whole superview, other subviews
    /// and all, which is why its users wrap the two views in a container; here each of the two
    /// views turns about its own centre, which looks the same when they fill their superview
    /// and leaves the superview's other subviews still.
    ///
    /// A flip is one keyframe animation of the two views' 3D transforms: `from` turns edge-on
    /// in the first half, `to`, edge-on until then, turns to face the viewer in the second, with
    /// perspective at twice the view's size across the axis. A view edge-on covers nothing, so
    /// neither needs hiding at the midpoint, and the whole flip scrubs and reverses as one.
    public func transition(
        from: View, to: View, style: ViewTransitionStyle, options: AnimationOptions,
        completion: ((Bool) -> Void)? = nil
    ) -> ViewTransitionRefusal? {
        guard from !== to else { return .sameView }
        guard let container = from.superview else { return .fromHasNoSuperview }
        guard !container.isDescendant(of: to) else { return .toContainsSuperview }
        let index = container.subviews.firstIndex { $0 === from }! + 1
        // Moving `to` out of the same superview, from below `from`, shifts `from` down by one.
        let shift = to.superview === container && (container.subviews.firstIndex { $0 === to }! < index) ? 1 : 0
        container.insertSubview(to, at: index - shift)
        // The set-up below happens at once, even when the caller is inside an animations block.

        let fromAlpha = from.alpha, fromTurn = from.transform3D
        let toAlpha = to.alpha, toTurn = to.transform3D
        let ended: (Bool) -> Void = { [weak from, weak to] finished in
            guard let from, let to else { completion?(finished); return }
            // Run back (a cancelled transition): the animations put `to` at its start.
            let reversed = style == .crossDissolve ? to.alpha != toAlpha : to.transform3D != toTurn
            let leaving = reversed ? to : from
            leaving.removeFromSuperview()
            self.engine.performWithoutAnimation {
                from.alpha = fromAlpha
                from.transform3D = fromTurn
                to.alpha = toAlpha
                to.transform3D = toTurn
            }
            completion?(finished)
        }

        if style == .crossDissolve {
            engine.performWithoutAnimation { to.alpha = 0 }
            engine.animate(options, animations: {
                from.alpha = 0
                to.alpha = toAlpha
            }, completion: ended)
            return nil
        }
        let (axis, size, sign) = flipAxis(style, size: from.bounds.size)
        let perspective = Transform3D.perspective(distance: 2 * max(size, 1))
        func turned(_ base: Transform3D, by angle: Double) -> Transform3D {
            base.concatenating(.rotation(angle, x: axis.x, y: axis.y, z: 0)).concatenating(perspective)
        }
        engine.performWithoutAnimation { to.transform3D = turned(toTurn, by: -sign * .pi / 2) }
        engine.animateKeyframes(options, mode: .linear, animations: { recorder in
            recorder.addKeyframe(relativeStart: 0, relativeDuration: 0.5) {
                from.transform3D = turned(fromTurn, by: sign * .pi / 2)
            }
            recorder.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5) {
                to.transform3D = toTurn
            }
        }, completion: ended)
        return nil
    }

    /// The axis a flip turns about, the view's size across it, and the sense of the turn:
    /// from the left, the left edge comes towards the viewer; from the top, the top edge.
    private func flipAxis(_ style: ViewTransitionStyle, size: Size) -> (axis: (x: Double, y: Double), size: Double, sign: Double) {
        switch style {
        case .flipFromLeft: ((0, 1), size.width, 1)
        case .flipFromRight: ((0, 1), size.width, -1)
        case .flipFromTop: ((1, 0), size.height, -1)
        case .flipFromBottom, .crossDissolve: ((1, 0), size.height, 1)
        }
    }
}
