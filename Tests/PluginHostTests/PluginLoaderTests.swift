import CTransitionABI
import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

// Every PluginHost test runs on the main actor: the host table only answers calls made on the
// thread that created the bridge (TH_ERR_WRONG_THREAD otherwise), and the bridge and its
// handle table are process-wide. One thread for all of them keeps both true.

/// The failure of loading `path`, or nil (recorded as an issue) when it loaded.
@MainActor
func loadFailure(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> PluginLoadFailure? {
    switch PluginLoader.load(path: path) {
    case .success(let plugin):
        Issue.record("\(path) loaded as plugin '\(plugin.id)' but should have been refused", sourceLocation: sourceLocation)
        return nil
    case .failure(let failure):
        return failure
    }
}

@MainActor
@Suite("Loading plugin files")
struct PluginLoaderTests {
    @Test("A bad file is refused with a message naming what is wrong and how to fix it",
          arguments: BadPluginFile.all)
    func refusesBadFile(_ bad: BadPluginFile) async throws {
        let dir = try TempDir("bad")
        let path = dir.file(bad.fileName)
        try await bad.make(dir, path)

        let failure = try #require(loadFailure(path))
        for words in bad.mustSay {
            #expect(failure.message.contains(words), "the refusal of \(bad.fileName) should say \"\(words)\"; it says: \(failure.message)")
        }
        #expect(!failure.fix.isEmpty, "the refusal of \(bad.fileName) gives no fix: \(failure.message)")
    }

    @Test("The template every bad file is made from loads, with its effect and typed parameters")
    func templateLoads() async throws {
        let dir = try TempDir("template")
        let path = try await compilePlugin(PluginTemplate(effects: [
            .init(parameters: [
                .init(id: "amount", min: "0.0", max: "2.0", defaultValue: "1.5"),
                .init(id: "style", type: "TH_PARAM_ENUM", defaultValue: "1", choices: ["plain", "fancy"]),
            ]),
        ]), to: "good.so", in: dir)

        let plugin = try PluginLoader.load(path: path).get()
        #expect(plugin.id == "fixture.good")
        #expect(plugin.version == "1.0.0")
        #expect(plugin.abiMajor == Int(TH_ABI_MAJOR))
        #expect(plugin.path == path)
        let effect = try #require(plugin.effects.first)
        #expect(plugin.effects.count == 1)
        #expect(effect.info.qualifiedName == "fixture.good:fx")
        #expect(effect.info.kind == .animator)
        #expect(effect.info.transitions == [.present, .dismiss])
        #expect(effect.info.defaultDuration == 0.25)
        #expect(effect.info.parameters.map(\.id) == ["amount", "style"])
        #expect(effect.info.parameters[0].type == .double)
        #expect(effect.info.parameters[0].minimum == 0 && effect.info.parameters[0].maximum == 2)
        #expect(effect.info.defaultParameterValues == [1.5, 1])
        #expect(effect.info.parameters[1].choices == ["plain", "fancy"])
    }

    @Test("The function entry th_get_entry works as well as the data symbol")
    func functionEntryLoads() async throws {
        let dir = try TempDir("function-entry")
        let path = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.function\"", entry: .function),
                                           to: "function-entry.so", in: dir)

        let plugin = try PluginLoader.load(path: path).get()
        #expect(plugin.id == "fixture.function")
        #expect(plugin.effects.map(\.info.qualifiedName) == ["fixture.function:fx"])

        // And it runs: the effect presents and dismisses cleanly through the C interface.
        let registry = EffectRegistry()
        for effect in plugin.effects { registry.register(effect) }
        let report = try TransitionRun.run(registry: registry, options: .init(effect: "fx"))
        #expect(report.isClean, "outcomes: \(report.outcomes)")
    }

    @Test("A plugin for another ABI major is refused before any of its code runs, constructor included")
    func otherMajorRunsNoCode() async throws {
        let dir = try TempDir("abi-2")
        let bad = try #require(BadPluginFile.all.first { $0.fileName == "abi-2.so" })
        let path = dir.file(bad.fileName)
        try await bad.make(dir, path)

        // The same source with the right major does run its constructor: the marker works.
        let controlDir = try TempDir("abi-1-control")
        let control = PluginTemplate(pluginID: "\"fixture.constructor\"", prelude: """
            __attribute__((constructor)) static void fx_constructor(void)
            {
                FILE *marker = fopen(\(PluginTemplate.literal(BadPluginFile.constructorMarker(in: controlDir))), "w");
                if (marker != NULL) { fputs("ran\\n", marker); fclose(marker); }
            }
            """)
        let controlPath = try await compilePlugin(control, to: "abi-1.so", in: controlDir)
        _ = try PluginLoader.load(path: controlPath).get()
        #expect(FileManager.default.fileExists(atPath: BadPluginFile.constructorMarker(in: controlDir)),
                "the control plugin's constructor should have written its marker")

        let failure = try #require(loadFailure(path))
        // The plugin says 2.x with this header's minor; the host names its own 1.x.
        #expect(failure.message.contains("ABI 2.\(TH_ABI_MINOR)") && failure.message.contains("ABI 1.\(TH_ABI_MINOR)"), "\(failure.message)")
        #expect(!FileManager.default.fileExists(atPath: BadPluginFile.constructorMarker(in: dir)),
                "the ABI 2 plugin's constructor ran: the host loaded the library before checking its version")
    }

    @Test("A th_entry that is a function is refused without being called, and the fix names th_entry")
    func entryFunctionIsNotCalled() async throws {
        let dir = try TempDir("entry-function")
        let path = try await compilePlugin(PluginTemplate(entry: .functionNamedLikeTheDataSymbol),
                                           to: "entry-is-function.so", in: dir)
        // Calling it would abort() the test process.
        let failure = try #require(loadFailure(path))
        #expect(failure.reason.contains("'th_entry' is a function"), "\(failure.message)")
        #expect(failure.fix.contains("const th_plugin_entry th_entry"), "the fix should show the declaration: \(failure.fix)")
        #expect(failure.fix.contains("th_get_entry"), "\(failure.fix)")
    }

    @Test("A missing entry's fix shows the right declaration")
    func missingEntryFix() async throws {
        let dir = try TempDir("no-entry")
        let path = try await compilePlugin(PluginTemplate(entry: .none), to: "no-entry.so", in: dir)
        let failure = try #require(loadFailure(path))
        #expect(failure.fix.contains("const th_plugin_entry th_entry"), "\(failure.fix)")
    }

    @Test("A directory is refused by the loader and skipped, with a reason, by discovery")
    func directoryNamedLikeAPlugin() async throws {
        let dir = try TempDir("directory")
        let path = dir.file("x.so")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)

        let failure = try #require(loadFailure(path))
        #expect(failure.message.contains("directory"), "\(failure.message)")

        let catalog = PluginCatalog.discover(.standard(options: [dir.path], environment: [:], executablePath: nil))
        let record = try #require(catalog.records.first { $0.path == path })
        guard case .problem(.skipped(let why)) = record.status else {
            Issue.record("x.so should be skipped, not \(record.status)")
            return
        }
        #expect(why.contains("directory"), "\(why)")
    }
}

@MainActor
@Suite("Discovering plugins")
struct PluginCatalogTests {
    @Test("A folder of every kind of bad file still yields its one good plugin, and a record for each bad file")
    func badFilesDoNotStopGoodOnes() async throws {
        let dir = try TempDir("catalog")
        for bad in BadPluginFile.all {
            try await bad.make(dir, dir.file(bad.fileName))
        }
        try FileManager.default.createDirectory(atPath: dir.file("x.so"), withIntermediateDirectories: false)
        let goodPath = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.survivor\""), to: "survivor.so", in: dir)

        let catalog = PluginCatalog.discover(.standard(options: [dir.path], environment: [:], executablePath: nil))

        #expect(catalog.folderProblems.isEmpty)
        #expect(catalog.loadedPlugins.map(\.id) == ["fixture.survivor"])
        #expect(catalog.loadedPlugins.first?.path == goodPath)
        let registry = catalog.makeRegistries().effects
        let effect = try registry.resolve("fixture.survivor:fx")
        #expect(effect.info.kind == .animator)

        // One record per file ending in .so, none lost, each bad one with its own reason.
        #expect(catalog.records.count == BadPluginFile.all.count + 2)
        for bad in BadPluginFile.all {
            let record = catalog.records.first { $0.path == dir.file(bad.fileName) }
            guard case .problem(.failed(let failure))? = record?.status else {
                Issue.record("\(bad.fileName) should have failed to load; its record: \(String(describing: record?.status))")
                continue
            }
            for words in bad.mustSay {
                #expect(failure.message.contains(words), "\(bad.fileName): \(failure.message)")
            }
        }
        let directory = catalog.records.first { $0.path == dir.file("x.so") }
        if case .problem(.skipped(let why))? = directory?.status {
            #expect(why.contains("directory"))
        } else {
            Issue.record("the directory x.so should be skipped: \(String(describing: directory?.status))")
        }
        #expect(!FileManager.default.fileExists(atPath: BadPluginFile.constructorMarker(in: dir)),
                "discovery ran the ABI 2 plugin's constructor")
    }

    @Test("The same plugin id found twice: the first file wins, the second is shadowed")
    func shadowing() async throws {
        let first = try TempDir("first"), second = try TempDir("second")
        let firstPath = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.twice\""), to: "a.so", in: first)
        let secondPath = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.twice\""), to: "b.so", in: second)

        let catalog = PluginCatalog.discover(.standard(options: [first.path, second.path], environment: [:], executablePath: nil))
        #expect(catalog.loadedPlugins.map(\.path) == [firstPath])
        let record = catalog.records.first { $0.path == secondPath }
        guard case .problem(.shadowed(let by, let id))? = record?.status else {
            Issue.record("the second file should be shadowed: \(String(describing: record?.status))")
            return
        }
        #expect(by == firstPath)
        #expect(id == "fixture.twice")
    }
}
