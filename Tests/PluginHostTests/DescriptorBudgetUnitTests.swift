import CTransitionABI
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// The text budget counts every text a plugin declares, curves' included (the audit found a
/// slip that forgot them unnoticed).
@Suite("The descriptor budget, counted")
struct DescriptorBudgetUnitTests {
    @Test("a timing curve's id and name count toward TH_MAX_DESCRIPTOR_TEXT_BYTES, byte for byte; its signature does not")
    func curveTexts() {
        "bouncy".withCString { id in
            "A bouncy curve".withCString { name in
                "d(d)".withCString { signature in
                    var curve = th_timing_curve()
                    curve.struct_size = UInt32(MemoryLayout<th_timing_curve>.size)
                    curve.id = id
                    curve.name = name
                    curve.signature = signature
                    withUnsafePointer(to: &curve) { item in
                        var list = th_timing_curves(struct_size: UInt32(MemoryLayout<th_timing_curves>.size), count: 1, items: item)
                        var budget = DescriptorBudget()
                        withUnsafePointer(to: &list) { budget.count(curves: UnsafeRawPointer($0)) }
                        #expect(budget.bytes == 6 + 14)
                        #expect(budget.problem == nil)
                    }
                }
            }
        }
    }
}
