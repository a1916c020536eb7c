import ArgumentParser
import PluginHost

/// The plugin scanner's helper process (`host _scan`). Not for people: discovery starts it
/// with a batch of plugin files and reads what it learned from descriptor 3.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: PluginScanChild.commandName, abstract: "Load plugin files and report what they offer (used by discovery).",
        shouldDisplay: false)

    @Option(name: .customLong("report-fd")) var reportDescriptor: Int32 = 3
    @Option var timeout: Double = 3
    @Option(name: .customLong("filter-fd")) var filterDescriptor: Int32 = -1
    @Argument var paths: [String] = []

    func run() throws {
        PluginScanChild.run(paths: paths, reportDescriptor: reportDescriptor, timeout: timeout, filterDescriptor: filterDescriptor)
    }
}
