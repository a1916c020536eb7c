import FoundationEssentials

import LibC

/// `host sdk install`: the header and a pkg-config file under a prefix (by default ~/.local,
/// which needs no root), so that a plugin builds with
///
///     cc -shared -fPIC $(pkg-config --cflags transition-host) fx.c -o fx.so
public struct SDKInstallation: Sendable {
    /// The pkg-config package name.
    public static let packageName = "transition-host"

    public let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    /// ~/.local, or nil without a home.
    public static func defaultPrefix(environment: [String: String]) -> String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return "\(home)/.local"
    }

    public var includeFolder: String { "\(prefix)/include/\(Self.packageName)" }
    public var headerPath: String { "\(includeFolder)/\(SDKHeader.fileName)" }
    public var pkgConfigFolder: String { "\(prefix)/lib/pkgconfig" }
    public var pkgConfigPath: String { "\(pkgConfigFolder)/\(Self.packageName).pc" }

    /// The .pc file. Its Cflags point at the folder holding transition_host.h, so plugins
    /// write `#include "transition_host.h"` whether they build in the checkout or outside it.
    public var pkgConfigFile: String {
        """
        # The transition host's plugin SDK: transition_host.h, the C ABI every plugin is built
        # against. Written by `host sdk install`.
        prefix=\(prefix)
        includedir=${prefix}/include/\(Self.packageName)

        Name: \(Self.packageName)
        Description: Plugin SDK of the transition host (UIKit-style view-controller transitions)
        Version: \(SDKHeader.abiVersion)
        Cflags: -I${includedir}

        """
    }

    public struct WriteFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public enum Change: Equatable, Sendable {
        case written(String)
        case unchanged(String)
    }

    /// Writes the header and the .pc file; a file already as it should be is left alone.
    public func install() throws -> [Change] {
        [try put(try SDKHeader.contents(), at: headerPath), try put(pkgConfigFile, at: pkgConfigPath)]
    }

    /// Writes through a temporary file and a rename, so a reader never sees half a header.
    private func put(_ text: String, at path: String) throws -> Change {
        let manager = FileManager.default
        let data = Data(text.utf8)
        if manager.contents(atPath: path) == data { return .unchanged(path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = "\(path).\(getpid()).tmp"
        try data.write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) != 0 {
            try? manager.removeItem(atPath: temporary)
            throw WriteFailure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return .written(path)
    }

    /// True when PKG_CONFIG_PATH already names this prefix's pkgconfig folder.
    public func isOnPkgConfigPath(environment: [String: String]) -> Bool {
        (environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").contains { $0 == pkgConfigFolder || $0 == pkgConfigFolder + "/" }
    }
}
