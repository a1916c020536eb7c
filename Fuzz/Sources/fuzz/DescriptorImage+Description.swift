import CTransitionABI
import PluginHost
import TransitionCore

extension DescriptorImage {
    /// The descriptors a plugin would export to be described as `plugin`: every struct of its
    /// 1.0 size, every required function present.
    init(_ plugin: PluginDescription) {
        structSize = UInt32(MemoryLayout<th_plugin_entry>.size)
        abiMajor = UInt16(truncatingIfNeeded: plugin.abiMajor)
        abiMinor = UInt16(truncatingIfNeeded: plugin.abiMinor)
        id = Text(plugin.id)
        name = Text(plugin.name)
        version = Text(plugin.version)
        vendor = Text(plugin.vendor)
        functions = 0x1f
        effectCount = UInt16(plugin.effects.count)
        effects = plugin.effects.map { Effect($0) }
    }
}

extension DescriptorImage.Effect {
    init(_ e: EffectInfo) {
        let interface: (layout: UInt8, size: Int)
        switch e.kind {
        case .animator, .interactionController: interface = (1, MemoryLayout<th_animator_interface>.size)
        case .presentationController: interface = (2, MemoryLayout<th_presentation_interface>.size)
        case .transitioningDelegate: interface = (3, MemoryLayout<th_delegate_interface>.size)
        }
        self.init(structSize: UInt32(MemoryLayout<th_effect_descriptor>.size), kind: e.kind.rawValue,
                  id: .init(e.effectID), name: .init(e.displayName), description: .init(e.summary),
                  transitions: e.transitions.rawValue, paramCount: UInt32(e.parameters.count),
                  parameters: e.parameters.map { p in
                      DescriptorImage.Parameter(
                          structSize: UInt32(MemoryLayout<th_param_descriptor>.size), type: p.type.rawValue,
                          id: .init(p.id), name: .init(p.name), unit: .init(p.unit), minimum: p.minimum,
                          maximum: p.maximum, defaultValue: p.defaultValue, choiceCount: UInt32(p.choices.count),
                          choices: p.choices.isEmpty ? nil : p.choices.map { .init($0) })
                  },
                  defaultDuration: e.defaultDuration,
                  interface: .init(layout: interface.layout, structSize: UInt32(interface.size), functions: 0xff))
    }
}
