import CFFI
import LibC

/// One signature's libffi call interface: the ffi_cif and the type arrays it points into.
/// Prepared once; the cache keeps it for the life of the process, which outlives every
/// plugin (plugins are never unloaded).
public final class CallInterface {
    public let signature: Signature
    package let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    private var structTypes: [UnsafeMutablePointer<ffi_type>] = []
    private var structElements: [UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>] = []

    public struct PrepareError: Error, CustomStringConvertible {
        public let signature: String
        public let status: UInt32
        public var description: String { "libffi could not prepare '\(signature)' (ffi_status \(status))" }
    }

    /// Prepares a new interface. Use CallInterfaceCache.interface(for:) instead: this is public
    /// only so that the benchmark can measure the cost the cache saves.
    public init(_ signature: Signature) throws {
        self.signature = signature
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: max(1, signature.parameters.count))
        for (i, t) in signature.parameters.enumerated() { argumentTypes[i] = ffiType(t) }
        let status = ffi_prep_cif(
            cif, cffi_default_abi(), UInt32(signature.parameters.count), ffiType(signature.returnType), argumentTypes)
        guard status == FFI_OK else {
            cif.deallocate()
            argumentTypes.deallocate()
            throw PrepareError(signature: signature.text, status: status.rawValue)
        }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
        structTypes.forEach { $0.deallocate() }
        structElements.forEach { $0.deallocate() }
    }

    /// libffi's type for a signature letter; structs of doubles are built here and kept.
    private func ffiType(_ t: Signature.ValueType) -> UnsafeMutablePointer<ffi_type> {
        switch t {
        case .void: return cffi_type_void()
        case .bool, .uint8: return cffi_type_uint8()
        case .int8: return cffi_type_sint8()
        case .int16: return cffi_type_sint16()
        case .uint16: return cffi_type_uint16()
        case .int32: return cffi_type_sint32()
        case .uint32: return cffi_type_uint32()
        case .int64: return cffi_type_sint64()
        case .uint64: return cffi_type_uint64()
        case .float: return cffi_type_float()
        case .double: return cffi_type_double()
        case .pointer, .string: return cffi_type_pointer()
        case .point, .size, .rect, .color:
            let n = t.structDoubles
            let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: n + 1)
            for i in 0..<n { elements[i] = cffi_type_double() }
            elements[n] = nil
            let type = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
            type.initialize(to: ffi_type(size: 0, alignment: 0, type: cffi_type_struct_kind(), elements: elements))
            structTypes.append(type)
            structElements.append(elements)
            return type
        }
    }

    /// Calls `function` with argument slots already filled: `arguments[i]` points at the
    /// i-th value; the result is written to `result` (at least 32 bytes, 8-aligned).
    @inline(__always)
    public func call(_ function: UnsafeRawPointer, result: UnsafeMutableRawPointer, arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        ffi_call(cif, unsafeBitCast(function, to: (@convention(c) () -> Void).self), result, arguments)
    }
}

/// The call interfaces prepared so far, by signature text. Every signature is prepared once;
/// `preparations` counts them, so tests and the benchmark can see that nothing on the frame
/// path prepares an interface. Shared by every runtime of the process (an interface holds no
/// plugin's state), so it takes a lock: two runtimes may load plugins on two threads.
public final class CallInterfaceCache: @unchecked Sendable {
    public static let shared = CallInterfaceCache()

    private var interfaces: [String: CallInterface] = [:]
    private var prepared = 0
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    public var preparations: Int { locked { prepared } }

    public func interface(for signature: Signature) throws -> CallInterface {
        try locked {
            if let found = interfaces[signature.text] { return found }
            let made = try CallInterface(signature)
            prepared += 1
            interfaces[signature.text] = made
            return made
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body()
    }
}
