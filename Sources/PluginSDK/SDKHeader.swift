import CTransitionABI
import FoundationEssentials
import LibC

/// The SDK's one header, transition_host.h, as this host was built with it.
public enum SDKHeader {
    public static let fileName = "transition_host.h"
    public static let abiVersion = "\(TH_ABI_MAJOR).\(TH_ABI_MINOR)"

    /// Where the header was when this host was built: a host run from its checkout reads it
    /// there, so that its SDK is never a stale copy.
    public static let sourcePath: String = {
        var url = URL(fileURLWithPath: #filePath)  // <root>/Sources/PluginSDK/SDKHeader.swift
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("CTransitionABI/include/\(fileName)").path
    }()

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// Where Scripts/install puts a copy: include/ beside the installed binary, so that an
    /// installed host still has its SDK when the checkout it was built from is gone.
    public static var installedPath: String? {
        guard let exe = currentExecutablePath(), let slash = exe.lastIndex(of: "/") else { return nil }
        return "\(exe[..<slash])/include/\(fileName)"
    }

    /// The header beside the binary when installed there, else the checkout's.
    public static func contents() throws -> String {
        for path in [installedPath, sourcePath].compactMap({ $0 }) {
            if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
        }
        throw Missing(description: "the SDK header is neither beside this host (\(installedPath ?? "?")) nor at \(sourcePath), where it was built; install the host again with Scripts/install from its checkout")
    }
}
