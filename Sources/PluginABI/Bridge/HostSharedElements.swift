import CTransitionABI
import TransitionCore

/// The host's TH_EXT_HOST_SHARED_ELEMENTS extension: finding views by their shared id.
package enum HostSharedElements {
    /// Allocated once; plugins may keep the pointer.
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_shared_elements> = {
        var t = th_host_shared_elements()
        t.struct_size = UInt32(MemoryLayout<th_host_shared_elements>.size)
        t.shared_views = { root, out, capacity, count in
            api { b in
                guard let count, capacity == 0 || out != nil else { return Status.badArgument }
                guard let view = b.handles.view(root) else { return Status.badHandle }
                let shared = view.subtree().filter { $0.sharedID != nil }
                count.pointee = UInt32(clamping: shared.count)
                for (i, v) in shared.prefix(Int(capacity)).enumerated() { out![i] = b.handles.handle(v) }
                return Status.ok
            }
        }
        t.matching_view = { view, root, out in
            api { b in
                guard let out else { return Status.badArgument }
                guard let v = b.handles.view(view), let r = b.handles.view(root) else { return Status.badHandle }
                let match = v.sharedID.flatMap { id in r.subtree().first { $0.sharedID == id && $0 !== v } }
                out.pointee = b.handles.handle(match)
                return Status.ok
            }
        }
        // ABI 1.1: per-view modifiers (a scene file's "modifiers", checked when it loaded).
        t.modified_views = { root, out, capacity, count in
            api { b in
                guard let count, capacity == 0 || out != nil else { return Status.badArgument }
                guard let view = b.handles.view(root) else { return Status.badHandle }
                let modified = view.subtree().filter { $0.modifiers != nil }
                count.pointee = UInt32(clamping: modified.count)
                for (i, v) in modified.prefix(Int(capacity)).enumerated() { out![i] = b.handles.handle(v) }
                return Status.ok
            }
        }
        t.modifiers = { view, buf, capacity, length in
            api { b in
                guard let length, capacity == 0 || buf != nil else { return Status.badArgument }
                guard let v = b.handles.view(view) else { return Status.badHandle }
                let text = Array((v.modifiers ?? "").utf8)
                // Never cut: a cut list would read as another one.
                if capacity != 0 && Int(capacity) <= text.count { return Status.badArgument }
                length.pointee = UInt32(clamping: text.count)
                if let buf, capacity != 0 {
                    for (i, byte) in text.enumerated() { buf[i] = CChar(bitPattern: byte) }
                    buf[text.count] = 0
                }
                return Status.ok
            }
        }
        let pointer = UnsafeMutablePointer<th_host_shared_elements>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()
}
