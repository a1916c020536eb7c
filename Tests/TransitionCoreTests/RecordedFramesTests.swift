import Testing
@testable import TransitionCore

/// A run's frames kept as changes must read back as exactly the frames recorded.
@Suite("Recorded frames")
struct RecordedFramesTests {
    typealias Frame = TransitionRun.Frame
    typealias Sample = TransitionRun.ViewSample

    static func sample(_ name: String, x: Double, alpha: Double = 1) -> Sample {
        Sample(name: name, frame: Rect(x: x, y: 2, width: 3, height: 4), alpha: alpha)
    }

    /// Frames of `count` still views of which the first moves; now and then a view comes or
    /// goes, the order changes, or many views move at once.
    static func frames() -> [Frame] {
        var frames: [Frame] = []
        var views = (0..<100).map { sample("v\($0)", x: Double($0)) }
        for t in 0..<60 {
            views[0] = sample("v0", x: Double(t) * 0.5, alpha: 1 - Double(t) / 60)
            if t == 10 { views.append(sample("snapshot of v3", x: 7)) }
            if t == 20 { views.removeLast() }
            if t == 30 { views.swapAt(1, 2) }
            if t == 40 {  // every view moves: a whole frame, with v5 at 0
                for i in views.indices { views[i] = sample(views[i].name, x: views[i].frame.minX + 1) }
                views[5] = sample("v5", x: 0)
            }
            if t == 50 { views[5] = sample("v5", x: -0.0) }  // equal to 0 as a number, but printed "-0"
            frames.append(Frame(time: Double(t) / 60, views: views))
        }
        return frames
    }

    /// Where `a` and `b` first differ, bit for bit, or nil.
    static func difference(_ a: [Frame], _ b: [Frame]) -> String? {
        guard a.count == b.count else { return "\(a.count) frames, not \(b.count)" }
        for (t, (f, g)) in zip(a, b).enumerated() {
            guard f.time == g.time, f.views.count == g.views.count else { return "frame \(t): time or view count" }
            for (i, (v, w)) in zip(f.views, g.views).enumerated() where v.name != w.name
                || v.alpha.bitPattern != w.alpha.bitPattern || v.frame.minX.bitPattern != w.frame.minX.bitPattern
                || v.frame != w.frame {
                return "frame \(t), view \(i): \(v) read back, \(w) recorded"
            }
        }
        return nil
    }

    @Test("Every frame reads back as recorded, bit for bit, in order and by index")
    func roundTrip() {
        let frames = Self.frames()
        let recorded = TransitionRun.RecordedFrames(frames)
        #expect(recorded.count == frames.count)
        #expect(Self.difference(Array(recorded), frames) == nil)
        #expect(recorded[37] == frames[37])
        #expect(recorded == TransitionRun.RecordedFrames(frames))
        #expect(recorded != TransitionRun.RecordedFrames(frames.dropLast()))
    }

    @Test("Removing the last frames leaves the others as they were, and appending goes on from there")
    func removeLast() {
        let frames = Self.frames()
        var recorded = TransitionRun.RecordedFrames(frames)
        for _ in 0..<25 { recorded.removeLast() }
        #expect(Self.difference(Array(recorded), Array(frames.prefix(35))) == nil)
        for frame in frames.suffix(25) { recorded.append(frame) }
        #expect(Self.difference(Array(recorded), frames) == nil)
    }
}
