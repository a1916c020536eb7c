import FoundationEssentials

import LibC

/// `host new NAME --lang c|swift|rust`: a small project with one working animator that
/// builds with one command (make, swift build, cargo build) and installs its .so into the
/// user plugin folder (make install, ./install.sh).
public enum PluginProject {
    public enum Language: String, CaseIterable, Sendable {
        case c, swift, rust

        /// The command that builds the project, and the one that installs it.
        public var buildCommand: String {
            switch self {
            case .c: return "make"
            case .swift: return "swift build"
            case .rust: return "cargo build"
            }
        }

        public var installCommand: String { self == .c ? "make install" : "./install.sh" }

        /// Where the build command leaves the plugin, inside the project.
        public func builtLibrary(_ name: ProjectName) -> String {
            switch self {
            case .c: return "\(name.id).so"
            case .swift: return ".build/debug/lib\(name.id).so"
            case .rust: return "target/debug/lib\(name.cIdentifier).so"
            }
        }
    }

    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// The files of the project, with paths relative to its folder.
    public static func files(_ name: ProjectName, language: Language) throws -> [ProjectFile] {
        switch language {
        case .c: return ExampleTemplate.c.files(for: name)
        case .swift: return ExampleTemplate.swift(header: try SDKHeader.contents()).files(for: name)
        case .rust: return ExampleTemplate.rust.files(for: name)
        }
    }

    /// Writes the project into a new folder `directory` (which must not exist: an existing
    /// project is never overwritten). Returns the paths written.
    @discardableResult
    public static func create(_ name: ProjectName, language: Language, at directory: String) throws -> [String] {
        let manager = FileManager.default
        var info = stat()
        if lstat(directory, &info) == 0 {
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            throw Refusal(description: "\(directory) already exists\(isFolder ? "" : " (a file)"); choose another name or folder — nothing was written")
        }
        let files = try self.files(name, language: language)
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for file in files {
            let path = "\(directory)/\(file.path)"
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
            if file.executable { try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
            written.append(path)
        }
        return written
    }
}
