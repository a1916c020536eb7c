import ArgumentParser
import PluginHost

/// An isolated plugin's process (`host _isolate`). Not for people: `host run --isolate`
/// starts it with the plugin's path and one end of a socket on descriptor 3.
struct IsolateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: IsolatedPluginChild.commandName, abstract: "Run one plugin for an isolated host (used by 'host run --isolate').",
        shouldDisplay: false)

    @Option(name: .customLong("channel-fd")) var channelDescriptor: Int32 = 3
    @Option(name: .customLong("filter-fd")) var filterDescriptor: Int32 = -1
    /// Absent for a spare, which reads it from the channel (SpareIsolatedProcess).
    @Argument var path: String?

    func run() throws {
        IsolatedPluginChild.run(path: path, channelDescriptor: channelDescriptor, filterDescriptor: filterDescriptor)
    }
}
