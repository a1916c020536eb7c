import Foundation
import Testing

/// Whose parameters are whose: a segue's belong to the segue's effect, an effect named on the
/// command line gets its own defaults plus --param, and `--param PRESENTATION.NAME=VALUE` sets
/// the presentation controller's, with the same checks as the animator's.
@Suite("host run: the parameters of every participant")
struct RunParametersTests {
    @Test("--scene photos with another effect than the segue's runs it with its own defaults; the segue's effect keeps the segue's parameters")
    func segueParametersBelongToTheSeguesEffect() async throws {
        let dir = try TempDir("segue-params")
        let plugins = try dir.folder("plugins")
        let other = try await runHost(["run", "--scene", "photos", "slide", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(other.status == 0, "\(other)")
        let own = try await runHost(["run", "--scene", "photos", "slide", "--param", "direction=left", "--format", "json"],
                                    pluginFolder: plugins, in: dir)
        #expect(own.status == 0, "\(own)")
        let segue = try await runHost(["run", "--scene", "photos", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(segue.status == 0, "\(segue)")
    }

    /// The frame the presented view ends at, from a JSON run.
    func sheetTop(_ result: ProgramResult) throws -> Double? {
        let run = try RunJSON(result)
        let presented = run.outcomes.first.map { $0.end }
        // The sheet is in dimming's shadowed wrapper (presented_view), which carries its frame.
        return run.frames.last { abs($0.time - (presented ?? 0)) < 1e-9 }?.view("dimming.sheet")?.y
    }

    @Test("--param dimming.height sets the presentation controller's parameter; its checks are the animator's")
    func presentationParameters() async throws {
        let dir = try TempDir("presentation-params")
        let plugins = try dir.folder("plugins")
        let base = ["run", "slide", "--presentation", "dimming", "--format", "json"]
        let standard = try await runHost(base, pluginFolder: plugins, in: dir)
        #expect(standard.status == 0, "\(standard)")
        #expect(try sheetTop(standard) == 281, "by default the sheet covers the lower two thirds of 844 points")
        let half = try await runHost(base + ["--param", "dimming.height=0.5"], pluginFolder: plugins, in: dir)
        #expect(half.status == 0, "\(half)")
        #expect(try sheetTop(half) == 422, "a sheet of half the height starts half way down")
        let both = try await runHost(base + ["--param", "direction=bottom", "--param", "dimming.opacity=0.2"], pluginFolder: plugins, in: dir)
        #expect(both.status == 0, "the animator's and the presentation controller's together: \(both)")
        // A delegate's presentation controller is addressed the same way.
        let sheet = try await runHost(["run", "sheet", "--param", "dimming.height=0.5", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(sheet.status == 0, "\(sheet)")
        #expect(try sheetTop(sheet) == 422)

        for (parameter, says) in [("dimming.nope=1", "has no parameter 'nope'"), ("dimming.height=7", "out of range"),
                                  ("dimming.height=nan", "not a finite number"), ("fade.height=0.5", "no presentation controller 'fade'")] {
            let bad = try await runHost(base + ["--param", parameter], pluginFolder: plugins, in: dir)
            #expect(bad.status == 2 && bad.out.isEmpty, "\(parameter): \(bad)")
            #expect(bad.err.contains(says), "\(parameter): \(bad.err)")
        }
        let noPresentation = try await runHost(["run", "slide", "--param", "dimming.height=0.5"], pluginFolder: plugins, in: dir)
        #expect(noPresentation.status == 2 && noPresentation.err.contains("no presentation controller 'dimming'"), "\(noPresentation.err)")
    }
}
