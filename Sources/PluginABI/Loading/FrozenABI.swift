import CTransitionABI

/// ABI 1.0's struct sizes as the header froze them (TH_*_SIZE_1_0), and how to walk a
/// plugin's arrays of size-prefixed structs.
///
/// A struct a plugin hands the host is accepted from its 1.0 size up. Comparing with this
/// host's own `MemoryLayout<T>.size` instead would refuse every 1.0 plugin the day a 1.x
/// header appends a field. Fields added after 1.0 are read only when the plugin's struct_size
/// covers them (`has(_:_:)`, the header's TH_HAS_FIELD).
public enum FrozenABI {
    public static let pluginEntry = UInt32(TH_PLUGIN_ENTRY_SIZE_1_0)
    public static let effectDescriptor = UInt32(TH_EFFECT_DESCRIPTOR_SIZE_1_0)
    public static let paramDescriptor = UInt32(TH_PARAM_DESCRIPTOR_SIZE_1_0)
    public static let animatorInterface = UInt32(TH_ANIMATOR_INTERFACE_SIZE_1_0)
    public static let presentationInterface = UInt32(TH_PRESENTATION_INTERFACE_SIZE_1_0)
    public static let delegateInterface = UInt32(TH_DELEGATE_INTERFACE_SIZE_1_0)
    public static let animationOptions = UInt32(TH_ANIMATION_OPTIONS_SIZE_1_0)
    public static let typedConstructor = UInt32(TH_TYPED_CONSTRUCTOR_SIZE_1_0)
    public static let typedConstructors = UInt32(TH_TYPED_CONSTRUCTORS_SIZE_1_0)
    public static let timingCurve = UInt32(TH_TIMING_CURVE_SIZE_1_0)
    public static let timingCurves = UInt32(TH_TIMING_CURVES_SIZE_1_0)
    /// New in ABI 1.1: accepted from 1.1's size up.
    public static let interactionInterface = UInt32(TH_INTERACTION_INTERFACE_SIZE_1_1)

    /// TH_HAS_FIELD for a function pointer added after 1.0: whether a plugin's struct whose
    /// struct_size is `size` reaches the end of `field` (a field of this host's `T`).
    package static func has<T>(_ size: UInt32, function field: PartialKeyPath<T>) -> Bool {
        Int(size) >= MemoryLayout<T>.offset(of: field)! + MemoryLayout<UnsafeRawPointer>.size
    }

    /// TH_HAS_FIELD for a data field added after 1.0: whether a plugin's struct whose
    /// struct_size is `size` reaches the end of `field`, a `Value`.
    package static func has<T, Value>(_ size: UInt32, field: PartialKeyPath<T>, of _: Value.Type) -> Bool {
        Int(size) >= MemoryLayout<T>.offset(of: field)! + MemoryLayout<Value>.size
    }

    /// The stride of a plugin's array of size-prefixed structs: its first element's
    /// struct_size, which is sizeof() in the plugin's own header. A plugin built against a
    /// later 1.x header has larger elements than this host's type; stepping by this host's
    /// MemoryLayout stride would read element 1 from the middle of element 0. Nil (with the
    /// reason) when the first element is smaller than its 1.0 size or misaligned.
    public static func stride<T>(of array: UnsafePointer<T>, minimum: UInt32) -> Result<Int, ArrayFault> {
        let size = UnsafeRawPointer(array).load(as: UInt32.self)
        guard size >= minimum else { return .failure(.tooSmall(size)) }
        guard size <= maxStructSize else { return .failure(.tooLarge(size)) }
        guard Int(size) % MemoryLayout<T>.alignment == 0 else { return .failure(.misaligned(size)) }
        return .success(Int(size))
    }

    /// Element `index` of an array whose stride came from `stride(of:minimum:)`.
    public static func element<T>(_ array: UnsafePointer<T>, _ index: Int, stride: Int) -> UnsafePointer<T> {
        (UnsafeRawPointer(array) + index * stride).assumingMemoryBound(to: T.self)
    }

    /// No struct of ABI 1 is anywhere near this large; a struct_size above it is garbage, and
    /// stepping by it would read far outside the plugin's array.
    public static let maxStructSize: UInt32 = 4096

    public enum ArrayFault: Error, CustomStringConvertible {
        case tooSmall(UInt32)
        case tooLarge(UInt32)
        case misaligned(UInt32)

        public var description: String {
            switch self {
            case .tooSmall(let size): "its first element's struct_size is \(size), smaller than ABI 1.0's"
            case .tooLarge(let size): "its first element's struct_size is \(size), larger than any struct of ABI 1 (at most \(FrozenABI.maxStructSize))"
            case .misaligned(let size): "its first element's struct_size is \(size), not a multiple of the struct's alignment (use sizeof)"
            }
        }
    }
}
