/// A plugin's entry and effect descriptors as plain values: what a fuzz input decodes to
/// before DescriptorMemory lays it out as the C structs a plugin would export. Every field the
/// loader reads is here with any value it could hold, NULL pointers included; only what the C
/// contract makes the plugin's promise (a list holds as many items as its count says) is kept,
/// since no check can verify it from inside the process.
///
/// The byte format, read by FuzzBytes (little-endian; zeros past the end):
///
///     entry   u32 struct_size  u16 abi_major  u16 abi_minor  text id  text name  text version
///             text vendor  u8 functions (bit 0 init, 1 deinit, 2 effect_count, 3 get_effect,
///             4 get_extension)  u16 effect_count  effect... (min(effect_count, 16) of them;
///             get_effect returns NULL for the rest)
///     effect  u8 present (0: get_effect returns NULL)  u32 struct_size  u32 kind  text id
///             text name  text description  u32 transitions  u32 param_count  u8 params
///             present  f64 default_duration  u8 interface (0 NULL, else a layout 1-3)
///             u32 interface struct_size  u8 interface functions (bit i: slot i set)
///             param... (param_count of them when present and at most 64)
///     param   u32 struct_size  u32 type  text id  text name  text unit  f64 min  f64 max
///             f64 default  u32 choice_count  u8 choices present  text... (choice_count of
///             them when present and 1 to 64)
///     text    u8 n: 255 NULL; 254 u16 count, u8 byte: that byte repeated; else n bytes
struct DescriptorImage: Equatable {
    enum Text: Equatable {
        case null
        case bytes([UInt8])
        case repeated(count: Int, byte: UInt8)

        init(_ s: String) { self = .bytes(Array(s.utf8)) }
    }

    struct Parameter: Equatable {
        var structSize: UInt32
        var type: UInt32
        var id: Text, name: Text, unit: Text
        var minimum: Double, maximum: Double, defaultValue: Double
        var choiceCount: UInt32
        /// nil: the choices pointer is NULL.
        var choices: [Text]?
    }

    struct Interface: Equatable {
        /// 1 animator, 2 presentation controller, 3 delegate: only how much memory there is;
        /// the loader reads it as the effect's kind says.
        var layout: UInt8
        var structSize: UInt32
        /// Bit i set: function pointer slot i is not NULL.
        var functions: UInt8
    }

    struct Effect: Equatable {
        var structSize: UInt32
        var kind: UInt32
        var id: Text, name: Text, description: Text
        var transitions: UInt32
        var paramCount: UInt32
        /// nil: the params pointer is NULL.
        var parameters: [Parameter]?
        var defaultDuration: Double
        var interface: Interface?
    }

    static let maxImagedEffects = 16
    static let maxListed = 64

    var structSize: UInt32
    var abiMajor: UInt16, abiMinor: UInt16
    var id: Text, name: Text, version: Text, vendor: Text
    var functions: UInt8
    var effectCount: UInt16
    /// What get_effect returns for each index below min(effectCount, 16); nil is NULL.
    var effects: [Effect?]
}

// MARK: - Reading

extension DescriptorImage {
    init(_ input: inout FuzzBytes) {
        structSize = input.uint32()
        abiMajor = input.uint16()
        abiMinor = input.uint16()
        id = Self.text(&input)
        name = Self.text(&input)
        version = Self.text(&input)
        vendor = Self.text(&input)
        functions = input.byte()
        effectCount = input.uint16()
        effects = (0..<min(Int(effectCount), Self.maxImagedEffects)).map { _ in Self.effect(&input) }
    }

    private static func text(_ input: inout FuzzBytes) -> Text {
        let n = input.byte()
        switch n {
        case 255: return .null
        case 254: return .repeated(count: Int(input.uint16()), byte: input.byte())
        default: return .bytes(input.bytes(Int(n)))
        }
    }

    private static func effect(_ input: inout FuzzBytes) -> Effect? {
        guard input.byte() != 0 else { return nil }
        var e = Effect(structSize: input.uint32(), kind: input.uint32(), id: text(&input), name: text(&input),
                       description: text(&input), transitions: input.uint32(), paramCount: input.uint32(),
                       parameters: nil, defaultDuration: 0, interface: nil)
        let paramsPresent = input.byte() != 0
        e.defaultDuration = input.double()
        let layout = input.byte()
        let interface = Interface(layout: layout == 0 ? 0 : 1 + (layout - 1) % 3, structSize: input.uint32(), functions: input.byte())
        e.interface = layout == 0 ? nil : interface
        if paramsPresent {
            let listed = e.paramCount <= maxListed ? Int(e.paramCount) : 0
            e.parameters = (0..<listed).map { _ in parameter(&input) }
        }
        return e
    }

    private static func parameter(_ input: inout FuzzBytes) -> Parameter {
        var p = Parameter(structSize: input.uint32(), type: input.uint32(), id: text(&input), name: text(&input),
                          unit: text(&input), minimum: input.double(), maximum: input.double(),
                          defaultValue: input.double(), choiceCount: input.uint32(), choices: nil)
        if input.byte() != 0 {
            let listed = (1...UInt32(maxListed)).contains(p.choiceCount) ? Int(p.choiceCount) : 0
            p.choices = (0..<listed).map { _ in text(&input) }
        }
        return p
    }
}

// MARK: - Writing

extension DescriptorImage {
    /// The bytes that read back as this image (for seeds).
    var encoded: [UInt8] {
        var out = FuzzBytesWriter()
        out.uint32(structSize)
        out.uint16(abiMajor)
        out.uint16(abiMinor)
        for t in [id, name, version, vendor] { Self.write(t, &out) }
        out.byte(functions)
        out.uint16(effectCount)
        for effect in effects.prefix(Self.maxImagedEffects) {
            guard let e = effect else { out.byte(0); continue }
            out.byte(1)
            out.uint32(e.structSize)
            out.uint32(e.kind)
            for t in [e.id, e.name, e.description] { Self.write(t, &out) }
            out.uint32(e.transitions)
            out.uint32(e.paramCount)
            out.byte(e.parameters == nil ? 0 : 1)
            out.double(e.defaultDuration)
            out.byte(e.interface?.layout ?? 0)
            out.uint32(e.interface?.structSize ?? 0)
            out.byte(e.interface?.functions ?? 0)
            for p in e.parameters ?? [] {
                out.uint32(p.structSize)
                out.uint32(p.type)
                for t in [p.id, p.name, p.unit] { Self.write(t, &out) }
                out.double(p.minimum)
                out.double(p.maximum)
                out.double(p.defaultValue)
                out.uint32(p.choiceCount)
                out.byte(p.choices == nil ? 0 : 1)
                for c in p.choices ?? [] { Self.write(c, &out) }
            }
        }
        return out.bytes
    }

    private static func write(_ text: Text, _ out: inout FuzzBytesWriter) {
        switch text {
        case .null: out.byte(255)
        case .repeated(let count, let byte): out.byte(254); out.uint16(UInt16(min(count, 65535))); out.byte(byte)
        case .bytes(let b):
            // Longer texts are cut: a seed never needs 254 bytes of one field.
            let kept = b.prefix(253)
            out.byte(UInt8(kept.count))
            out.append(Array(kept))
        }
    }
}
