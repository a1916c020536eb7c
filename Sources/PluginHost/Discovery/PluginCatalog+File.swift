/// A catalog of one plugin file, outside any search path: what `host validate` examines, with
/// the registries `host run` would build from it (the host's standard effects and curves
/// included, so that a plugin's delegate or presentation controller can pair with them).
extension PluginCatalog {
    public static func load(file path: String) -> PluginCatalog {
        let record: PluginFileRecord
        switch PluginLoader.load(path: path) {
        case .success(let plugin): record = PluginFileRecord(path: path, origin: .option, status: .loaded(plugin))
        case .failure(let failure): record = PluginFileRecord(path: path, origin: .option, status: .failed(failure))
        }
        return PluginCatalog(records: [record], folderProblems: [])
    }
}
