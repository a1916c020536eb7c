import TransitionCore

/// The plugin files and folders the trust check refused (TrustPolicy), as lines for
/// EffectRegistry.refusedPlugins: an effect such a plugin offers is unknown to the host, and
/// "no effect named 'kf'" alone would hide why. Paths are plugin-controlled text, so each
/// line is escaped for the terminal.
enum TrustRefusals {
    /// Folder problems made by PluginFolderWalk for a refused folder start with this.
    static let folderPrefix = "refused the "

    static func lines(files: [(path: String, failure: PluginLoadFailure)], folderProblems: [String]) -> [String] {
        let refusedFiles = files.filter { $0.failure.kind == .untrusted }.map { "\($0.path): \($0.failure.message)" }
        let refusedFolders = folderProblems.filter { $0.hasPrefix(folderPrefix) }.map { String($0.dropFirst(folderPrefix.count)) }
        return (refusedFiles + refusedFolders).map(VisibleText.escape)
    }
}

extension DiscoveredPlugins {
    var trustRefusals: [String] {
        TrustRefusals.lines(
            files: files.compactMap { file in
                if case .problem(.failed(let failure)) = file.status { return (file.path, failure) } else { return nil }
            },
            folderProblems: folderProblems)
    }
}

extension PluginCatalog {
    var trustRefusals: [String] {
        TrustRefusals.lines(
            files: records.compactMap { record in
                if case .problem(.failed(let failure)) = record.status { return (record.path, failure) } else { return nil }
            },
            folderProblems: folderProblems)
    }
}
