import Testing
import TransitionCore
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

import LibC

/// A plugin curve's time budget tells a slow curve from a busy machine: one value over the
/// budget is asked again, and only a second slow answer breaks the contract.
@Suite("Curve time budget")
struct CurveTimeBudgetTests {
    func sleep(_ seconds: Double) { usleep(UInt32(seconds * 1_000_000)) }

    @Test("one slow answer (the thread waited for a core) is asked again and forgiven; two in a row break the contract")
    func hiccupIsForgiven() {
        let curve = CurveFunction(name: "probe") { $0 }
        let budget = CurveTimeBudget(name: "probe")
        budget.function = curve
        var calls = 0
        _ = budget.timed { calls += 1; if calls == 1 { sleep(0.08) }; return 0.5 }
        #expect(calls == 2 && curve.violation == nil, "\(String(describing: curve.violation))")
        _ = budget.timed { sleep(0.08); return 0.5 }
        #expect(curve.violation?.contains("for one value") == true, "\(String(describing: curve.violation))")
    }
}
