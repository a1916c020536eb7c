import Foundation
import Testing
@testable import TransitionCore
@testable import Rendering
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects every element's name and attributes.
final class SVGElements: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
    }

    static func parse(_ text: String) throws -> [(name: String, attributes: [String: String])] {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = SVGElements()
        parser.delegate = collector
        try #require(parser.parse(), "the SVG is not well-formed XML: \(String(describing: parser.parserError))")
        return collector.elements
    }
}

@Suite("Animated SVG")
struct AnimatedSVGTests {
    @Test("the SVG parses; every animation lasts as long as the run, with a key time per frame, and loops")
    func durationsMatchTheRun() throws {
        let report = try standardRun(fps: 30)
        let elements = try SVGElements.parse(try AnimatedSVG.render(report))
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["viewBox"] == "0 0 390 844")
        let animations = elements.filter { $0.name == "animate" || $0.name == "animateTransform" }
        #expect(animations.count > 10, "the moving detail screen's views are animated")
        for a in animations {
            #expect(a.attributes["dur"] == "1s", "\(a)")
            #expect(a.attributes["repeatCount"] == "indefinite")
            let keyTimes = a.attributes["keyTimes"]?.split(separator: ";") ?? []
            let values = a.attributes["values"]?.split(separator: ";") ?? []
            #expect(keyTimes.count == report.snapshots.count && values.count == keyTimes.count, "\(a.attributes)")
            #expect(keyTimes.first == "0" && keyTimes.last == "1")
        }
        // The detail screen is hidden before and after, shown in between.
        let detail = try #require(elements.firstIndex { $0.attributes["data-view"] == "detail" })
        let visibility = try #require(elements[detail...].first { $0.attributes["attributeName"] == "visibility" })
        let states = visibility.attributes["values"]!.split(separator: ";")
        #expect(states.contains("visible"))
        // Labels are text.
        #expect(elements.contains { $0.name == "text" })
    }

    @Test("a transform comes apart into translate, rotate, skew and scale and composes back")
    func transformParts() {
        for m in [rotation(degrees: 30, scale: 0.5), TransitionCore.AffineTransform(a: 1, b: 0, c: 0.4, d: 1, tx: 3, ty: -2),
                  TransitionCore.AffineTransform(a: -1, b: 0, c: 0, d: 2, tx: 0, ty: 0), rotation(degrees: 170)] {
            let back = TransformParts(m).matrix
            for (x, y) in zip([m.a, m.b, m.c, m.d, m.tx, m.ty], [back.a, back.b, back.c, back.d, back.tx, back.ty]) {
                #expect(abs(x - y) < 1e-9, "\(m) → \(back)")
            }
        }
    }

    @Test("a view that moves in front of another gets a second element, so each frame paints in the right order")
    func restackingSplitsTracks() {
        func layer(_ id: Int) -> SceneSnapshot.Layer {
            var look = ViewAppearance(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            look.backgroundColor = .white
            return .init(viewID: id, name: "v\(id)", transform: .identity, appearance: look, opacity: 1, isHidden: false, depth: 1, text: nil)
        }
        let size = Size(width: 10, height: 10)
        let tracks = SVGTracks([
            SceneSnapshot(time: 0, windowSize: size, layers: [layer(1), layer(2)]),
            SceneSnapshot(time: 1, windowSize: size, layers: [layer(2), layer(1)]),
        ]).tracks
        let order = tracks.map(\.viewID)
        #expect(order.count == 3)
        // Frame 0 paints 1 then 2, frame 1 paints 2 then 1, each a subsequence of the document.
        for (frame, expected) in [(0, [1, 2]), (1, [2, 1])] {
            #expect(tracks.filter { $0.layers[frame] != nil }.map(\.viewID) == expected)
        }
    }
}
