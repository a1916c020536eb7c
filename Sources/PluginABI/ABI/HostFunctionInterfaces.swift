import CFFI
import CTransitionABI

/// The C signature of every host function as libffi sees it, made from HostFunctions' kinds:
/// what lets the isolated child offer each function as a closure and lets the host's server
/// call the in-process function with arguments it decoded, without code written per function.
/// Prepared once per function, on first use, and kept for the life of the process.
package enum HostFunctionInterfaces {
    /// The call interface of `HostFunctions.all[index]`.
    package static func cif(_ index: Int) -> UnsafeMutablePointer<ffi_cif> { prepared[index] }

    nonisolated(unsafe) private static let prepared: [UnsafeMutablePointer<ffi_cif>] = HostFunctions.all.map { f in
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: max(1, f.parameters.count))
        for (i, kind) in f.parameters.enumerated() { types[i] = ffiType(kind) }
        let result: UnsafeMutablePointer<ffi_type>
        switch f.result {
        case .status: result = cffi_type_sint32()
        case .void: result = cffi_type_void()
        case .pointer: result = cffi_type_pointer()
        }
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        let status = ffi_prep_cif(cif, cffi_default_abi(), UInt32(f.parameters.count), result, types)
        precondition(status == FFI_OK, "libffi cannot describe \(f.name)")
        return cif
    }

    /// libffi's type for a parameter of `kind`: handles are structs of one uint64_t, geometry
    /// structs of doubles, everything passed by address a pointer.
    static func ffiType(_ kind: HostFunctions.Kind) -> UnsafeMutablePointer<ffi_type> {
        switch kind {
        case .context, .view, .viewController, .propertyAnimator: return Structs.handle
        case .key, .uint32, .capacity, .count: return cffi_type_uint32()
        case .bool: return cffi_type_uint8()
        case .double: return cffi_type_double()
        case .rect: return Structs.rect
        case .point: return Structs.point
        case .affine: return Structs.affine
        case .color: return Structs.color
        case .transform3D: return Structs.transform3D
        case .edgeInsets: return Structs.edgeInsets
        case .string, .options, .gradientStops, .pathElements, .animations, .completion, .alongside, .positionCompletion, .userData, .outPropertyAnimator,
             .outView, .outViewController, .outRect, .outPoint, .outAffine, .outColor, .outTransform3D, .outDouble, .outBool,
             .outUInt32, .outCurve, .outViews, .outChars:
            return cffi_type_pointer()
        }
    }

    /// The struct types, built once and never freed (cifs point into them).
    private enum Structs {
        package nonisolated(unsafe) static let handle = make([cffi_type_uint64()])
        package nonisolated(unsafe) static let point = make(Array(repeating: cffi_type_double(), count: 2))
        package nonisolated(unsafe) static let rect = make(Array(repeating: cffi_type_double(), count: 4))
        package nonisolated(unsafe) static let affine = make(Array(repeating: cffi_type_double(), count: 6))
        package nonisolated(unsafe) static let color = make(Array(repeating: cffi_type_double(), count: 4))
        package nonisolated(unsafe) static let transform3D = make(Array(repeating: cffi_type_double(), count: 16))
        package nonisolated(unsafe) static let edgeInsets = make(Array(repeating: cffi_type_double(), count: 4))

        package static func make(_ members: [UnsafeMutablePointer<ffi_type>]) -> UnsafeMutablePointer<ffi_type> {
            let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: members.count + 1)
            for (i, m) in members.enumerated() { elements[i] = m }
            elements[members.count] = nil
            let type = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
            type.initialize(to: ffi_type(size: 0, alignment: 0, type: cffi_type_struct_kind(), elements: elements))
            return type
        }
    }

    /// Bytes a value of `kind` takes in C (pointers for everything passed by address).
    package static func size(_ kind: HostFunctions.Kind) -> Int {
        switch kind {
        case .context, .view, .viewController, .propertyAnimator: MemoryLayout<UInt64>.size
        case .key, .uint32, .capacity, .count: MemoryLayout<UInt32>.size
        case .bool: MemoryLayout<Bool>.size
        case .double: MemoryLayout<Double>.size
        case .rect: MemoryLayout<th_rect>.size
        case .point: MemoryLayout<th_point>.size
        case .affine: MemoryLayout<th_affine>.size
        case .color: MemoryLayout<th_color>.size
        case .transform3D: MemoryLayout<th_transform3d>.size
        case .edgeInsets: MemoryLayout<th_edge_insets>.size
        default: MemoryLayout<UnsafeRawPointer>.size
        }
    }

    /// Bytes of the value an out-pointer of `kind` points at (one element for an array).
    package static func pointeeSize(_ kind: HostFunctions.Kind) -> Int {
        switch kind {
        case .outView, .outViews: MemoryLayout<th_view>.size
        case .outChars: MemoryLayout<CChar>.size
        case .outViewController: MemoryLayout<th_view_controller>.size
        case .outRect: MemoryLayout<th_rect>.size
        case .outPoint: MemoryLayout<th_point>.size
        case .outAffine: MemoryLayout<th_affine>.size
        case .outColor: MemoryLayout<th_color>.size
        case .outTransform3D: MemoryLayout<th_transform3d>.size
        case .outDouble: MemoryLayout<Double>.size
        case .outBool: MemoryLayout<Bool>.size
        case .outUInt32: MemoryLayout<UInt32>.size
        case .outCurve: MemoryLayout<UnsafeRawPointer>.size
        case .outPropertyAnimator: MemoryLayout<th_property_animator>.size
        default: 0
        }
    }

    /// Where the function pointer of `f` sits in its table: every table starts with 8 bytes
    /// (struct_size and, in th_host_api, the ABI version), then one pointer per function in
    /// the order HostFunctions lists them (the tests check the order against the header).
    package static func offset(_ index: Int) -> Int { offsets[index] }

    private static let offsets: [Int] = HostFunctions.all.map { f in
        let position = HostFunctions.all.filter { $0.table == f.table }.firstIndex { $0.name == f.name }!
        return 8 + position * MemoryLayout<UnsafeRawPointer>.size
    }
}
