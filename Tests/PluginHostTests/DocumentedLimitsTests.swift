import CTransitionABI
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// The header's TH_MAX_* limits, each at exactly the limit (allowed) and one past it (refused,
/// naming the limit): the per-item ones as DescriptorReader reads a text or an id, the totals
/// as DescriptorBudget counts a plugin's descriptors.
@Suite("Documented limits, at the limit and one past")
struct DocumentedLimitsTests {
    /// `body` gets a C string of `count` copies of "a".
    func withText<R>(_ count: Int, _ body: (UnsafePointer<CChar>) -> R) -> R {
        String(repeating: "a", count: count).withCString(body)
    }

    @Test("a name, unit or description: 4096 bytes read whole, 4097 refused (TH_MAX_TEXT_BYTES)")
    func textBytes() throws {
        #expect(Int(TH_MAX_TEXT_BYTES) == 4096)
        let at = withText(4096) { DescriptorReader.string($0) }
        #expect(try at.get()?.utf8.count == 4096)
        let past = withText(4097) { DescriptorReader.string($0) }
        #expect(throws: DescriptorReader.TextProblem.self) { try past.get() }
    }

    @Test("a plugin's log line: 1024 bytes kept whole, 1025 cut to 1024 and saying so")
    func logLineBytes() {
        #expect(HostRuntime.logLineLimit == 1024)
        #expect(withText(1024) { HostRuntime.logText($0) } == String(repeating: "a", count: 1024))
        #expect(withText(1025) { HostRuntime.logText($0) } == String(repeating: "a", count: 1024) + "… (cut: longer than 1024 bytes)")
    }

    @Test("an id: 63 bytes allowed, 64 refused (TH_MAX_ID_BYTES)")
    func idBytes() {
        #expect(Int(TH_MAX_ID_BYTES) == 63)
        var findings = DescriptorFindings()
        #expect(withText(63) { DescriptorReader.identifier($0, field: "effect id", findings: &findings) }?.utf8.count == 63)
        #expect(findings.problemCount == 0)
        #expect(withText(64) { DescriptorReader.identifier($0, field: "effect id", findings: &findings) } == nil)
        #expect(findings.problemCount == 1)
    }

    /// Counts `effects` effects of `parameters` parameters each into `budget`; each parameter
    /// an enum of `choices` choices when `choices` > 0.
    func count(effects: Int, parameters: Int, choices: Int = 0, into budget: inout DescriptorBudget) {
        let names = [UnsafePointer<CChar>?](repeating: nil, count: max(choices, 1))
        names.withUnsafeBufferPointer { names in
            var p = th_param_descriptor()
            p.struct_size = UInt32(MemoryLayout<th_param_descriptor>.stride)
            p.type = UInt32(choices > 0 ? TH_PARAM_ENUM : TH_PARAM_DOUBLE)
            p.choice_count = UInt32(choices)
            p.choices = choices > 0 ? names.baseAddress : nil
            let params = [th_param_descriptor](repeating: p, count: parameters)
            params.withUnsafeBufferPointer { list in
                var d = th_effect_descriptor()
                d.struct_size = UInt32(MemoryLayout<th_effect_descriptor>.stride)
                d.param_count = UInt32(parameters)
                d.params = list.baseAddress
                for _ in 0..<effects { withUnsafePointer(to: &d) { budget.count(effect: $0) } }
            }
        }
    }

    @Test("parameters in all: 2048 allowed, 2049 refused (TH_MAX_TOTAL_PARAMS)")
    func totalParameters() {
        var budget = DescriptorBudget()
        count(effects: 32, parameters: 64, into: &budget)
        #expect(budget.parameters == 2048 && budget.problem == nil)
        count(effects: 1, parameters: 1, into: &budget)
        #expect(budget.problem?.contains("TH_MAX_TOTAL_PARAMS") == true, "\(budget.problem ?? "no problem")")
    }

    @Test("enum choices in all: 8192 allowed, 8193 refused (TH_MAX_TOTAL_CHOICES)")
    func totalChoices() {
        var budget = DescriptorBudget()
        count(effects: 2, parameters: 64, choices: 64, into: &budget)
        #expect(budget.choices == 8192 && budget.problem == nil)
        count(effects: 1, parameters: 1, choices: 1, into: &budget)
        #expect(budget.problem?.contains("TH_MAX_TOTAL_CHOICES") == true, "\(budget.problem ?? "no problem")")
    }

    @Test("text in all: 1,048,576 bytes allowed, one more refused (TH_MAX_DESCRIPTOR_TEXT_BYTES)")
    func totalText() {
        var budget = DescriptorBudget()
        withText(4096) { long in
            var d = th_effect_descriptor()
            d.struct_size = UInt32(MemoryLayout<th_effect_descriptor>.stride)
            d.name = long
            for _ in 0..<256 { withUnsafePointer(to: &d) { budget.count(effect: $0) } }
        }
        #expect(budget.bytes == 1_048_576 && budget.problem == nil)
        withText(1) { one in
            var d = th_effect_descriptor()
            d.struct_size = UInt32(MemoryLayout<th_effect_descriptor>.stride)
            d.id = one
            withUnsafePointer(to: &d) { budget.count(effect: $0) }
        }
        #expect(budget.problem?.contains("TH_MAX_DESCRIPTOR_TEXT_BYTES") == true, "\(budget.problem ?? "no problem")")
    }
}
