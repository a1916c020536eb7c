import Foundation
import TestSupport
import Testing

/// SIGINT, SIGTERM and SIGHUP have one handler in the whole command, CChildProcess's: the
/// terminal's restoring, the watch's clean stop and the cleanup of children and folders
/// register with it (child_process.h), so that none replaces another's, as four handlers
/// did. Other signals are set where they are used: SIGPIPE ignored around a pipe, SIGXFSZ
/// and SIGUSR1 in a helper, and a signal's default put back before re-raising it.
@Suite("One owner of the terminating signals")
struct SignalOwnerTests {
    @Test("no source but CChildProcess's installs a handler for a terminating signal")
    func oneOwner() throws {
        let sources = Repo.root + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }
            .filter { ($0.hasSuffix(".swift") || $0.hasSuffix(".c")) && $0 != "CChildProcess/child_process.c" }
        #expect(files.count > 100)
        var installs: [String] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), !code.hasPrefix("*"), code.contains("signal(") || code.contains("sigaction(") else { continue }
                guard !code.contains("strsignal("), !code.contains(".signal()") else { continue }
                if ["SIGPIPE", "SIGXFSZ", "SIGUSR1", "SIG_DFL"].contains(where: code.contains) { continue }
                installs.append("\(file):\(number + 1): \(code)")
            }
        }
        #expect(installs.isEmpty, "handlers installed outside CChildProcess:\n\(installs.joined(separator: "\n"))")
    }
}
