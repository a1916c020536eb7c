import CTransitionABI
import FoundationEssentials

/// The SDK's one header, transition_host.h, as this host was built with it.
public enum SDKHeader {
    public static let fileName = "transition_host.h"
    public static let abiVersion = "\(TH_ABI_MAJOR).\(TH_ABI_MINOR)"

    /// Where the header was when this host was built: the host is run from its checkout
    /// (Scripts/host), and reading the file there means the SDK is never a stale copy.
    public static let sourcePath: String = {
        var url = URL(fileURLWithPath: #filePath)  // <root>/Sources/PluginSDK/SDKHeader.swift
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("CTransitionABI/include/\(fileName)").path
    }()

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    public static func contents() throws -> String {
        guard let data = FileManager.default.contents(atPath: sourcePath) else {
            throw Missing(description: "the SDK header is not at \(sourcePath), where this host was built; run the host from its checkout (Scripts/host)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
