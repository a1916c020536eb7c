import CTransitionABI
import PluginHost

/// A DescriptorImage laid out as the C structs a plugin exports, in memory of its own that is
/// freed when this goes: the fuzzer sees any read past what the image holds (AddressSanitizer)
/// and any leak.
final class DescriptorMemory {
    let entry: UnsafePointer<th_plugin_entry>
    let effectCount: UInt32
    private let effects: [UnsafePointer<th_effect_descriptor>?]
    private let arena: Arena

    init(_ image: DescriptorImage) {
        let arena = Arena()
        self.arena = arena
        effects = image.effects.map { $0.map { Self.lay(effect: $0, in: arena) } }
        effectCount = UInt32(image.effectCount)

        var e = th_plugin_entry()
        e.struct_size = image.structSize
        e.abi_major = image.abiMajor
        e.abi_minor = image.abiMinor
        e.id = arena.cString(image.id)
        e.name = arena.cString(image.name)
        e.version = arena.cString(image.version)
        e.vendor = arena.cString(image.vendor)
        // Never called by the checks: present or NULL is all that matters.
        if image.functions & 1 != 0 { e.`init` = { _ in true } }
        if image.functions & 2 != 0 { e.`deinit` = {} }
        if image.functions & 4 != 0 { e.effect_count = { 0 } }
        if image.functions & 8 != 0 { e.get_effect = { _ in nil } }
        if image.functions & 16 != 0 { e.get_extension = { _ in nil } }
        entry = UnsafePointer(arena.store(e))
    }

    /// What get_effect returns for `index`.
    func descriptor(_ index: UInt32) -> UnsafePointer<th_effect_descriptor>? {
        index < effects.count ? effects[Int(index)] : nil
    }

    private static func lay(effect image: DescriptorImage.Effect, in arena: Arena) -> UnsafePointer<th_effect_descriptor> {
        var d = th_effect_descriptor()
        d.struct_size = image.structSize
        d.kind = image.kind
        d.id = arena.cString(image.id)
        d.name = arena.cString(image.name)
        d.description = arena.cString(image.description)
        d.transitions = image.transitions
        d.param_count = image.paramCount
        d.default_duration = image.defaultDuration
        if let parameters = image.parameters {
            // Laid out as a plugin would lay its array: elements its first struct_size apart
            // (a later 1.x header's larger structs), when that is a size the host accepts.
            let size = Int(parameters.first?.structSize ?? 0), natural = MemoryLayout<th_param_descriptor>.stride
            let stride = size > natural && size <= Int(FrozenABI.maxStructSize) && size % 8 == 0 ? size : natural
            let raw = arena.bytes(max(1, parameters.count) * stride)
            for (i, p) in parameters.enumerated() {
                (raw + i * stride).storeBytes(of: lay(parameter: p, in: arena), as: th_param_descriptor.self)
            }
            d.params = UnsafePointer(raw.assumingMemoryBound(to: th_param_descriptor.self))
        }
        if let interface = image.interface { d.interface = UnsafeRawPointer(lay(interface: interface, in: arena)) }
        return UnsafePointer(arena.store(d))
    }

    private static func lay(parameter image: DescriptorImage.Parameter, in arena: Arena) -> th_param_descriptor {
        var p = th_param_descriptor()
        p.struct_size = image.structSize
        p.type = image.type
        p.id = arena.cString(image.id)
        p.name = arena.cString(image.name)
        p.unit = arena.cString(image.unit)
        p.min_value = image.minimum
        p.max_value = image.maximum
        p.default_value = image.defaultValue
        p.choice_count = image.choiceCount
        if let choices = image.choices {
            let list = arena.array(of: UnsafePointer<CChar>?.self, count: choices.count)
            for (i, c) in choices.enumerated() { list[i] = arena.cString(c) }
            p.choices = UnsafePointer(list)
        }
        return p
    }

    /// The interface's memory: struct_size, then function pointer slots, as every interface
    /// struct of the header is laid out on LP64. As large as the largest interface of ABI 1.0
    /// (th_presentation_interface, 80 bytes): fields appended since lie past the end, as in a
    /// 1.0 plugin, so a read of one the plugin's struct_size does not cover is caught.
    static let interfaceSlots = 9
    static let interfaceBytes = 8 + 8 * interfaceSlots

    private static func lay(interface: DescriptorImage.Interface, in arena: Arena) -> UnsafeMutableRawPointer {
        let raw = arena.bytes(interfaceBytes)
        raw.storeBytes(of: interface.structSize, as: UInt32.self)
        for slot in 0..<8 where interface.functions & (1 << slot) != 0 {
            raw.storeBytes(of: stub, toByteOffset: 8 + 8 * slot, as: UnsafeRawPointer.self)
        }
        return raw
    }

    /// A function the checks find present; never called.
    private static let stubFunction: @convention(c) () -> Void = {}
    nonisolated(unsafe) private static let stub = unsafeBitCast(stubFunction, to: UnsafeRawPointer.self)

    /// Allocations freed together.
    private final class Arena {
        private var blocks: [UnsafeMutableRawPointer] = []

        deinit { blocks.forEach { $0.deallocate() } }

        /// `count` zeroed bytes (at least one, so that an empty list is still not NULL).
        func bytes(_ count: Int) -> UnsafeMutableRawPointer {
            let n = max(1, count)
            let p = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 0, count: n)
            blocks.append(p)
            return p
        }

        func array<T>(of: T.Type, count: Int) -> UnsafeMutablePointer<T> {
            bytes(MemoryLayout<T>.stride * count).bindMemory(to: T.self, capacity: max(1, count))
        }

        func store<T>(_ value: T) -> UnsafeMutablePointer<T> {
            let p = array(of: T.self, count: 1)
            p.pointee = value
            return p
        }

        func cString(_ text: DescriptorImage.Text) -> UnsafePointer<CChar>? {
            let content: [UInt8]
            switch text {
            case .null: return nil
            case .bytes(let b): content = b
            case .repeated(let count, let byte): content = [UInt8](repeating: byte, count: count)
            }
            let p = bytes(content.count + 1)
            p.copyMemory(from: content, byteCount: content.count)
            return UnsafePointer(p.assumingMemoryBound(to: CChar.self))
        }
    }
}
