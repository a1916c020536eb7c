import Foundation
import Rendering
import Testing

/// `host run --output NAME.lottie.json` played by rlottie (Debian's librlottie, the player
/// Telegram and Samsung ship), each frame compared with the host's own; and what Lottie
/// cannot say refused unless --approximate.
@Suite("host run --output NAME.lottie.json, in rlottie", .serialized)
struct LottieExportTests {
    /// The runs Lottie can say all of: 2D moves, rotations, scales and fades of whole views.
    static let expressible: [[String]] = [["diagonal"], ["cover-vertical"], ["slide"], ["parallax-slide"], ["flight"], ["interruptible"]]

    static let player = """
        #include <rlottie_capi.h>
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        /* lottie-frames FILE PREFIX FRAME...: each frame as PREFIX-N.argb (cairo's ARGB32). */
        int main(int argc, char **argv) {
            if (argc < 4) return 64;
            Lottie_Animation *a = lottie_animation_from_file(argv[1]);
            if (!a) { fprintf(stderr, "rlottie cannot load %s\\n", argv[1]); return 1; }
            size_t w, h;
            lottie_animation_get_size(a, &w, &h);
            uint32_t *buffer = calloc(w * h, 4);
            for (int i = 3; i < argc; i++) {
                size_t frame = strtoul(argv[i], NULL, 10);
                memset(buffer, 0, w * h * 4);
                lottie_animation_render(a, frame, buffer, w, h, w * 4);
                char path[4096];
                snprintf(path, sizeof path, "%s-%zu.argb", argv[2], frame);
                FILE *out = fopen(path, "wb");
                if (!out || fwrite(buffer, 4, w * h, out) != w * h || fclose(out) != 0) return 1;
            }
            printf("%zu %zu %zu\\n", w, h, lottie_animation_get_totalframe(a));
            return 0;
        }
        """

    /// The player, compiled against the system's rlottie.
    static func compilePlayer(in dir: TempDir) async throws -> String {
        let source = dir.file("lottie-frames.c"), binary = dir.file("lottie-frames")
        try player.write(toFile: source, atomically: true, encoding: .utf8)
        let flags = try await runProgram("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rlottie"], outputIn: dir)
        try #require(flags.status == 0, "rlottie is not installed (librlottie-dev): Scripts/install-deps --tests installs it; \(flags)")
        let built = try await runProgram("/usr/bin/env", ["cc", "-O2", "-o", binary, source]
                                            + flags.out.split(whereSeparator: \.isWhitespace).map(String.init), outputIn: dir)
        try #require(built.status == 0, "\(built)")
        return binary
    }

    /// The run written as Lottie (with `extra` options) and played by rlottie at five of its
    /// frames: each frame's mean difference from the host's own, and what the host said.
    static func played(_ run: [String], extra: [String] = []) async throws -> (differences: [Double], said: String) {
        let dir = try TempDir("lottie-" + run.joined(separator: "-"))
        let plugins = try dir.folder("plugins")
        let file = dir.file("run.lottie.json"), frames = dir.file("frames/")
        let written = try await runHost(["run"] + run + extra + ["--output", file], pluginFolder: plugins, in: dir)
        #expect(written.status == 0 && written.err.contains("wrote \(file): Lottie, "), "\(written)")
        let drawn = try await runHost(["run"] + run + ["--output", frames], pluginFolder: plugins, in: dir)
        #expect(drawn.status == 0, "\(drawn)")
        let count = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.count
        let chosen = (0...4).map { k in (k * (count - 1) + 2) / 4 }
        let played = try await runProgram(try await compilePlayer(in: dir), [file, dir.file("played")] + chosen.map(String.init), outputIn: dir)
        #expect(played.status == 0, "\(played)")
        let size = played.out.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(size.count == 3 && size[2] == count, "rlottie sees \(played.out), the run has \(count) frames")
        var differences: [Double] = []
        for frame in chosen {
            let host = try CairoImage.readPNG(frames + String(format: "frame-%04d.png", frame))
            let raw = try Data(contentsOf: URL(fileURLWithPath: dir.file("played-\(frame).argb")))
            try #require(raw.count == host.width * host.height * 4)
            let player = CairoImage(width: host.width, height: host.height)
            player.withMutablePixels { p in
                raw.withUnsafeBytes { bytes in
                    let words = bytes.bindMemory(to: UInt32.self)
                    for y in 0..<host.height { for x in 0..<host.width { p[y * player.stride / 4 + x] = words[y * host.width + x] } }
                }
            }
            differences.append(WebPageExportTests.meanDifference(player, column: 0, width: host.width, host))
        }
        return (differences, written.err)
    }

    @Test("rlottie plays the file as the host draws the run: at five frames of each, at most 2% mean difference", arguments: expressible)
    func matchesTheHostsFrames(_ run: [String]) async throws {
        let (differences, said) = try await Self.played(run)
        #expect(!said.contains("left out"), "\(said)")
        for (k, difference) in differences.enumerated() {
            #expect(difference <= 0.02, "\(run.joined(separator: " ")) still \(k): \(difference * 100)% apart")
        }
    }

    @Test("approximated, a fading screen's subviews fade with it, each alone: cross-dissolve within 2% all the same")
    func approximatedFade() async throws {
        let (differences, said) = try await Self.played(["cross-dissolve"], extra: ["--approximate"])
        #expect(said.contains("left out or drawn otherwise: a fading view's subviews fade one by one, not as one picture"), "\(said)")
        #expect(differences.allSatisfy { $0 <= 0.02 }, "\(differences)")
    }

    @Test("what Lottie cannot say is refused (exit 3, naming it, no file) unless --approximate, which says what it left out")
    func refusedUnlessApproximate() async throws {
        let dir = try TempDir("lottie-refused")
        let plugins = try dir.folder("plugins")
        let file = dir.file("cube.lottie.json")
        let refused = try await runHost(["run", "cube", "--output", file], pluginFolder: plugins, in: dir)
        #expect(refused.status == 3 && refused.err.contains("Lottie cannot express all this run uses: 3D perspective"), "\(refused)")
        #expect(refused.err.contains("give --approximate"), "the fix is named: \(refused)")
        #expect(!FileManager.default.fileExists(atPath: file) && !FileManager.default.fileExists(atPath: file + ".partial"))
        let approximated = try await runHost(["run", "cube", "--approximate", "--output", file], pluginFolder: plugins, in: dir)
        #expect(approximated.status == 0 && approximated.err.contains("left out or drawn otherwise: 3D perspective (drawn without it)"), "\(approximated)")
        #expect(FileManager.default.fileExists(atPath: file))
        let misplaced = try await runHost(["run", "cube", "--approximate", "--output", dir.file("cube.gif")], pluginFolder: plugins, in: dir)
        #expect(misplaced.status == 64 && misplaced.err.contains("--approximate is for --output NAME.lottie.json"), "\(misplaced)")
    }
}
