import CTransitionABI
import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

/// ABI 1.2's descriptor fields, flags and reduced_motion, as DescriptorReader reads them: only
/// where the plugin's struct_size covers them, and a reduced variant only when it names
/// another effect of the same kind in the plugin.
@Suite("Effect descriptors of ABI 1.2: flags and reduced_motion")
struct EffectDescriptor12Tests {
    static let animator: th_animator_interface = {
        var i = th_animator_interface()
        i.struct_size = UInt32(MemoryLayout<th_animator_interface>.size)
        i.create = { _ in nil }
        i.destroy = { _ in }
        i.transition_duration = { _, _ in 0.3 }
        i.animate_transition = { _, _ in }
        return i
    }()

    static let delegate: th_delegate_interface = {
        var i = th_delegate_interface()
        i.struct_size = UInt32(MemoryLayout<th_delegate_interface>.size)
        return i
    }()

    /// Reads `descriptors` as a plugin's effects, each of `size` bytes as its struct_size says.
    func read(_ descriptors: [th_effect_descriptor], size: Int = MemoryLayout<th_effect_descriptor>.size)
        -> (effects: [EffectInfo], findings: DescriptorFindings) {
        var findings = DescriptorFindings()
        var copies = descriptors
        for i in copies.indices { copies[i].struct_size = UInt32(size) }
        let effects = withUnsafePointer(to: Self.animator) { animator in
            withUnsafePointer(to: Self.delegate) { delegate in
                for i in copies.indices {
                    copies[i].interface = UnsafeRawPointer(copies[i].kind == UInt32(TH_KIND_ANIMATOR) ? UnsafeRawPointer(animator) : UnsafeRawPointer(delegate))
                }
                return copies.withUnsafeBufferPointer { list in
                    DescriptorReader.effects(count: UInt32(list.count), pluginID: "fixture", findings: &findings) { list.baseAddress! + Int($0) }
                }
            }
        }
        return (effects.map(\.info), findings)
    }

    /// A C string that lives as long as the test process, as a plugin's static strings do.
    func lasting(_ s: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(s)!) }

    /// An animator descriptor with `id`; `reduced` and `flags` set as given.
    func descriptor(_ id: String, reduced: String? = nil, flags: UInt32 = 0,
                    kind: Int32 = Int32(TH_KIND_ANIMATOR)) -> th_effect_descriptor {
        var d = th_effect_descriptor()
        d.kind = UInt32(kind)
        d.id = lasting(id)
        d.name = lasting(id)
        d.transitions = UInt32(TH_TRANSITION_PRESENT) | UInt32(TH_TRANSITION_DISMISS)
        d.default_duration = 0.3
        d.flags = flags
        d.reduced_motion = reduced.map(lasting)
        return d
    }

    @Test("TH_EFFECT_CUTS and reduced_motion are read from a 1.2 descriptor; unknown flags are ignored")
    func readFromATwelveDescriptor() {
        let (effects, findings) = read([descriptor("fx", reduced: "calm", flags: UInt32(TH_EFFECT_CUTS) | 0x80), descriptor("calm")])
        #expect(findings.problems.isEmpty, "\(findings.problems)")
        #expect(effects.map(\.cuts) == [true, false])
        #expect(effects.map(\.reducedMotion) == ["calm", nil])
    }

    @Test("a descriptor of 1.1's size (64 bytes) is never read past its end, whatever lies there")
    func notReadPastAnElevenDescriptor() {
        #expect(Int(TH_EFFECT_DESCRIPTOR_SIZE_1_1) == 64)
        let (effects, findings) = read([descriptor("fx", reduced: "calm", flags: UInt32(TH_EFFECT_CUTS)), descriptor("calm")],
                                       size: Int(TH_EFFECT_DESCRIPTOR_SIZE_1_1))
        #expect(findings.problems.isEmpty, "\(findings.problems)")
        #expect(effects.map(\.cuts) == [false, false])
        #expect(effects.map(\.reducedMotion) == [nil, nil])
    }

    @Test("a reduced variant must be another effect of the plugin, of the same kind, with an id's shape",
          arguments: [
            ("fx", "names the effect itself"),
            ("missing", "names 'missing', which this plugin does not offer"),
            ("pairs", "names 'pairs', a delegate; it must be an animator as the effect is"),
            ("Not An Id", "reduced_motion 'Not An Id' is not well formed"),
          ])
    func badVariants(_ reduced: String, _ says: String) {
        let (_, findings) = read([descriptor("fx", reduced: reduced), descriptor("pairs", kind: Int32(TH_KIND_TRANSITIONING_DELEGATE))])
        #expect(findings.problems.count == 1 && findings.problems.first?.contains(says) == true, "\(findings.problems)")
        #expect(findings.problems.first?.contains("effect 'fx'") == true)
    }
}
