import Foundation
import Testing

import TestSupport

/// The most children seen running at once, as tasks holding a slot report it.
private actor Overlap {
    private(set) var now = 0
    private(set) var most = 0
    private(set) var order: [Int] = []

    func enter(_ index: Int) {
        now += 1
        most = max(most, now)
        order.append(index)
    }

    func leave() { now -= 1 }
}

@Suite("The suite's bound on children run at once")
struct ChildSlotsTests {
    @Test("four children queued behind two held slots: none starts while both are held, never more than two at once, in the order they asked")
    func bound() async throws {
        let slots = ChildSlots(width: 2)
        let overlap = Overlap()
        // Two hold their slots first, so that the other four queue up in a known order.
        await slots.acquire()
        await slots.acquire()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    await slots.acquire()
                    await overlap.enter(index)
                    try await Task.sleep(nanoseconds: 5_000_000)
                    await overlap.leave()
                    await slots.release()
                }
                // Bounded, so that slots that never make a child wait fail the test, not hang it.
                let asked = Date()
                while await slots.counts.waiting < index + 1, Date().timeIntervalSince(asked) < 2 { await Task.yield() }
            }
            #expect(await slots.counts.running == 2)
            #expect(await overlap.most == 0, "none starts while both slots are held")
            await slots.release()
            await slots.release()
            try await group.waitForAll()
        }
        #expect(await overlap.most == 2)
        #expect(await overlap.order == [0, 1, 2, 3])
        let counts = await slots.counts
        #expect(counts.running == 0 && counts.waiting == 0)
    }

    @Test("the width is three a core unless HOST_TEST_CHILDREN names one; a width below one is one")
    func width() {
        if ProcessInfo.processInfo.environment["HOST_TEST_CHILDREN"] == nil {
            #expect(ChildSlots.configuredWidth == max(3, 3 * ProcessInfo.processInfo.activeProcessorCount))
        }
        #expect(ChildSlots(width: 0).width == 1)
    }
}
