import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

@Suite("An isolated plugin's budget")
struct IsolationBudgetTests {
    @Test("five times --isolate-timeout (as its help says), unless HOST_ISOLATE_BUDGET gives a number of seconds above 0")
    func budget() {
        #expect(IsolatedPluginProcess.budget(timeout: 2, setting: nil) == 10)
        #expect(IsolatedPluginProcess.budget(timeout: 0.4, setting: nil) == 2)
        #expect(IsolatedPluginProcess.budget(timeout: 2, setting: "1.5") == 1.5)
        for refused in ["", "soon", "0", "-1", "inf", "nan"] {
            #expect(IsolatedPluginProcess.budget(timeout: 2, setting: refused) == 10, "\(refused)")
        }
    }
}
