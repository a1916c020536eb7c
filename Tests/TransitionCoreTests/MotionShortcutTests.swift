import Foundation
import Testing
@testable import TransitionCore

/// The motion check's shortcuts give what the long way gives: a step steady against the step
/// before it is not judged (MotionCheck.add), and what two views on one turned plane share is
/// worked out in that plane (MotionSample.Plane), not by clipping one polygon by another.
@Suite("Motion check shortcuts")
struct MotionShortcutTests {
    /// A tiny deterministic generator: the same films every run.
    struct Dice {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test("leaving steady steps unjudged finds the very pops judging every step finds, over 40 films of moves, fades, radii and jumps")
    func steadyStepsSkipped() {
        var dice = Dice(state: 7)
        var popsSeen = 0
        for _ in 0..<40 {
            let film = MotionCheckTests.Film()
            var dx = 4 + 20 * dice.next()
            for _ in 0..<24 {
                // Mostly a steady pace that drifts; now and then a jump, a fade or a radius step.
                dx *= 0.8 + 0.4 * dice.next()
                let roll = dice.next()
                let jump = roll < 0.1 ? 30 + 60 * dice.next() : 0
                film.card.frame = film.card.frame.offsetBy(dx: (dice.next() < 0.5 ? 1 : -1) * (dx + jump), dy: dx / 2)
                if roll > 0.85 { film.card.alpha = dice.next() }
                if roll > 0.7 && roll < 0.8 { film.card.cornerRadius = 30 * dice.next() }
                film.shoot()
            }
            let skipping = MotionCheck.pops(in: film.frames, skippingSteady: true)
            let judgingAll = MotionCheck.pops(in: film.frames, skippingSteady: false)
            #expect(skipping == judgingAll)
            popsSeen += judgingAll.count
        }
        #expect(popsSeen > 20, "the films pop often enough to tell the two apart")
    }

    @Test("what a view shares with a cover on its turned plane is what clipping their polygons gives: inside the cover, across its edge, cut by the window")
    func planeOverlap() {
        let film = MotionCheckTests.Film { film in
            film.card.frame = Rect(x: 0, y: 0, width: 390, height: 844)
            let inside = film.scene.makeView(name: "inside", frame: Rect(x: 40, y: 60, width: 100, height: 80))
            inside.backgroundColor = .white
            let across = film.scene.makeView(name: "across", frame: Rect(x: 300, y: 400, width: 200, height: 100))
            across.backgroundColor = Color(red: 1, green: 0, blue: 0)
            film.card.addSubview(inside)
            film.card.addSubview(across)
            let shade = film.scene.makeView(name: "shade", frame: Rect(x: 20, y: 40, width: 330, height: 700))
            shade.backgroundColor = Color(red: 0, green: 0, blue: 0)
            shade.alpha = 0.5
            film.card.addSubview(shade)
        }
        var compared = 0
        for angle in [0.2, 0.45, 0.7] {
            film.card.transform3D = Transform3D.rotation(angle, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
            film.shoot()
            let sample = film.frames.last!
            sample.planes.withUnsafeBufferPointer { planes in
                for look in sample.looks where look.plane >= 0 {
                    let corners = look.corners!
                    for cover in sample.covers where cover.index > look.index && cover.plane >= 0 {
                        let area = look.region.area(corners)
                        let onPlane = MotionSample.Plane.overlap(planes.baseAddress! + Int(look.plane), planes.baseAddress! + Int(cover.plane), whole: area)
                        let clipped = look.region.overlap(corners, with: cover.region, cover.corners)
                        #expect(onPlane != nil, "\(look.name) and \(cover.id) lie on one plane")
                        #expect(abs((onPlane ?? -1) - clipped) <= 1e-9 * max(1, clipped), "\(look.name) under \(cover.id) at \(angle)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared >= 9)
        // The turn carries the card's right part past the window's edge: some regions were cut by it.
        #expect(film.frames.dropFirst().contains { $0.looks.contains { if case .clipped = $0.region { true } else { false } } })
    }

    @Test("cutting a quad by a rectangle passes by the edges that cut nothing and leaves the very area cutting by all four leaves: 2,000 turned quads inside the window, across one edge or two, and outside it")
    func edgesThatCutNothing() {
        var dice = Dice(state: 11)
        let window = Rect(x: 0, y: 0, width: 390, height: 844)
        let corners = [Point(x: 0, y: 0), Point(x: 390, y: 0), Point(x: 390, y: 844), Point(x: 0, y: 844)]
        var crossing = [0, 0, 0, 0, 0]
        for _ in 0..<2000 {
            // A rectangle turned about its centre, which lies anywhere from well outside the
            // window to well inside it.
            let cx = -150 + 690 * dice.next(), cy = -150 + 1144 * dice.next()
            let w = 20 + 300 * dice.next(), h = 20 + 300 * dice.next(), angle = 6.3 * dice.next()
            let (c, s) = (cos(angle), sin(angle))
            func at(_ x: Double, _ y: Double) -> Point { Point(x: cx + c * x - s * y, y: cy + s * x + c * y) }
            let quad = MotionQuad(topLeft: at(-w / 2, -h / 2), topRight: at(w / 2, -h / 2), bottomRight: at(w / 2, h / 2),
                                  bottomLeft: at(-w / 2, h / 2))
            let box = quad.box
            let cut = [box.minY < 0, box.maxX > 390, box.maxY > 844, box.minX < 0].filter { $0 }.count
            crossing[cut] += 1
            let passedBy = MotionSample.withClipped(quad, to: window) { MotionSample.area($0) }
            let allFour = corners.withUnsafeBufferPointer { q in quad.withPoints { MotionSample.clippedArea($0, toConvex: q) } }
            #expect(passedBy == allFour, "quad about (\(cx), \(cy)), \(w) × \(h), turned \(angle)")
        }
        #expect(crossing[0] > 100 && crossing[1] > 100 && crossing[2] > 100, "\(crossing)")
    }

    @Test("views under different turns are not taken for one plane")
    func differentPlanes() {
        func overlap(_ a: inout MotionSample.Plane, _ b: inout MotionSample.Plane) -> Double? {
            withUnsafePointer(to: &a) { a in withUnsafePointer(to: &b) { MotionSample.Plane.overlap(a, $0, whole: 100) } }
        }
        var a = MotionSample.Plane(rect: Rect(x: 0, y: 0, width: 10, height: 10), turn: .identity, clip: Rect(x: 0, y: 0, width: 100, height: 100))
        var b = MotionSample.Plane(rect: Rect(x: 0, y: 0, width: 10, height: 10), turn: Homography(2, 0, 0, 0, 2, 0, 0, 0, 1),
                                   clip: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(overlap(&a, &b) == nil)
        var c = MotionSample.Plane(rect: Rect(x: 5, y: 5, width: 10, height: 10), turn: .identity, clip: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(overlap(&a, &c) == 25)
        var d = MotionSample.Plane(rect: Rect(x: -5, y: -5, width: 30, height: 30), turn: .identity, clip: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(overlap(&a, &d) == 100, "a cover that holds the view hides all of it")
        var e = MotionSample.Plane(rect: Rect(x: -5, y: -5, width: 30, height: 30), turn: .identity, clip: Rect(x: 0, y: 0, width: 8, height: 100))
        #expect(overlap(&a, &e) == 80, "within the cover's clip only")
    }
}
