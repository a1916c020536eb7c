import LibC

/// Where the host looks for plugins, in order: `--plugin-path` folders, then HOST_PLUGIN_PATH
/// (colon-separated), then the user folder ($XDG_DATA_HOME/transition-host/plugins, by default
/// ~/.local/share/transition-host/plugins), then the plugins bundled with the build (the
/// `plugins` folder next to the host binary). A plugin id found earlier shadows a later one.
public struct PluginSearchPath: Sendable {
    public enum Origin: String, Sendable {
        case option = "--plugin-path"
        /// A folder the user marked untrusted: searched as --plugin-path, but its plugins
        /// always run isolated, each in a process of its own (`host run --isolate`).
        case untrusted = "--untrusted-plugin-path"
        case environment = "HOST_PLUGIN_PATH"
        case user = "user"
        case bundled = "bundled"
    }

    public struct Folder: Hashable, Sendable {
        public let path: String
        public let origin: Origin
    }

    public let folders: [Folder]

    public init(folders: [Folder]) { self.folders = folders }

    public static let userFolderSuffix = "transition-host/plugins"

    public static func standard(
        options: [String], untrusted: [String] = [], environment: [String: String], executablePath: String?
    ) -> PluginSearchPath {
        var folders = options.map { Folder(path: $0, origin: .option) }
        folders += untrusted.map { Folder(path: $0, origin: .untrusted) }
        if let list = environment["HOST_PLUGIN_PATH"] {
            folders += list.split(separator: ":").map { Folder(path: String($0), origin: .environment) }
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folders.append(Folder(path: "\(data)/\(userFolderSuffix)", origin: .user))
        } else if let home = environment["HOME"], !home.isEmpty {
            folders.append(Folder(path: "\(home)/.local/share/\(userFolderSuffix)", origin: .user))
        }
        if let exe = executablePath, let slash = exe.lastIndex(of: "/") {
            folders.append(Folder(path: "\(exe[..<slash])/plugins", origin: .bundled))
        }
        return PluginSearchPath(folders: folders)
    }

    /// The running executable's path, from /proc, or nil.
    public static func currentExecutablePath() -> String? { LibC.currentExecutablePath() }

    /// The user plugin folder for `environment`, where an installed .so is found by `host list`.
    public static func userFolder(environment: [String: String]) -> String? {
        standard(options: [], environment: environment, executablePath: nil).folders.first { $0.origin == .user }?.path
    }
}
