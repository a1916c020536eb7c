import CTransitionABI
import PluginHost

import LibC

/// Seeds for the descriptor corpus from real plugins: each plugin is loaded here (so only
/// trusted ones, such as the bundled plugins), initialised, and its entry and descriptors
/// written out as a DescriptorImage, one file per plugin.
enum DescriptorSeeds {
    static func write(plugins: [String], to folder: String) -> Int32 {
        var failed: Int32 = 0
        for path in plugins {
            guard let image = image(of: path) else {
                printError("fuzz: cannot load \(path)")
                failed = 1
                continue
            }
            let name = String((path.split(separator: "/").last ?? "plugin").split(separator: ".").first ?? "plugin")
            let out = "\(folder)/seed-\(name)"
            guard let file = fopen(out, "wb") else { printError("fuzz: cannot write \(out)"); return 1 }
            let bytes = image.encoded
            fwrite(bytes, 1, bytes.count, file)
            fclose(file)
            print("wrote \(out) (\(bytes.count) bytes)")
        }
        return failed
    }

    private static func image(of path: String) -> DescriptorImage? {
        guard case .success(let form) = PluginInspection.entryForm(path: path),
              case .success(let handle) = PluginInspection.link(path: path),
              case .success(let entry) = PluginInspection.entry(in: handle, form: form, path: path)
        else { return nil }
        let e = entry.pointee
        let id = (text(e.id).bytesIfAny.map { String(decoding: $0, as: UTF8.self) }) ?? "seed"
        guard PluginInspection.initialize(entry, pluginID: id), let count = e.effect_count?(), let get = e.get_effect else { return nil }
        let functions: UInt8 = (e.`init` != nil ? 1 : 0) | (e.`deinit` != nil ? 2 : 0) | 4 | 8 | (e.get_extension != nil ? 16 : 0)
        return DescriptorImage(
            structSize: e.struct_size, abiMajor: e.abi_major, abiMinor: e.abi_minor, id: text(e.id), name: text(e.name),
            version: text(e.version), vendor: text(e.vendor), functions: functions, effectCount: UInt16(min(count, 0xffff)),
            effects: (0..<min(count, UInt32(DescriptorImage.maxImagedEffects))).map { index in get(index).map { effect($0.pointee) } })
    }

    private static func effect(_ d: th_effect_descriptor) -> DescriptorImage.Effect {
        var interface: DescriptorImage.Interface?
        if let raw = d.interface {
            let size = raw.load(as: UInt32.self)
            let layout: UInt8 = d.kind == 2 ? 2 : d.kind == 4 ? 3 : 1
            let slots = min(8, (Int(size) - 8) / 8)
            var functions: UInt8 = 0
            for slot in 0..<max(0, slots) where raw.load(fromByteOffset: 8 + 8 * slot, as: UInt.self) != 0 { functions |= 1 << slot }
            interface = .init(layout: layout, structSize: size, functions: functions)
        }
        let parameters: [DescriptorImage.Parameter]? = d.params.map { list in
            (0..<Int(min(d.param_count, 64))).map { i in
                let p = list[i]
                return DescriptorImage.Parameter(
                    structSize: p.struct_size, type: p.type, id: text(p.id), name: text(p.name), unit: text(p.unit),
                    minimum: p.min_value, maximum: p.max_value, defaultValue: p.default_value, choiceCount: p.choice_count,
                    choices: p.choices.map { c in (0..<Int(min(p.choice_count, 64))).map { text(c[$0]) } })
            }
        }
        return DescriptorImage.Effect(
            structSize: d.struct_size, kind: d.kind, id: text(d.id), name: text(d.name), description: text(d.description),
            transitions: d.transitions, paramCount: d.param_count, parameters: parameters,
            defaultDuration: d.default_duration, interface: interface)
    }

    private static func text(_ p: UnsafePointer<CChar>?) -> DescriptorImage.Text {
        guard let p else { return .null }
        return .bytes(Array(UnsafeRawBufferPointer(start: p, count: strnlen(p, 253))))
    }
}

private extension DescriptorImage.Text {
    var bytesIfAny: [UInt8]? { if case .bytes(let b) = self { return b } else { return nil } }
}
