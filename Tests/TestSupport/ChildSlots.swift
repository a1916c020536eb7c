import Foundation

/// How many child programs the tests run at once.
///
/// Swift Testing starts every test at once, and an end-to-end test spends its time waiting on
/// a child (the host, the compiler), so without a bound the whole suite's children share the
/// cores together: on two cores a CI run reached a load of 16, a debug `host validate` that
/// takes 7 s alone passed `runProgram`'s 120 s deadline and was killed, and an isolated
/// helper missed its 5 s start. A child waits here for a slot before it starts, so that a
/// deadline measures that child's own run, not the queue in front of it. The width is three
/// children a core (some of them wait on a deadline of their own rather than compute, and
/// would leave a core idle), or `HOST_TEST_CHILDREN`.
public actor ChildSlots {
    public static let shared = ChildSlots(width: ChildSlots.configuredWidth)

    public static var configuredWidth: Int {
        if let text = ProcessInfo.processInfo.environment["HOST_TEST_CHILDREN"], let width = Int(text), width > 0 {
            return width
        }
        return max(3, 3 * ProcessInfo.processInfo.activeProcessorCount)
    }

    public nonisolated let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(width: Int) { self.width = max(1, width) }

    /// Waits until fewer than `width` children run, then counts one more.
    public func acquire() async {
        if running < width {
            running += 1
            return
        }
        // The slot is handed over by `release`, which leaves `running` as it is.
        await withCheckedContinuation { waiting.append($0) }
    }

    /// One child ended: its slot goes to the longest waiter, or is freed.
    public func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// How many children hold a slot now, and how many wait.
    public var counts: (running: Int, waiting: Int) { (running, waiting.count) }
}
