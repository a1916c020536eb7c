import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// The user plugin folder, as `host sdk install` names it to the user and the search path
/// looks in it: $XDG_DATA_HOME/transition-host/plugins, or ~/.local/share when that is unset.
@Suite("The user plugin folder")
struct UserFolderTests {
    @Test("XDG_DATA_HOME when set, else ~/.local/share; none without a home")
    func userFolder() {
        #expect(PluginSearchPath.userFolder(environment: ["HOME": "/home/ada"]) == "/home/ada/.local/share/transition-host/plugins")
        #expect(PluginSearchPath.userFolder(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data"]) == "/data/transition-host/plugins")
        #expect(PluginSearchPath.userFolder(environment: [:]) == nil)
    }
}
