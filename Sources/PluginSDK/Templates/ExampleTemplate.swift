/// `host new`'s template for one language is that language's example in Examples/ (c-fade,
/// swift-fade, rust-fade): its files are compiled in (the links in Templates/ point at them),
/// and a new project is the example with the example's names replaced by the new ones. So the
/// examples and the templates are one text, and an edited example is what `host new` writes.
struct ExampleTemplate {
    /// A file of the example: its path there, and its text.
    struct File {
        let path: String
        let text: String
        var executable = false

        init(_ path: String, _ bytes: [UInt8], executable: Bool = false) {
            self.path = path
            self.text = String(decoding: bytes, as: UTF8.self)
            self.executable = executable
        }

        init(_ path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// The example's project name ("c-fade"): the words in its files that a new project renames.
    let example: ProjectName
    let files: [File]

    /// The project `name`: every file, path and text, with the example's names replaced.
    func files(for name: ProjectName) -> [ProjectFile] {
        let renaming = ProjectRenaming(from: example, to: name)
        return files.map { ProjectFile(renaming.apply($0.path), renaming.apply($0.text), executable: $0.executable) }
    }
}

extension ExampleTemplate {
    /// Examples/c-fade: a Makefile project built with plain cc against the installed SDK
    /// (`pkg-config --cflags transition-host`).
    static let c = ExampleTemplate(example: try! ProjectName("c-fade"), files: [
        File("Makefile", PackageResources.c_Makefile_template),
        File("c-fade.c", PackageResources.c_source_template),
        File("README.md", PackageResources.c_README_template),
        File(".gitignore", text: "*.so\n*.o\n"),
    ])

    /// Examples/swift-fade: a SwiftPM package whose dynamic library is the plugin. It depends
    /// on nothing but the C header, copied into a C module target of its own
    /// (Sources/CTransitionHost), so `swift build` works anywhere, with no SDK on the search path.
    static func swift(header: String) -> ExampleTemplate {
        ExampleTemplate(example: try! ProjectName("swift-fade"), files: [
            File("Package.swift", PackageResources.swift_Package_template),
            File("Sources/CTransitionHost/include/transition_host.h", text: header),
            File("Sources/CTransitionHost/abi_version.c", PackageResources.swift_abi_version_template),
            File("Sources/SwiftFadePlugin/SwiftFadePlugin.swift", PackageResources.swift_source_template),
            File("install.sh", PackageResources.swift_install_template, executable: true),
            File("README.md", PackageResources.swift_README_template),
            File(".gitignore", text: ".build/\n*.so\n"),
        ])
    }

    /// Examples/rust-fade: a Cargo project with no dependencies whose cdylib is the plugin.
    /// src/abi.rs is the whole ABI, generated from the header by Scripts/generate-rust-abi, its
    /// layout checked against the C compiler's when it compiles.
    static let rust = ExampleTemplate(example: try! ProjectName("rust-fade"), files: [
        File("Cargo.toml", PackageResources.rust_Cargo_template),
        File("src/abi.rs", PackageResources.abi_rs),
        File("src/lib.rs", PackageResources.rust_source_template),
        File("install.sh", PackageResources.rust_install_template, executable: true),
        File("README.md", PackageResources.rust_README_template),
        File(".gitignore", text: "/target\n*.so\n"),
    ])
}
