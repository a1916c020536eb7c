/// Which frames of a run go into a GIF, and for how long each shows.
///
/// GIF delays are whole hundredths of a second, and browsers show delays under 2 cs as 10 cs
/// (a 60 fps GIF would play six times too slowly), so frames closer than 2 cs to the last
/// one kept are dropped. Start times are rounded on one grid, so the delays add up to the
/// run's length without drift. The last frame is always kept and shows for one frame
/// interval, as every other frame does.
struct GIFTimeline: Equatable {
    struct Entry: Equatable {
        /// Index into the run's frames.
        let frame: Int
        /// Hundredths of a second.
        let delay: Int
    }

    static let shortestDelay = 2

    let entries: [Entry]

    /// `times`: the run's frame times, ascending from 0; `frameInterval`: 1/fps.
    init(times: [Double], frameInterval: Double) {
        guard let lastTime = times.last else {
            entries = []
            return
        }
        func hundredths(_ t: Double) -> Int { Int((t * 100).rounded()) }
        var kept: [Int] = [0]
        for index in times.indices.dropFirst() where hundredths(times[index]) - hundredths(times[kept.last!]) >= Self.shortestDelay {
            kept.append(index)
        }
        let last = times.count - 1
        if kept.last != last {
            // The end state must show: it replaces the last frame kept when that is too close.
            if kept.count > 1 && hundredths(times[last]) - hundredths(times[kept.last!]) < Self.shortestDelay {
                kept.removeLast()
            }
            kept.append(last)
        }
        let end = max(hundredths(lastTime + frameInterval), hundredths(lastTime) + Self.shortestDelay)
        var result: [Entry] = []
        for (position, index) in kept.enumerated() {
            let next = position + 1 < kept.count ? hundredths(times[kept[position + 1]]) : end
            result.append(Entry(frame: index, delay: max(1, next - hundredths(times[index]))))
        }
        entries = result
    }
}
