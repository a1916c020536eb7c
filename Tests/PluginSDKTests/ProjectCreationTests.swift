import Foundation
import Testing
@testable import PluginSDK

/// A fresh folder for one test, removed when the test lets go of it.
final class Scratch {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-sdk-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("Creating a project and installing the SDK")
struct ProjectCreationTests {
    @Test("host new writes every file of the template, scripts executable")
    func creates() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/fx"
        let written = try PluginProject.create(ProjectName("fx"), language: .rust, at: folder)
        let expected = try PluginProject.files(ProjectName("fx"), language: .rust)
        #expect(written == expected.map { "\(folder)/\($0.path)" })
        for file in expected {
            #expect(FileManager.default.contents(atPath: "\(folder)/\(file.path)") == Data(file.contents.utf8))
        }
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/install.sh"))
        #expect(!FileManager.default.isExecutableFile(atPath: folder + "/src/lib.rs"))
    }

    @Test("an existing folder, or file, is never overwritten: nothing is written and the refusal says why")
    func refusesExisting() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/fx"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/Makefile"))
        #expect(throws: PluginProject.Refusal.self) { try PluginProject.create(ProjectName("fx"), language: .c, at: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Makefile"])
        #expect(FileManager.default.contents(atPath: folder + "/Makefile") == Data("mine".utf8))

        let file = scratch.path + "/plain"
        try Data().write(to: URL(fileURLWithPath: file))
        do {
            try PluginProject.create(ProjectName("plain"), language: .c, at: file)
            Issue.record("a file was overwritten")
        } catch {
            #expect("\(error)".contains("already exists (a file)"))
        }
    }

    @Test("sdk install writes the header and a .pc file pkg-config reads; a second install changes nothing")
    func installsSDK() throws {
        let scratch = try Scratch()
        let sdk = SDKInstallation(prefix: scratch.path)
        let first = try sdk.install()
        #expect(first == [.written(sdk.headerPath), .written(sdk.pkgConfigPath)])
        #expect(FileManager.default.contents(atPath: sdk.headerPath) == Data(try SDKHeader.contents().utf8))
        #expect(try sdk.install() == [.unchanged(sdk.headerPath), .unchanged(sdk.pkgConfigPath)])

        let environment = ["PKG_CONFIG_PATH": sdk.pkgConfigFolder]
        let cflags = try run("/usr/bin/env", ["pkg-config", "--cflags", "transition-host"], environment: environment)
        #expect(cflags.trimmingCharacters(in: .whitespacesAndNewlines) == "-I\(scratch.path)/include/transition-host")
        #expect(try run("/usr/bin/env", ["pkg-config", "--modversion", "transition-host"], environment: environment) == SDKHeader.abiVersion + "\n")
        #expect(sdk.isOnPkgConfigPath(environment: ["PKG_CONFIG_PATH": "/a:\(sdk.pkgConfigFolder)"]))
        #expect(!sdk.isOnPkgConfigPath(environment: [:]))
    }

    @Test("the default prefix needs no root")
    func defaults() {
        #expect(SDKInstallation.defaultPrefix(environment: ["HOME": "/home/ada"]) == "/home/ada/.local")
        #expect(SDKInstallation.defaultPrefix(environment: [:]) == nil)
    }
}
