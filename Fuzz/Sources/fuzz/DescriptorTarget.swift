import PluginHost

/// Fuzzes the loader's checks of a plugin's entry and effect descriptors (DescriptorReader):
/// the input is laid out as the C structs a plugin exports (DescriptorImage) and checked as
/// the loader checks them after dlopen. Whatever the bytes, the checks must not crash or read
/// outside the structs; what they accept must keep every promise the host builds on
/// (AcceptedPlugin) and must survive the registry cache unchanged.
enum DescriptorTarget {
    static func run(_ data: UnsafeRawBufferPointer) -> String {
        var input = FuzzBytes(data)
        let memory = DescriptorMemory(DescriptorImage(&input))
        let (problems, plugin) = FuzzEntryPoints.check(entry: memory.entry, effectCount: memory.effectCount,
                                                       descriptor: memory.descriptor)
        guard let plugin else {
            if problems.isEmpty { FuzzTarget.broken("a refused plugin without a reason") }
            return "refused: \(problems.joined(separator: "; "))"
        }
        if plugin.effects.count != Int(memory.effectCount) {
            FuzzTarget.broken("accepted \(plugin.effects.count) effects of \(memory.effectCount)")
        }
        AcceptedPlugin.verify(plugin)
        if !FuzzEntryPoints.cacheKeeps(.plugin(plugin)) {
            FuzzTarget.broken("the registry cache does not give back the accepted plugin \(plugin)")
        }
        return "accepted: \(plugin.id) with \(plugin.effects.count) effects"
    }
}
