import CTransitionABI
import TransitionCore

/// Builds the th_host_api table. Every function checks its thread, its handles and its
/// pointers before touching anything, and answers with a status code instead of trapping:
/// nothing a plugin passes can crash the host through this table.
package enum HostAPITable {
    /// The one table of the process: trampolines into the calling thread's runtime, so it
    /// holds no state; allocated once and never freed (plugins keep the pointer).
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_api> = {
        let pointer = UnsafeMutablePointer<th_host_api>.allocate(capacity: 1)
        pointer.initialize(to: make())
        return pointer
    }()

    package static func make() -> th_host_api {
        var t = th_host_api()
        t.struct_size = UInt32(MemoryLayout<th_host_api>.size)
        t.abi_major = UInt16(TH_ABI_MAJOR)
        t.abi_minor = UInt16(TH_ABI_MINOR)

        // Transition context.
        t.container_view = { ctx, out in query(ctx, out) { b, c in b.handles.handle(c.containerView) } }
        t.view_controller = { ctx, key, out in
            api { b in
                guard let out, let key = TransitionContext.Key(rawValue: key) else { return Status.badArgument }
                guard let c = b.context(ctx) else { return Status.badHandle }
                out.pointee = b.handles.handle(c.viewController(forKey: key))
                return Status.ok
            }
        }
        t.view = { ctx, key, out in
            api { b in
                guard let out, let key = TransitionContext.Key(rawValue: key) else { return Status.badArgument }
                guard let c = b.context(ctx) else { return Status.badHandle }
                out.pointee = b.handles.handle(c.view(forKey: key))
                return Status.ok
            }
        }
        t.initial_frame = { ctx, vc, out in frame(ctx, vc, out) { c, v in c.initialFrame(for: v) } }
        t.final_frame = { ctx, vc, out in frame(ctx, vc, out) { c, v in c.finalFrame(for: v) } }
        t.is_animated = { ctx, out in query(ctx, out) { _, c in c.isAnimated } }
        t.is_interactive = { ctx, out in query(ctx, out) { _, c in c.isInteractive } }
        t.transition_was_cancelled = { ctx, out in query(ctx, out) { _, c in c.transitionWasCancelled } }
        t.percent_complete = { ctx, out in query(ctx, out) { _, c in c.isInteractive ? c.percentComplete : 0 } }
        t.completion_velocity = { ctx, out in query(ctx, out) { _, c in c.completionVelocity } }
        t.completion_curve = { ctx, out in
            query(ctx, out) { _, c in
                UInt32(AnimationOptionsCheck.standardCurves.first { $0.value == c.completionCurve }?.key ?? Int(TH_CURVE_EASE_IN_OUT))
            }
        }
        t.presentation_style = { ctx, out in query(ctx, out) { _, c in c.presentationStyle.rawValue } }
        t.transition_kind = { ctx, out in query(ctx, out) { _, c in c.kind.rawValue } }
        t.complete_transition = { ctx, ok in
            api { b in
                guard let c = b.handles.context(ctx) else {
                    b.reportMisuse("complete_transition with a stale or unknown context; ignored")
                    return Status.badHandle
                }
                return c.completeTransition(ok) ? Status.ok : Status.badState
            }
        }

        // Coordinator.
        t.animate_alongside = { ctx, animation, completion, user in
            api { b in
                guard animation != nil || completion != nil else { return Status.badArgument }
                guard let c = b.context(ctx) else { return Status.badHandle }
                let plugin = b.currentPlugin
                let accepted = c.animateAlongside(
                    animation.map { f in { c in b.calling(plugin: plugin, doing: "an animate_alongside animation") { f(user, b.handles.handle(c)) } } },
                    completion: completion.map { f in { c in b.calling(plugin: plugin, doing: "an animate_alongside completion") { f(user, b.handles.handle(c)) } } })
                return accepted ? Status.ok : Status.badState
            }
        }
        t.transition_duration = { ctx, out in query(ctx, out) { _, c in c.transitionDuration } }

        // Views.
        t.view_of_controller = { vc, out in
            api { b in
                guard let out else { return Status.badArgument }
                guard let v = b.handles.viewController(vc) else { return Status.badHandle }
                out.pointee = b.handles.handle(v.view)
                return Status.ok
            }
        }
        t.create_view = { name, frame, out in
            api { b in
                guard let out, frame.rect.isValid else { return Status.badArgument }
                guard let scene = b.handles.scene else { return Status.badState }
                let label: String
                switch DescriptorReader.string(name, limit: 256) {
                // Shown in reports and traces: control characters are kept visible, never raw.
                case .success(let s?): label = VisibleText.escape(s)
                case .success(nil): label = "\(b.currentPlugin) view"
                case .failure: return Status.badArgument
                }
                guard b.mayMakeView() else { return Status.badState }
                out.pointee = b.handles.handle(scene.makeView(name: label, frame: frame.rect))
                return Status.ok
            }
        }
        t.snapshot_view = { view, out in
            api { b in
                guard let out else { return Status.badArgument }
                guard let v = b.handles.view(view) else { return Status.badHandle }
                guard b.mayMakeView() else { return Status.badState }
                out.pointee = b.handles.handle(v.scene.snapshot(of: v))
                return Status.ok
            }
        }
        t.add_subview = { parent, child in
            api { b in
                guard let p = b.handles.view(parent), let c = b.handles.view(child) else { return Status.badHandle }
                return p.addSubview(c) ? Status.ok : Status.badState
            }
        }
        t.insert_subview_below = { parent, child, sibling in
            api { b in
                guard let p = b.handles.view(parent), let c = b.handles.view(child), let s = b.handles.view(sibling)
                else { return Status.badHandle }
                return p.insertSubview(c, below: s) ? Status.ok : Status.badState
            }
        }
        t.remove_from_superview = { view in
            api { b in
                guard let v = b.handles.view(view) else { return Status.badHandle }
                v.removeFromSuperview()
                return Status.ok
            }
        }
        t.superview = { view, out in
            api { b in
                guard let out else { return Status.badArgument }
                guard let v = b.handles.view(view) else { return Status.badHandle }
                out.pointee = b.handles.handle(v.superview)
                return Status.ok
            }
        }
        t.convert_rect = { rect, from, to, out in
            api { b in
                guard let out, rect.rect.isValid else { return Status.badArgument }
                guard let f = b.handles.view(from), let d = b.handles.view(to) else { return Status.badHandle }
                guard let converted = f.convert(rect.rect, to: d) else { return Status.badState }
                out.pointee = th_rect(converted)
                return Status.ok
            }
        }

        // Properties.
        t.get_frame = { v, out in get(v, out) { th_rect($0.frame) } }
        t.set_frame = { v, r in set(v, valid: r.rect.isValid, "set_frame", "a frame is finite, its size >= 0") { $0.frame = r.rect } }
        t.get_bounds = { v, out in get(v, out) { th_rect($0.bounds) } }
        t.set_bounds = { v, r in set(v, valid: r.rect.isValid, "set_bounds", "bounds are finite, their size >= 0") { $0.bounds = r.rect } }
        t.get_center = { v, out in get(v, out) { th_point($0.center) } }
        t.set_center = { v, p in set(v, valid: p.x.isFinite && p.y.isFinite, "set_center", "a centre is finite") { $0.center = p.point } }
        t.get_alpha = { v, out in get(v, out) { $0.alpha } }
        t.set_alpha = { v, a in set(v, valid: a.isFinite, "set_alpha", "alpha is a finite number") { $0.alpha = a } }
        t.get_hidden = { v, out in get(v, out) { $0.isHidden } }
        t.set_hidden = { v, h in set(v, valid: true) { $0.isHidden = h } }
        t.get_transform = { v, out in get(v, out) { th_affine($0.transform) } }
        t.set_transform = { v, m in set(v, valid: m.transform.isValid, "set_transform", "a transform is finite") { $0.transform = m.transform } }
        t.get_background_color = { v, out in get(v, out) { th_color($0.backgroundColor) } }
        t.set_background_color = { v, c in
            set(v, valid: c.color.isValid, "set_background_color", "colour components are in [0, 1]") { $0.backgroundColor = c.color }
        }
        t.get_corner_radius = { v, out in get(v, out) { $0.cornerRadius } }
        t.set_corner_radius = { v, r in set(v, valid: r.isFinite && r >= 0, "set_corner_radius", "a radius is finite and >= 0") { $0.cornerRadius = r } }

        // ABI 1.1: layer properties.
        t.get_clips_to_bounds = { v, out in get(v, out) { $0.clipsToBounds } }
        t.set_clips_to_bounds = { v, clips in set(v, valid: true) { $0.clipsToBounds = clips } }
        t.get_double_sided = { v, out in get(v, out) { $0.isDoubleSided } }
        t.set_double_sided = { v, sided in set(v, valid: true) { $0.isDoubleSided = sided } }
        t.get_z_position = { v, out in get(v, out) { $0.zPosition } }
        t.set_z_position = { v, z in set(v, valid: z.isFinite, "set_z_position", "a z position is a finite number") { $0.zPosition = z } }
        t.get_corner_curve = { v, out in get(v, out) { $0.cornerCurve.rawValue } }
        t.set_corner_curve = { v, curve in
            set(v, valid: CornerCurve(rawValue: curve) != nil, "set_corner_curve", "a curve is TH_CORNER_CURVE_CIRCULAR or _CONTINUOUS") {
                $0.cornerCurve = CornerCurve(rawValue: curve)!
            }
        }
        t.set_gradient = { v, kind, start, end, count, stops in setGradient(v, kind, start, end, count, stops) }
        t.get_mask = { v, kind, rect, radius in getShape(v, kind, rect, radius) { $0.mask } }
        t.set_mask = { v, kind, rect, radius in setShape(v, kind, rect, radius, "set_mask") { $0.mask = $1 } }
        t.set_mask_path = { v, count, elements in setMaskPath(v, count, elements) }
        t.get_autoresizing_mask = { v, out in get(v, out) { $0.autoresizingMask.rawValue } }
        t.set_autoresizing_mask = { v, mask in
            set(v, valid: mask & ~TH_AUTORESIZE_ALL == 0, "set_autoresizing_mask", "a mask has only TH_AUTORESIZE_* bits") {
                $0.autoresizingMask = AutoresizingMask(rawValue: mask)
            }
        }
        t.get_sublayer_transform = { v, out in get(v, out) { th_transform3d($0.sublayerTransform) } }
        t.set_sublayer_transform = { v, m in
            let t = m.transform
            return set(v, valid: t.isFinite && t[3, 3] != 0, "set_sublayer_transform", "every entry is finite and m44 is not 0") {
                $0.sublayerTransform = t
            }
        }
        t.get_shadow_path = { v, kind, rect, radius in getShape(v, kind, rect, radius) { $0.shadowPath } }
        t.set_shadow_path = { v, kind, rect, radius in setShape(v, kind, rect, radius, "set_shadow_path") { $0.shadowPath = $1 } }
        t.get_blur = { v, kind, radius in
            api { b in
                guard let kind, let radius else { return Status.badArgument }
                guard let view = b.handles.view(v) else { return Status.badHandle }
                let blur = view.blur
                kind.pointee = blur.kind.rawValue
                radius.pointee = blur.radius
                return Status.ok
            }
        }
        t.set_blur = { v, kind, radius in
            let style = BlurEffect.Kind(rawValue: kind)
            let valid = style != nil && radius.isFinite && radius >= 0 && radius <= BlurEffect.maxRadius
            return set(v, valid: valid, "set_blur", "a kind is TH_BLUR_*, a radius finite, >= 0 and <= TH_MAX_BLUR_RADIUS") {
                $0.blur = BlurEffect(kind: style!, radius: radius)
            }
        }
        t.get_anchor_point = { v, out in get(v, out) { th_point($0.anchorPoint) } }
        t.set_anchor_point = { v, p in
            set(v, valid: p.x.isFinite && p.y.isFinite, "set_anchor_point", "an anchor point is finite") { $0.anchorPoint = p.point }
        }
        t.get_masked_corners = { v, out in get(v, out) { $0.maskedCorners.rawValue } }
        t.set_masked_corners = { v, corners in
            set(v, valid: corners & ~UInt32(TH_CORNER_ALL) == 0, "set_masked_corners", "corners are TH_CORNER_* bits") {
                $0.maskedCorners = CornerMask(rawValue: corners)
            }
        }
        t.get_border_width = { v, out in get(v, out) { $0.borderWidth } }
        t.set_border_width = { v, w in set(v, valid: w.isFinite && w >= 0, "set_border_width", "a width is finite and >= 0") { $0.borderWidth = w } }
        t.get_border_color = { v, out in get(v, out) { th_color($0.borderColor) } }
        t.set_border_color = { v, c in
            set(v, valid: c.color.isValid, "set_border_color", "colour components are in [0, 1]") { $0.borderColor = c.color }
        }
        t.get_shadow_color = { v, out in get(v, out) { th_color($0.shadowColor) } }
        t.set_shadow_color = { v, c in
            set(v, valid: c.color.isValid, "set_shadow_color", "colour components are in [0, 1]") { $0.shadowColor = c.color }
        }
        t.get_shadow_opacity = { v, out in get(v, out) { $0.shadowOpacity } }
        t.set_shadow_opacity = { v, o in set(v, valid: o.isFinite, "set_shadow_opacity", "an opacity is a finite number") { $0.shadowOpacity = o } }
        t.get_shadow_radius = { v, out in get(v, out) { $0.shadowRadius } }
        t.set_shadow_radius = { v, r in set(v, valid: r.isFinite && r >= 0, "set_shadow_radius", "a radius is finite and >= 0") { $0.shadowRadius = r } }
        t.get_transform3d = { v, out in get(v, out) { th_transform3d($0.transform3D) } }
        t.set_transform3d = { v, m in
            let t = m.transform
            return set(v, valid: t.isFinite && t[3, 3] != 0, "set_transform3d", "every entry is finite and m44 is not 0") {
                $0.transform3D = t
            }
        }
        // ABI 1.1: snapshots before or after screen updates, resizable ones.
        t.snapshot_view_after_updates = { view, after, out in
            api { b in
                guard let out else { return Status.badArgument }
                guard let v = b.handles.view(view) else { return Status.badHandle }
                guard b.mayMakeView() else { return Status.badState }
                out.pointee = b.handles.handle(v.scene.snapshot(of: v, afterScreenUpdates: after))
                return Status.ok
            }
        }
        t.resizable_snapshot_view = { view, rect, after, insets, out in
            api { b in
                guard let out else { return Status.badArgument }
                guard let v = b.handles.view(view) else { return Status.badHandle }
                let r = rect.rect
                let caps = [insets.top, insets.left, insets.bottom, insets.right]
                guard r.isValid else {
                    b.reportMisuse("resizable_snapshot_view: a rect is finite, its width and height >= 0; refused")
                    return Status.badArgument
                }
                guard caps.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                    b.reportMisuse("resizable_snapshot_view: cap insets are finite and >= 0; refused")
                    return Status.badArgument
                }
                guard b.mayMakeView() else { return Status.badState }
                let shot = v.scene.resizableSnapshot(
                    of: v, rect: r, afterScreenUpdates: after,
                    capInsets: EdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
                out.pointee = b.handles.handle(shot)
                return Status.ok
            }
        }
        t.get_shadow_offset = { v, out in get(v, out) { th_point(x: $0.shadowOffset.width, y: $0.shadowOffset.height) } }
        t.set_shadow_offset = { v, p in
            set(v, valid: p.x.isFinite && p.y.isFinite, "set_shadow_offset", "an offset is finite") {
                $0.shadowOffset = Size(width: p.x, height: p.y)
            }
        }

        // Animation.
        t.animate = { options, animations, completion, user in
            api { b in
                guard let options, let animations, let parsed = HostAPITable.animationOptions(options.declared) else {
                    let why = AnimationOptionsCheck.problem(options, animations: animations) ?? "invalid arguments"
                    b.reportMisuse("animate: \(why); nothing ran")
                    return Status.badArgument
                }
                return HostAPITable.startAnimation(parsed, animations, completion, user, b)
            }
        }

        // Logging and extensions.
        t.log = { level, message in
            // A line past the run's limit is counted before anything of it is read.
            guard let runtime = HostRuntime.current, let message, runtime.keepsAnotherLogLine() else { return }
            runtime.log(level: level, message: HostRuntime.logText(message))
        }
        t.get_extension = { id in
            guard HostRuntime.current != nil, case .success(let name?) = DescriptorReader.string(id, limit: 128)
            else { return nil }
            switch name {
            case TH_EXT_HOST_CURVES: return UnsafeRawPointer(HostCurves.table)
            case TH_EXT_HOST_KEYFRAMES: return UnsafeRawPointer(HostKeyframes.table)
            case TH_EXT_HOST_SHARED_ELEMENTS: return UnsafeRawPointer(HostSharedElements.table)
            case TH_EXT_HOST_PROPERTY_ANIMATORS: return UnsafeRawPointer(HostPropertyAnimators.table)
            case TH_EXT_HOST_VIEW_TRANSITIONS: return UnsafeRawPointer(HostViewTransitions.table)
            default: return nil
            }
        }
        // ABI 1.1: the interactive part of the context.
        t.update_interactive_transition = { ctx, percent in
            interactive(ctx, "update_interactive_transition") { driver, _ in
                guard percent.isFinite else { return Status.badArgument }
                driver.update(percent)
                return Status.ok
            }
        }
        t.finish_interactive_transition = { ctx in interactive(ctx, "finish_interactive_transition") { d, _ in d.finish(); return Status.ok } }
        t.cancel_interactive_transition = { ctx in interactive(ctx, "cancel_interactive_transition") { d, _ in d.cancel(); return Status.ok } }
        t.pause_interactive_transition = { ctx in interactive(ctx, "pause_interactive_transition") { d, _ in d.pause(); return Status.ok } }
        t.notify_when_interaction_changes = { ctx, handler, user in
            api { b in
                guard let handler else { return Status.badArgument }
                guard let c = b.context(ctx) else { return Status.badHandle }
                guard c.isInteractive else {
                    b.reportMisuse("notify_when_interaction_changes for a transition that is not interactive; ignored")
                    return Status.badState
                }
                let plugin = b.currentPlugin
                c.notifyWhenInteractionChanges { c in
                    b.calling(plugin: plugin, doing: "a notify_when_interaction_changes handler") { handler(user, b.handles.handle(c)) }
                }
                return Status.ok
            }
        }
        return t
    }

    /// Starts a UIView-style animation for a plugin: its callbacks are attributed to it.
    package static func startAnimation(
        _ options: AnimationOptions, _ animations: th_animations_fn, _ completion: th_completion_fn?,
        _ user: UnsafeMutableRawPointer?, _ b: HostRuntime
    ) -> th_status {
        guard let scene = b.handles.scene else { return Status.badState }
        let plugin = b.currentPlugin
        scene.engine.animate(
            options,
            animations: { b.calling(plugin: plugin, doing: "the animations callback of animate") { animations(user) } },
            completion: completion.map { f in { finished in b.calling(plugin: plugin, doing: "the completion callback of animate") { f(user, finished) } } })
        return Status.ok
    }

    /// th_animation_options as AnimationOptions, or nil when any field is out of its range
    /// (AnimationOptionsCheck says which).
    static func animationOptions(_ o: th_animation_options, ignoringCurve: Bool = false) -> AnimationOptions? {
        try? AnimationOptionsCheck.read(o, ignoringCurve: ignoringCurve).get()
    }
}

// Helpers of the table's functions. They live at file scope because a C function pointer
// cannot be formed from a closure that captures anything, not even a type.

/// Runs `body` with the calling thread's runtime: a thread inside no call into a plugin has
/// none, and is refused (the header's thread rule); a call past the bound of one call into a
/// plugin (HostRuntime.hostCallsPerPluginCall) is refused too.
@inline(__always)
package func api(_ body: (HostRuntime) -> th_status) -> th_status {
    guard let runtime = HostRuntime.current else { return Status.wrongThread }
    guard runtime.mayCallHost() else { return Status.badState }
    return body(runtime)
}

/// For functions that read a context and write one value.
private func query<T>(_ ctx: th_context, _ out: UnsafeMutablePointer<T>?, _ read: (HostRuntime, TransitionContext) -> T) -> th_status {
    api { b in
        guard let out else { return Status.badArgument }
        guard let c = b.context(ctx) else { return Status.badHandle }
        out.pointee = read(b, c)
        return Status.ok
    }
}

/// For the interactive functions: a live context whose transition is interactive now.
private func interactive(
    _ ctx: th_context, _ name: String, _ body: (InteractiveDriving, TransitionContext) -> th_status
) -> th_status {
    api { b in
        guard let c = b.context(ctx) else { return Status.badHandle }
        guard c.isInteractive, let driver = c.interactiveDriver else {
            b.reportMisuse("\(name) for a transition that is not interactive (any more); ignored")
            return Status.badState
        }
        return body(driver, c)
    }
}

/// For getters of a view property.
private func get<T>(_ v: th_view, _ out: UnsafeMutablePointer<T>?, _ read: (View) -> T) -> th_status {
    api { b in
        guard let out else { return Status.badArgument }
        guard let view = b.handles.view(v) else { return Status.badHandle }
        out.pointee = read(view)
        return Status.ok
    }
}

/// For setters of a view property; `valid` refuses NaN and the like. A refusal is reported
/// as misuse, naming the function and the rule it broke, so that `host validate` sees it.
private func set(_ v: th_view, valid: Bool, _ name: StaticString = "", _ rule: StaticString = "", _ write: (View) -> Void) -> th_status {
    api { b in
        guard let view = b.handles.view(v) else { return Status.badHandle }
        guard valid else {
            b.reportMisuse("\(name): \(rule); the value was refused")
            return Status.badArgument
        }
        write(view)
        return Status.ok
    }
}

/// get_mask and get_shadow_path: the kind, rectangle and radius of the shape `read` gives.
private func getShape(_ v: th_view, _ kind: UnsafeMutablePointer<UInt32>?, _ rect: UnsafeMutablePointer<th_rect>?,
                      _ radius: UnsafeMutablePointer<Double>?, _ read: (View) -> MaskShape) -> th_status {
    api { b in
        guard let kind, let rect, let radius else { return Status.badArgument }
        guard let view = b.handles.view(v) else { return Status.badHandle }
        let shape = read(view)
        kind.pointee = shape.kind.rawValue
        rect.pointee = th_rect(shape.rect)
        radius.pointee = shape.cornerRadius
        return Status.ok
    }
}

/// set_mask and set_shadow_path: a rounded rectangle, an ellipse or none, checked, given to
/// `write` (a path has a call of its own, set_mask_path).
private func setShape(_ v: th_view, _ kind: UInt32, _ rect: th_rect, _ radius: Double, _ name: StaticString,
                      _ write: (View, MaskShape) -> Void) -> th_status {
    let shape = MaskShape.Kind(rawValue: kind)
    let r = rect.rect
    let valid = shape != nil && shape != .path && r.isValid && radius.isFinite && radius >= 0
    return set(v, valid: valid, name,
               "a kind is TH_MASK_NONE, _ROUNDED_RECT or _ELLIPSE (a mask's path goes through set_mask_path), a rectangle finite with a size >= 0, a radius finite and >= 0") {
        write($0, MaskShape(kind: shape!, rect: r, cornerRadius: radius))
    }
}

/// set_mask_path: the view's mask becomes a path of its own. The count is checked before a
/// single element is read.
private func setMaskPath(_ v: th_view, _ count: UInt32, _ elements: UnsafePointer<th_path_element>?) -> th_status {
    api { b in
        guard let view = b.handles.view(v) else { return Status.badHandle }
        switch readPath(count, elements) {
        case .failure(let refusal):
            b.reportMisuse("set_mask_path: \(refusal.rule); the path was refused")
            return Status.badArgument
        case .success(let path):
            // Inside an animation block a path of the shape on screen morphs from it, point by
            // point; outside one it applies at once all the same.
            let shown = view.presentation.mask
            let from = shown.kind == .path && MaskShape.canMorph(shown.elements, path) ? shown.elements : nil
            view.mask = MaskShape(path: path, morphingFrom: from)
            return Status.ok
        }
    }
}

/// Why a path a plugin passed was refused: the rule it broke.
struct PathRefusal: Error { let rule: String }

/// The `count` elements at `elements`, checked as the header says (set_mask_path,
/// add_keyframe_path): the count before a single element is read, then each kind, the first
/// move and every point.
func readPath(_ count: UInt32, _ elements: UnsafePointer<th_path_element>?) -> Result<[PathElement], PathRefusal> {
    guard (1...UInt32(TH_MAX_PATH_ELEMENTS)).contains(count) else {
        return .failure(PathRefusal(rule: "a path has from 1 to \(TH_MAX_PATH_ELEMENTS) elements, not \(count)"))
    }
    guard let elements else { return .failure(PathRefusal(rule: "elements is NULL")) }
    var path: [PathElement] = []
    for i in 0..<Int(count) {
        let e = elements[i]
        guard let kind = PathElement.Kind(rawValue: e.kind) else {
            return .failure(PathRefusal(rule: "element \(i)'s kind is \(e.kind), not a TH_PATH_* value"))
        }
        let points = [e.points.0, e.points.1, e.points.2].prefix(PathElement.pointCount(kind)).map(\.point)
        path.append(PathElement(kind, Array(points)))
    }
    if let problem = PathElement.problem(path) { return .failure(PathRefusal(rule: problem)) }
    return .success(path)
}

/// set_gradient: the view's contents become the gradient (CAGradientLayer), or lose it.
private func setGradient(
    _ v: th_view, _ kind: UInt32, _ start: th_point, _ end: th_point, _ count: UInt32, _ stops: UnsafePointer<th_gradient_stop>?
) -> th_status {
    api { b in
        guard let view = b.handles.view(v) else { return Status.badHandle }
        func refuse(_ rule: String) -> th_status {
            b.reportMisuse("set_gradient: \(rule); the gradient was refused")
            return Status.badArgument
        }
        let kinds: [UInt32: Gradient.Kind] = [UInt32(TH_GRADIENT_AXIAL): .axial, UInt32(TH_GRADIENT_RADIAL): .radial]
        if kind == UInt32(TH_GRADIENT_NONE) {
            if case .gradient = view.contents { view.contents = nil }
            return Status.ok
        }
        guard let gradientKind = kinds[kind] else { return refuse("a kind is TH_GRADIENT_NONE, _AXIAL or _RADIAL") }
        guard (2...UInt32(TH_MAX_GRADIENT_STOPS)).contains(count) else {
            return refuse("a gradient has from 2 to \(TH_MAX_GRADIENT_STOPS) stops, not \(count)")
        }
        guard let stops else { return refuse("stops is NULL") }
        let gradient = Gradient(
            kind: gradientKind, stops: (0..<Int(count)).map { Gradient.Stop(color: stops[$0].color.color, location: stops[$0].location) },
            startPoint: start.point, endPoint: end.point)
        if let problem = gradient.problem { return refuse(problem) }
        view.contents = .gradient(gradient)
        return Status.ok
    }
}

private func frame(
    _ ctx: th_context, _ vc: th_view_controller, _ out: UnsafeMutablePointer<th_rect>?,
    _ read: (TransitionContext, ViewController) -> Rect
) -> th_status {
    api { b in
        guard let out else { return Status.badArgument }
        guard let c = b.context(ctx), let v = b.handles.viewController(vc) else { return Status.badHandle }
        out.pointee = th_rect(read(c, v))
        return Status.ok
    }
}
