import LibC

/// What a test's child process is doing now, written to its standard error as it goes. When
/// the child crashes or hangs, the parent shows the last step: "crashed during: presenting
/// with fade". Written with write(2), unbuffered, so that the line is out before any crash.
enum ChildProgress {
    static let prefix = "validate-step: "

    static func step(_ what: String) {
        let line = prefix + what.replacingNewlines + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}

extension String {
    var replacingNewlines: String { String(map { $0 == "\n" ? " " : $0 }) }
}
