import Foundation
import Testing
@testable import PluginSDK

@Suite("host new's templates")
struct TemplateTests {
    @Test("every template fills all its placeholders and names the plugin and effect by the project's name",
          arguments: PluginProject.Language.allCases)
    func filled(language: PluginProject.Language) throws {
        let name = try ProjectName("wobbly-fx")
        let files = try PluginProject.files(name, language: language)
        for file in files {
            #expect(!file.contents.contains("{{"), "\(file.path) has an unfilled placeholder")
        }
        let all = files.map(\.contents).joined()
        #expect(all.contains("\"wobbly-fx\""), "the effect id")
        #expect(all.contains("Wobbly fx"), "the title")
        #expect(all.contains("CHANGE"), "comments that say where to change what")
        #expect(files.contains { $0.path == "README.md" })
        #expect(Set(files.map(\.path)).count == files.count)
    }

    @Test("a project made from an example keeps no form of the example's name", arguments: PluginProject.Language.allCases)
    func noTraceOfTheExample(language: PluginProject.Language) throws {
        let example = try ProjectName("\(language.rawValue)-fade")
        let files = try PluginProject.files(ProjectName("wobbly-fx"), language: language)
        for file in files {
            for form in [example.id, example.cIdentifier, example.typeName, example.title] {
                #expect(!file.path.contains(form) && !file.contents.contains(form), "\(file.path) still says '\(form)'")
            }
        }
    }

    @Test("renaming is one pass, longest form first: a new name that contains the old one is not renamed again")
    func renamingOnce() throws {
        let renaming = ProjectRenaming(from: try ProjectName("c-fade"), to: try ProjectName("c-fade-2"))
        #expect(renaming.apply("c-fade, c_fade, CFade and C fade: c-fade.c") == "c-fade-2, c_fade_2, CFade2 and C fade 2: c-fade-2.c")
        let shorter = ProjectRenaming(from: try ProjectName("c-fade-2"), to: try ProjectName("x"))
        #expect(shorter.apply("c-fade-2 and c-fade") == "x and c-fade")
    }

    @Test("the C project is a Makefile over pkg-config; the Swift one vendors the SDK header; the Rust one has no crates")
    func layouts() throws {
        let name = try ProjectName("fx")
        let c = try PluginProject.files(name, language: .c)
        #expect(c.map(\.path) == ["Makefile", "fx.c", "README.md", ".gitignore"])
        #expect(c[0].contents.contains("pkg-config") && c[0].contents.contains("--cflags transition-host"))
        #expect(c[0].contents.contains("install:"))

        let swift = try PluginProject.files(name, language: .swift)
        let header = try #require(swift.first { $0.path == "Sources/CTransitionHost/include/transition_host.h" })
        #expect(header.contents == (try SDKHeader.contents()))
        #expect(swift.first { $0.path == "Package.swift" }?.contents.contains(".library(name: \"fx\", type: .dynamic") == true)
        #expect(swift.first { $0.path == "Sources/FxPlugin/FxPlugin.swift" }?.contents.contains("@_cdecl(\"th_get_entry\")") == true)
        #expect(swift.first { $0.path == "install.sh" }?.executable == true)

        let rust = try PluginProject.files(name, language: .rust)
        let manifest = try #require(rust.first { $0.path == "Cargo.toml" }).contents
        #expect(manifest.contains("crate-type = [\"cdylib\"]"))
        let dependencies = manifest.components(separatedBy: "[dependencies]")[1].components(separatedBy: "[")[0]
        #expect(dependencies.split(separator: "\n").allSatisfy { $0.hasPrefix("#") || $0.trimmingCharacters(in: .whitespaces).isEmpty },
                "no crates: \(dependencies)")
        let lib = try #require(rust.first { $0.path == "src/lib.rs" }).contents
        #expect(lib.contains("#[no_mangle]\npub static th_entry: PluginEntry"))
        #expect(rust.first { $0.path == "src/abi.rs" }?.contents.contains("#[repr(C)]") == true)
    }

    @Test("the Rust ABI's size checks are the header's sizes on this machine")
    func rustSizes() throws {
        let abi = try #require(try PluginProject.files(ProjectName("fx"), language: .rust).first { $0.path == "src/abi.rs" }).contents
        // The sizes a C compiler gives the header's structs, from the layout checks' program.
        let sizes = try CHeaderSizes.measure()
        for (rust, c) in [("HostApi", "th_host_api"), ("PluginEntry", "th_plugin_entry"), ("EffectDescriptor", "th_effect_descriptor"),
                          ("ParamDescriptor", "th_param_descriptor"), ("AnimatorInterface", "th_animator_interface"),
                          ("EffectConfig", "th_effect_config"), ("AnimationOptions", "th_animation_options")] {
            let size = try #require(sizes[c])
            #expect(abi.contains("size_of::<\(rust)>() == \(size))"), "\(rust) should be \(size) bytes, as \(c)")
        }
    }
}

/// sizeof() of the header's structs, from a C program compiled and run here.
enum CHeaderSizes {
    static func measure() throws -> [String: Int] {
        let names = ["th_host_api", "th_plugin_entry", "th_effect_descriptor", "th_param_descriptor",
                     "th_animator_interface", "th_effect_config", "th_animation_options"]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-sizes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = "#include <stdio.h>\n#include \"transition_host.h\"\nint main(void) {\n"
            + names.map { "    printf(\"\($0) %zu\\n\", sizeof(\($0)));\n" }.joined() + "    return 0;\n}\n"
        try source.write(to: dir.appendingPathComponent("sizes.c"), atomically: true, encoding: .utf8)
        let include = URL(fileURLWithPath: SDKHeader.sourcePath).deletingLastPathComponent().path
        let binary = dir.appendingPathComponent("sizes").path
        _ = try run("/usr/bin/env", ["cc", "-std=c99", "-I", include, "-o", binary, dir.appendingPathComponent("sizes.c").path])
        var sizes: [String: Int] = [:]
        for line in try run(binary, []).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let n = Int(parts[1]) { sizes[String(parts[0])] = n }
        }
        return sizes
    }
}
