/// Which frames of a run go into a GIF, and for how long each shows.
///
/// GIF delays are whole hundredths of a second, and browsers show delays under 2 cs as 10 cs
/// (a 60 fps GIF would play six times too slowly). So the GIF plays at one steady delay, the
/// run's frame interval rounded to whole hundredths, at least 2 (60 fps plays at 50): each of
/// its frames is the run's frame nearest its time, the run's length spread evenly over them,
/// so that motion never stutters between 2 and 3 cs. The first and the last frame are held
/// half a second longer, so that the scene at rest and the end state are seen before it loops.
struct GIFTimeline: Equatable {
    struct Entry: Equatable {
        /// Index into the run's frames.
        let frame: Int
        /// Hundredths of a second.
        let delay: Int
    }

    static let shortestDelay = 2
    /// How much longer the first and the last frame show, hundredths of a second.
    static let hold = 50

    let entries: [Entry]

    /// `times`: the run's frame times, ascending from 0; `frameInterval`: 1/fps.
    init(times: [Double], frameInterval: Double) {
        guard let lastTime = times.last else {
            entries = []
            return
        }
        let step = max(Self.shortestDelay, Int((frameInterval * 100).rounded()))
        let intervals = max(1, Int((lastTime * 100 / Double(step)).rounded()))
        var frames: [Int] = []
        var index = 0
        for k in 0...intervals {
            let t = lastTime * Double(k) / Double(intervals)
            // Times ascend: move on while the next frame is at least as near.
            while index + 1 < times.count, abs(times[index + 1] - t) <= abs(times[index] - t) { index += 1 }
            frames.append(index)
        }
        frames[frames.count - 1] = times.count - 1
        entries = frames.enumerated().map { position, frame in
            let held = position == 0 || position == frames.count - 1
            return Entry(frame: frame, delay: step + (held ? Self.hold : 0))
        }
    }
}
