import Testing
import TransitionCore
@testable import Rendering

@Suite("GIF export")
struct GIFExportTests {
    @Test("a GIF of a run, decoded again: one frame per frame of the run, each for 1/fps s, the first and last held 0.5 s longer, looping, showing the run")
    func writtenAndReadBack() throws {
        // cover-vertical: 0.5 s up, 0.5 s down; at 20 fps, 21 frames 5 cs apart.
        let report = try standardRun(fps: 20)
        #expect(report.snapshots.count == 21)
        let folder = try ScratchFolder("gif")
        let path = folder.file("run.gif")
        let message = try RunExporter.write(report, to: path, showsProgress: false)
        #expect(message.hasPrefix("wrote \(path): animated GIF, 21 frames"))

        let gif = try DecodedGIF(path: path)
        #expect(gif.width == 390 && gif.height == 844)
        #expect(gif.frames.count == 21)
        #expect(gif.delays == [55] + Array(repeating: 5, count: 19) + [55])
        #expect(gif.loops)
        // At 0.5 s (frame 10) the detail screen covers the window: its blue header at the top.
        let header = gif.pixel(frame: 10, x: 100, y: 150)
        #expect(abs(header.red - 51) <= 8 && abs(header.green - 120) <= 8 && abs(header.blue - 245) <= 8, "\(header)")
        // At 0 and at the end, the home screen: the first thumbnail's blue at its place, and
        // white right of the cell's text (where the header would be blue).
        for frame in [0, 20] {
            let cell = gif.pixel(frame: frame, x: 250, y: 150)
            #expect(cell.red > 240 && cell.green > 240 && cell.blue > 240, "frame \(frame): \(cell)")
        }
        // Half-way up (frame 5, 0.25 s), the detail's top edge is at y = 422: white cells
        // above it, its blue header below.
        let above = gif.pixel(frame: 5, x: 250, y: 230), below = gif.pixel(frame: 5, x: 100, y: 600)
        #expect(above.red > 240 && above.blue > 240, "above the rising detail screen: \(above)")
        #expect(abs(below.red - 51) <= 8 && abs(below.blue - 245) <= 8, "the rising detail screen's header: \(below)")
    }

    @Test("at 60 fps the GIF plays at a steady 2 cs (browsers slow anything shorter), never 2 and 3 in turn, the end state kept")
    func sixtyFrames() {
        let times = (0...60).map { Double($0) / 60 }
        let timeline = GIFTimeline(times: times, frameInterval: 1.0 / 60)
        #expect(timeline.entries.count == 51)
        #expect(timeline.entries.map(\.delay) == [52] + Array(repeating: 2, count: 49) + [52])
        // Each GIF frame is the run's frame nearest its time: 0.02 s is frame 1 (0.0167 s).
        #expect(Array(timeline.entries.prefix(4).map(\.frame)) == [0, 1, 2, 4])
        #expect(timeline.entries.last?.frame == 60, "the end state is always shown")
    }

    @Test("at 20 fps every frame is kept, 5 cs each, the first and last held 0.5 s longer")
    func twentyFrames() {
        let timeline = GIFTimeline(times: (0...20).map { Double($0) / 20 }, frameInterval: 1.0 / 20)
        #expect(timeline.entries.map(\.frame) == Array(0...20))
        #expect(timeline.entries.map(\.delay) == [55] + Array(repeating: 5, count: 19) + [55])
    }

    @Test("at 30 fps (3.33 cs) the delay is a steady 3 cs; a run's length is spread over the frames, not drifted")
    func thirtyFrames() {
        let times = (0...30).map { Double($0) / 30 }
        let timeline = GIFTimeline(times: times, frameInterval: 1.0 / 30)
        #expect(Set(timeline.entries.dropFirst().dropLast().map(\.delay)) == [3])
        #expect(timeline.entries.count == 34 && timeline.entries.last?.frame == 30)
    }
}
