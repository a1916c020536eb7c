import CTransitionABI
import TransitionCore

/// The host's TH_EXT_HOST_KEYFRAMES extension: keyframe animations for plugins.
package enum HostKeyframes {
    /// Allocated once; plugins may keep the pointer.
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_keyframes> = {
        var t = th_host_keyframes()
        t.struct_size = UInt32(MemoryLayout<th_host_keyframes>.size)
        t.animate_keyframes = { options, mode, animations, completion, user in
            api { b in
                guard let options, let animations, let parsed = HostAPITable.animationOptions(options.declared),
                      let mode = KeyframeMode(rawValue: mode)
                else {
                    let why = AnimationOptionsCheck.problem(options, animations: animations)
                        ?? (KeyframeMode(rawValue: mode) == nil ? "mode is \(mode), not a TH_KEYFRAMES_* value" : "invalid arguments")
                    b.reportMisuse("animate_keyframes: \(why); nothing ran")
                    return Status.badArgument
                }
                guard let scene = b.handles.scene else { return Status.badState }
                let plugin = b.currentPlugin
                scene.engine.animateKeyframes(
                    parsed, mode: mode,
                    animations: { recorder in
                        b.keyframeRecorders.append(recorder)
                        b.calling(plugin: plugin, doing: "the animations callback of animate_keyframes") { animations(user) }
                        b.keyframeRecorders.removeLast()
                    },
                    completion: completion.map { f in { finished in b.calling(plugin: plugin, doing: "the completion callback of animate_keyframes") { f(user, finished) } } })
                return Status.ok
            }
        }
        t.add_keyframe = { start, duration, changes, user in
            api { b in
                guard let changes, start.isFinite, duration.isFinite else { return Status.badArgument }
                guard let recorder = b.keyframeRecorders.last else {
                    b.reportMisuse("add_keyframe outside animate_keyframes; ignored")
                    return Status.badState
                }
                recorder.addKeyframe(relativeStart: start, relativeDuration: duration) { changes(user) }
                return Status.ok
            }
        }
        t.add_keyframe_path = { v, count, elements, rotation in
            api { b in
                guard let recorder = b.keyframeRecorders.last else {
                    b.reportMisuse("add_keyframe_path outside animate_keyframes; ignored")
                    return Status.badState
                }
                guard let view = b.handles.view(v) else { return Status.badHandle }
                func refuse(_ rule: String) -> th_status {
                    b.reportMisuse("add_keyframe_path: \(rule); the path was refused")
                    return Status.badArgument
                }
                guard let mode = PathRotation(rawValue: rotation) else {
                    return refuse("rotation is \(rotation), not a TH_PATH_ROTATE_* value")
                }
                switch readPath(count, elements) {
                case .failure(let refusal): return refuse(refusal.rule)
                case .success(let path):
                    recorder.addPath(PathMotion(path), to: view, rotation: mode)
                    return Status.ok
                }
            }
        }
        let pointer = UnsafeMutablePointer<th_host_keyframes>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()
}
