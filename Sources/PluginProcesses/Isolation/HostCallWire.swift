import CTransitionABI
import PluginABI

/// How a host-function call crosses the socket, parameter by parameter, by its kind
/// (HostFunctions.Kind): the child writes what the plugin passed, the host reads it back into
/// the C arguments of the very function an in-process plugin calls. What the host must judge
/// travels as the plugin gave it: a NULL pointer stays NULL, a struct_size its own value, a
/// string its raw bytes, a handle its number. Only callbacks and user_data stay in the
/// plugin's process: a token names them.
///
/// Request: each parameter in order (values as bytes; pointers as a presence byte, then the
/// pointee for the ones the plugin passes in); then the callbacks' token when there are any.
/// Reply: the status, then each out-pointer's value that the plugin passed non-NULL.
package enum HostCallWire {
    /// The longest string taken from a plugin: above every limit the host applies to one
    /// (a view's name 256 bytes, a curve spec 512, a log line 1 KiB), so the host's own check
    /// sees a string that is too long as too long.
    static let stringLimit = 4096
    /// The most views one shared_views call returns to an isolated plugin, and the most bytes
    /// of text one modifiers call does (far above TH_MAX_MODIFIERS_BYTES).
    static let viewArrayLimit: UInt32 = 4096

    /// The out-pointers to an array whose length a capacity parameter gives.
    static func isArray(_ kind: HostFunctions.Kind) -> Bool { kind == .outViews || kind == .outChars }

    /// The kinds whose pointer the plugin passes in: they run, or are kept, in its process.
    static func isCallback(_ kind: HostFunctions.Kind) -> Bool {
        kind == .animations || kind == .completion || kind == .alongside || kind == .positionCompletion
    }

    /// A callback that runs inside the call that handed it over (an animations block), so
    /// the child need not keep it once the call has returned.
    static func runsDuringCall(_ kind: HostFunctions.Kind) -> Bool { kind == .animations }

    // MARK: The child: C arguments to bytes

    /// Writes argument `i` (of `kind`, at `argument`) of a call. `count`: the value of the
    /// last `.count` parameter before it, for an array the plugin passes in.
    package static func write(_ kind: HostFunctions.Kind, _ argument: UnsafeMutableRawPointer, count: UInt32 = 0, to w: inout WireWriter) {
        switch kind {
        case .context, .view, .viewController, .propertyAnimator: w.put(argument.load(as: UInt64.self))
        case .key, .uint32, .capacity, .count: w.put(argument.load(as: UInt32.self))
        case .bool: w.put(argument.load(as: Bool.self))
        case .double: w.put(argument.load(as: Double.self))
        case .rect: w.put(argument.load(as: th_rect.self))
        case .point: w.put(argument.load(as: th_point.self))
        case .affine: w.put(argument.load(as: th_affine.self))
        case .color: w.put(argument.load(as: th_color.self))
        case .transform3D: w.put(argument.load(as: th_transform3d.self))
        case .edgeInsets: w.put(argument.load(as: th_edge_insets.self))
        case .string:
            w.putCString(argument.load(as: UnsafePointer<CChar>?.self), limit: stringLimit)
        case .options:
            guard let options = argument.load(as: UnsafeRawPointer?.self) else { w.put(false); return }
            w.put(true)
            // The declared size travels, and no more of the struct than it declares, nor more
            // than this host knows: the host checks the size as it does in process.
            let declared = options.load(as: UInt32.self)
            w.put(declared)
            let count = min(Int(declared), MemoryLayout<th_animation_options>.size)
            w.append(Array(UnsafeRawBufferPointer(start: options, count: count)))
        case .gradientStops:
            // The stops travel only when the count is one the host accepts: past it the host
            // refuses the call without reading them, so they are not read here either.
            guard let stops = argument.load(as: UnsafeRawPointer?.self) else { w.put(false); return }
            w.put(true)
            let sent = count <= UInt32(TH_MAX_GRADIENT_STOPS) ? Int(count) : 0
            w.put(UInt32(sent))
            w.append(Array(UnsafeRawBufferPointer(start: stops, count: sent * MemoryLayout<th_gradient_stop>.size)))
        case .pathElements:
            // As the stops: sent only for a count the host accepts.
            guard let elements = argument.load(as: UnsafeRawPointer?.self) else { w.put(false); return }
            w.put(true)
            let sent = count <= UInt32(TH_MAX_PATH_ELEMENTS) ? Int(count) : 0
            w.put(UInt32(sent))
            w.append(Array(UnsafeRawBufferPointer(start: elements, count: sent * MemoryLayout<th_path_element>.size)))
        case .userData:
            break
        case .animations, .completion, .alongside, .positionCompletion,
             .outView, .outViewController, .outRect, .outPoint, .outAffine, .outColor, .outTransform3D, .outDouble, .outBool,
             .outUInt32, .outCurve, .outViews, .outChars, .outPropertyAnimator:
            w.put(argument.load(as: UnsafeRawPointer?.self) != nil)
        }
    }

    /// Copies an out-value from the reply to where the plugin's pointer points.
    static func readOut(_ kind: HostFunctions.Kind, into pointer: UnsafeMutableRawPointer, from r: inout WireReader) throws {
        if isArray(kind) {
            let count = Int(try r.integer(UInt32.self))
            let bytes = try r.take(count * HostFunctionInterfaces.pointeeSize(kind))
            pointer.copyMemory(from: Array(bytes), byteCount: bytes.count)
            return
        }
        let bytes = try r.take(HostFunctionInterfaces.pointeeSize(kind))
        pointer.copyMemory(from: Array(bytes), byteCount: bytes.count)
    }

    // MARK: The host: bytes to C arguments

    /// Reads argument `i` of `kind` into `slot` (room for any argument), keeping what must
    /// outlive the read (strings, option structs, out-values) in `storage`.
    package static func read(
        _ kind: HostFunctions.Kind, into slot: UnsafeMutableRawPointer, from r: inout WireReader, storage: inout CallStorage
    ) throws {
        switch kind {
        case .context, .view, .viewController, .propertyAnimator: slot.storeBytes(of: try r.integer(UInt64.self), as: UInt64.self)
        case .key, .uint32, .count: slot.storeBytes(of: try r.integer(UInt32.self), as: UInt32.self)
        case .capacity: slot.storeBytes(of: min(try r.integer(UInt32.self), viewArrayLimit), as: UInt32.self)
        case .bool: slot.storeBytes(of: try r.bool(), as: Bool.self)
        case .double: slot.storeBytes(of: try r.double(), as: Double.self)
        case .rect: slot.storeBytes(of: try r.rect(), as: th_rect.self)
        case .point: slot.storeBytes(of: try r.point(), as: th_point.self)
        case .affine: slot.storeBytes(of: try r.affine(), as: th_affine.self)
        case .color: slot.storeBytes(of: try r.color(), as: th_color.self)
        case .transform3D: slot.storeBytes(of: try r.transform3D(), as: th_transform3d.self)
        case .edgeInsets: slot.storeBytes(of: try r.edgeInsets(), as: th_edge_insets.self)
        case .string:
            let bytes = try r.stringBytes(limit: stringLimit)
            slot.storeBytes(of: bytes.map { storage.cString($0) }, as: UnsafeRawPointer?.self)
        case .options:
            guard try r.bool() else { slot.storeBytes(of: nil, as: UnsafeRawPointer?.self); return }
            let declared = try r.integer(UInt32.self)
            let count = min(Int(declared), MemoryLayout<th_animation_options>.size)
            let bytes = try r.take(count)
            let buffer = storage.zeroed(MemoryLayout<th_animation_options>.size)
            buffer.copyMemory(from: Array(bytes), byteCount: count)
            buffer.storeBytes(of: declared, as: UInt32.self)
            slot.storeBytes(of: UnsafeRawPointer(buffer), as: UnsafeRawPointer?.self)
        case .gradientStops:
            guard try r.bool() else { slot.storeBytes(of: nil, as: UnsafeRawPointer?.self); return }
            let sent = min(Int(try r.integer(UInt32.self)), Int(TH_MAX_GRADIENT_STOPS))
            let bytes = try r.take(sent * MemoryLayout<th_gradient_stop>.size)
            // Room for the most stops the host reads, whatever the count parameter says.
            let buffer = storage.zeroed(Int(TH_MAX_GRADIENT_STOPS) * MemoryLayout<th_gradient_stop>.size)
            buffer.copyMemory(from: Array(bytes), byteCount: bytes.count)
            slot.storeBytes(of: UnsafeRawPointer(buffer), as: UnsafeRawPointer?.self)
        case .pathElements:
            guard try r.bool() else { slot.storeBytes(of: nil, as: UnsafeRawPointer?.self); return }
            let sent = min(Int(try r.integer(UInt32.self)), Int(TH_MAX_PATH_ELEMENTS))
            let bytes = try r.take(sent * MemoryLayout<th_path_element>.size)
            // Room for the most elements the host reads, whatever the count parameter says.
            let buffer = storage.zeroed(Int(TH_MAX_PATH_ELEMENTS) * MemoryLayout<th_path_element>.size)
            buffer.copyMemory(from: Array(bytes), byteCount: bytes.count)
            slot.storeBytes(of: UnsafeRawPointer(buffer), as: UnsafeRawPointer?.self)
        case .userData, .animations, .completion, .alongside, .positionCompletion:
            preconditionFailure("callbacks and user_data are the server's to set: it knows the token and the trampolines")
        case .outView, .outViewController, .outRect, .outPoint, .outAffine, .outColor, .outTransform3D, .outDouble, .outBool,
             .outUInt32, .outCurve, .outPropertyAnimator:
            let given = try r.bool()
            slot.storeBytes(of: given ? UnsafeRawPointer(storage.zeroed(HostFunctionInterfaces.pointeeSize(kind))) : nil,
                            as: UnsafeRawPointer?.self)
        case .outViews, .outChars:
            let given = try r.bool()
            slot.storeBytes(of: given ? UnsafeRawPointer(storage.zeroed(Int(viewArrayLimit) * HostFunctionInterfaces.pointeeSize(kind))) : nil,
                            as: UnsafeRawPointer?.self)
        }
    }

    /// Writes an out-value the host's function wrote (or left zero) into the reply.
    /// `count` is the number of array elements to send, for .outViews and .outChars.
    static func writeOut(_ kind: HostFunctions.Kind, from pointer: UnsafeRawPointer, count: Int, to w: inout WireWriter) {
        if isArray(kind) {
            w.put(UInt32(count))
            w.append(Array(UnsafeRawBufferPointer(start: pointer, count: count * HostFunctionInterfaces.pointeeSize(kind))))
            return
        }
        w.append(Array(UnsafeRawBufferPointer(start: pointer, count: HostFunctionInterfaces.pointeeSize(kind))))
    }
}

/// Memory one decoded call needs until the host's function returns: C strings, option
/// structs, out-values. Freed with the storage.
package struct CallStorage: ~Copyable {
    private var blocks: [UnsafeMutableRawPointer] = []

    package init() {}

    package mutating func zeroed(_ count: Int) -> UnsafeMutableRawPointer {
        let block = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
        blocks.append(block)
        return block
    }

    package mutating func cString(_ bytes: [UInt8]) -> UnsafeRawPointer {
        let block = zeroed(bytes.count + 1)
        block.copyMemory(from: bytes, byteCount: bytes.count)
        return UnsafeRawPointer(block)
    }

    deinit { blocks.forEach { $0.deallocate() } }
}
