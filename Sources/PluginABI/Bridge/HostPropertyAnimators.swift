import CTransitionABI
import TransitionCore

/// The host's TH_EXT_HOST_PROPERTY_ANIMATORS extension (ABI 1.1): UIViewPropertyAnimator for
/// plugins, over TransitionCore's PropertyAnimator. A call its state does not allow (UIKit's
/// exception) is TH_ERR_BAD_STATE, reported with the reason.
package enum HostPropertyAnimators {
    /// Allocated once; plugins may keep the pointer.
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_property_animators> = {
        var t = th_host_property_animators()
        t.struct_size = UInt32(MemoryLayout<th_host_property_animators>.size)
        t.create = { options, out in
            api { b in
                guard let out else { return Status.badArgument }
                func refuse(_ why: String) -> th_status {
                    b.reportMisuse("property animator create: \(why)")
                    return Status.badArgument
                }
                guard let options else { return refuse("options is NULL") }
                let timing: AnimationOptions
                switch AnimationOptionsCheck.read(options.declared) {
                case .failure(let bad): return refuse("options.\(bad)")
                case .success(let read): timing = read
                }
                if timing.delay != 0 { return refuse("delay is \(timing.delay); a property animator starts without one") }
                if let repeats = AnimationOptionsCheck.playsMoreThanOnce(timing) {
                    return refuse("\(repeats); a property animator plays once, as UIViewPropertyAnimator does")
                }
                guard let scene = b.handles.scene else { return Status.badState }
                let animator = PropertyAnimator(engine: scene.engine, timing: timing)
                animator.trace = b.trace
                out.pointee = b.handles.handle(animator)
                return Status.ok
            }
        }
        t.add_animations = { a, animations, user in
            with(a, "add_animations") { b, animator in
                guard let animations else { return Status.badArgument }
                let plugin = b.currentPlugin
                try animator.addAnimations { b.calling(plugin: plugin, doing: "the animations of a property animator") { animations(user) } }
                return Status.ok
            }
        }
        t.add_completion = { a, completion, user in
            with(a, "add_completion") { b, animator in
                guard let completion else { return Status.badArgument }
                let plugin = b.currentPlugin
                try animator.addCompletion { position in
                    b.calling(plugin: plugin, doing: "a property animator's completion") { completion(user, position.rawValue) }
                }
                return Status.ok
            }
        }
        t.start = { a in with(a, "start") { _, animator in try animator.start(); return Status.ok } }
        t.pause = { a in with(a, "pause") { _, animator in try animator.pause(); return Status.ok } }
        t.stop = { a, withoutFinishing in with(a, "stop") { _, animator in try animator.stop(withoutFinishing: withoutFinishing); return Status.ok } }
        t.finish = { a, position in
            with(a, "finish") { _, animator in
                guard let position = PropertyAnimator.Position(rawValue: position) else { return Status.badArgument }
                try animator.finish(at: position)
                return Status.ok
            }
        }
        t.set_fraction_complete = { a, fraction in
            with(a, "set_fraction_complete") { _, animator in
                guard fraction.isFinite else { return Status.badArgument }
                try animator.setFractionComplete(fraction)
                return Status.ok
            }
        }
        t.get_fraction_complete = { a, out in
            with(a, "get_fraction_complete") { _, animator in
                guard let out else { return Status.badArgument }
                out.pointee = animator.fractionComplete
                return Status.ok
            }
        }
        t.set_reversed = { a, reversed in with(a, "set_reversed") { _, animator in try animator.setReversed(reversed); return Status.ok } }
        t.continue_animation = { a, options, factor in
            with(a, "continue_animation") { b, animator in
                var curve: TimingCurve?
                if let options {
                    guard let timing = HostAPITable.animationOptions(options.declared) else {
                        b.reportMisuse("continue_animation: \(AnimationOptionsCheck.problem(options, animations: { _ in }) ?? "invalid timing")")
                        return Status.badArgument
                    }
                    if let repeats = AnimationOptionsCheck.playsMoreThanOnce(timing) {
                        b.reportMisuse("continue_animation: \(repeats); a property animator plays once")
                        return Status.badArgument
                    }
                    curve = timing.curve
                }
                guard factor.isFinite, factor > 0 else { return Status.badArgument }
                try animator.continueAnimation(curve: curve, durationFactor: factor)
                return Status.ok
            }
        }
        t.state = { a, out in
            with(a, "state") { _, animator in
                guard let out else { return Status.badArgument }
                out.pointee = animator.state.rawValue
                return Status.ok
            }
        }
        t.is_running = { a, out in
            with(a, "is_running") { _, animator in
                guard let out else { return Status.badArgument }
                out.pointee = animator.isRunning
                return Status.ok
            }
        }
        let pointer = UnsafeMutablePointer<th_host_property_animators>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()
}

/// Runs `body` with the animator `a` names; a refusal of its state is TH_ERR_BAD_STATE and
/// reported with its reason. (File scope: a C function pointer captures nothing.)
private func with(
    _ a: th_property_animator, _ name: String, _ body: (HostRuntime, PropertyAnimator) throws -> th_status
) -> th_status {
    api { b in
        guard let animator = b.handles.propertyAnimator(a) else { return Status.badHandle }
        do {
            return try body(b, animator)
        } catch let refusal as PropertyAnimator.Refusal {
            b.reportMisuse("\(refusal); the call changed nothing")
            return Status.badState
        } catch {
            return Status.badState
        }
    }
}
