import Foundation
@testable import PluginSDK

/// Runs a program (cc, pkg-config, a compiled probe) and returns its standard output; throws
/// when it fails. Reading the output to its end means the child has finished writing, so the
/// wait that follows is short.
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PluginProject.Refusal(description: "\(executable) \(arguments) failed with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
}
