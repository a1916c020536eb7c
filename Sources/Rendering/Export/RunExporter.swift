import TransitionCore

/// Writes a finished run to a file in the format its name asks for, and says what it wrote.
public enum RunExporter {
    /// Animated formats keep the run's own timing (a run made with --slow is already slower).
    /// `showsProgress` allows a progress bar on standard error when it is a terminal and the
    /// export takes a while.
    /// Returns one line for the user: "wrote diagonal.gif: 41 frames, 1.02 s, 812 KB".
    /// `approximate`: a Lottie file may leave out what Lottie cannot say (LottieExport).
    public static func write(_ report: TransitionRun.Report, to path: String,
                             showsProgress: Bool = true, approximate: Bool = false) throws -> String {
        let format = try ExportFormat.forPath(path)
        try format.checkTools()
        let snapshots = report.snapshots
        guard !snapshots.isEmpty else { throw ExportError.nothingToDraw }
        let progress = ExportProgress(label: "writing \(path)", total: snapshots.count, enabled: showsProgress)
        defer { progress.finish() }
        let length = "\(fixed(snapshots.last!.time + 1 / Double(report.framesPerSecond), decimals: 2)) s"
        switch format {
        case .gif:
            let count = try writeGIF(report, to: path, progress: progress)
            return "wrote \(path): animated GIF, \(count) frames, \(length), its first and last frames held \(fixed(Double(GIFTimeline.hold) / 100, decimals: 1)) s longer\(sizeNote(path))"
        case .filmstrip:
            let strip = Filmstrip()
            try strip.render(report).writePNG(path)
            return "wrote \(path): filmstrip of \(strip.chosenFrames(of: snapshots).count) frames\(sizeNote(path))"
        case .pngFrames:
            let count = try PNGFrameFolder.write(snapshots, to: path, progress: progress)
            return "wrote \(count) PNG frames to \(path) (frame-0000.png …, \(report.framesPerSecond) fps)"
        case .svg:
            try FileOutput.write(AnimatedSVG.render(report), to: path)
            return "wrote \(path): animated SVG, \(snapshots.count) frames, \(fixed(snapshots.last!.time, decimals: 2)) s, looping\(sizeNote(path))"
        case .json:
            try FileOutput.write(TimelineJSON.render(report), to: path)
            return "wrote \(path): timeline of \(snapshots.count) frames\(sizeNote(path))"
        case .html:
            try FileOutput.writeWhole(try WebPage.render(report), to: path, limit: WebPage.sizeLimit)
            return "wrote \(path): web page, \(snapshots.count) frames, \(fixed(snapshots.last!.time, decimals: 2)) s; open it in a browser "
                + "(\(path)#t=0.25 shows the still at 0.25 s)\(sizeNote(path))"
        case .lottie:
            let written = try LottieExport.render(report, approximate: approximate)
            try FileOutput.writeWhole(written.json, to: path, limit: WebPage.sizeLimit)
            let note = written.unexpressed.isEmpty ? "" : "; left out or drawn otherwise: " + written.unexpressed.joined(separator: "; ")
            return "wrote \(path): Lottie, \(snapshots.count) frames at \(report.framesPerSecond) fps\(sizeNote(path))\(note)"
        case .video(let ext):
            let count = try VideoEncoder.write(report, to: path, extension: ext, progress: progress)
            return "wrote \(path): video, \(count) frames, \(length)\(sizeNote(path))"
        }
    }

    static func writeGIF(_ report: TransitionRun.Report, to path: String, progress: ExportProgress) throws -> Int {
        let snapshots = report.snapshots
        let first = snapshots[0]
        let timeline = GIFTimeline(times: snapshots.map(\.time), frameInterval: 1 / Double(report.framesPerSecond))
        let width = Int(first.windowSize.width.rounded()), height = Int(first.windowSize.height.rounded())
        let writer = try GIFWriter(path: path, width: width, height: height)
        let image = CairoImage(width: width, height: height)
        for entry in timeline.entries {
            SceneRasterizer.render(snapshots[entry.frame], into: image)
            try writer.add(image, delay: entry.delay)
            progress.update(done: entry.frame + 1)
        }
        try writer.finish()
        return timeline.entries.count
    }

    private static func sizeNote(_ path: String) -> String {
        guard let bytes = FileOutput.size(of: path) else { return "" }
        return bytes >= 1 << 20 ? ", \(fixed(Double(bytes) / Double(1 << 20), decimals: 1)) MB" : ", \(max(1, bytes / 1024)) KB"
    }
}
