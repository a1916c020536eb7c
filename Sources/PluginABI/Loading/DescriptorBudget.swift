import CTransitionABI

import LibC

/// The header's totals over everything one plugin declares (TH_MAX_TOTAL_PARAMS,
/// TH_MAX_TOTAL_CHOICES, TH_MAX_DESCRIPTOR_TEXT_BYTES), measured before any descriptor is
/// read in full. The loader (in the host and in the scanner's helper) and `host validate`'s
/// audit all call this one check, so they cannot disagree about a plugin; and it stops at the
/// first limit passed, so a plugin far over them costs no more than one within them.
///
/// It only counts: parts the readers refuse for another reason (a short struct_size, a NULL
/// list, a count over its per-item limit) are skipped here and reported there.
public struct DescriptorBudget {
    public static let totalParameters = Int(TH_MAX_TOTAL_PARAMS)
    public static let totalChoices = Int(TH_MAX_TOTAL_CHOICES)
    public static let textBytes = Int(TH_MAX_DESCRIPTOR_TEXT_BYTES)

    public private(set) var parameters = 0
    public private(set) var choices = 0
    public private(set) var bytes = 0
    /// The first limit passed, said for the author; nil while within them.
    public private(set) var problem: String?

    public init() {}

    /// Counts one effect descriptor: its texts and its parameters.
    public mutating func count(effect d: UnsafePointer<th_effect_descriptor>) {
        guard problem == nil, d.pointee.struct_size >= FrozenABI.effectDescriptor else { return }
        text(d.pointee.id)
        text(d.pointee.name)
        text(d.pointee.description)
        count(parameters: d.pointee.params, count: d.pointee.param_count)
    }

    /// Counts a plugin's TH_EXT_TIMING_CURVES list: each curve's texts and parameters.
    public mutating func count(curves raw: UnsafeRawPointer) {
        let list = raw.assumingMemoryBound(to: th_timing_curves.self).pointee
        guard problem == nil, list.struct_size >= FrozenABI.timingCurves,
              list.count > 0, list.count <= UInt32(TH_MAX_EFFECTS), let items = list.items,
              case .success(let stride) = FrozenABI.stride(of: items, minimum: FrozenABI.timingCurve)
        else { return }
        for i in 0..<Int(list.count) where problem == nil {
            let item = FrozenABI.element(items, i, stride: stride).pointee
            guard item.struct_size == UInt32(stride) else { continue }
            text(item.id)
            text(item.name)
            count(parameters: item.params, count: item.param_count)
        }
    }

    private mutating func count(parameters list: UnsafePointer<th_param_descriptor>?, count: UInt32) {
        guard problem == nil, count > 0, count <= UInt32(TH_MAX_PARAMS), let list,
              case .success(let stride) = FrozenABI.stride(of: list, minimum: FrozenABI.paramDescriptor)
        else { return }
        parameters += Int(count)
        guard parameters <= Self.totalParameters else {
            problem = "declares more than \(Self.totalParameters) parameters in all its effects and curves (TH_MAX_TOTAL_PARAMS)"
            return
        }
        for i in 0..<Int(count) where problem == nil {
            let p = FrozenABI.element(list, i, stride: stride).pointee
            guard p.struct_size == UInt32(stride) else { continue }
            text(p.id)
            text(p.name)
            text(p.unit)
            guard p.type == UInt32(TH_PARAM_ENUM), p.choice_count <= UInt32(TH_MAX_CHOICES), let names = p.choices else { continue }
            choices += Int(p.choice_count)
            guard choices <= Self.totalChoices else {
                problem = "declares more than \(Self.totalChoices) enum choices in all its parameters (TH_MAX_TOTAL_CHOICES)"
                return
            }
            for c in 0..<Int(p.choice_count) where problem == nil { text(names[c]) }
        }
    }

    /// Adds one string's bytes (at most TH_MAX_TEXT_BYTES + 1 are looked at: a longer one is
    /// refused by the reader anyway).
    private mutating func text(_ p: UnsafePointer<CChar>?) {
        guard problem == nil, let p else { return }
        bytes += strnlen(p, Int(TH_MAX_TEXT_BYTES) + 1)
        if bytes > Self.textBytes {
            problem = "declares more than \(Self.textBytes) bytes of text in the ids, names, units, descriptions and choices of its effects and curves (TH_MAX_DESCRIPTOR_TEXT_BYTES)"
        }
    }

    /// The fix to give with `problem`.
    public static let fix = "declare fewer effects, parameters or choices, or shorter texts; the limits are in transition_host.h (TH_MAX_*)"
}
