/// One file of a new plugin project: its path inside the project and its text.
public struct ProjectFile: Sendable, Equatable {
    public let path: String
    public let contents: String
    /// Scripts (install.sh) are written executable.
    public let executable: Bool

    init(_ path: String, _ contents: String, executable: Bool = false) {
        self.path = path
        self.contents = contents
        self.executable = executable
    }
}
