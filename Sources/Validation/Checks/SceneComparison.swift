import TransitionCore

/// Compares what is on screen in two recorded scenes, view by view (views are matched by id:
/// a fresh demo scene numbers its views the same way every time, and a view a plugin creates
/// gets a number no view of the scene has).
enum SceneComparison {
    /// At most this many differences are listed; the rest are counted.
    static let listed = 4

    /// Views on screen in `actual` that are not in `expected` (a view the effect left
    /// behind), and views of `expected` that are missing.
    static func strayAndMissing(_ actual: SceneSnapshot, expected: SceneSnapshot) -> [String] {
        let expectedIDs = Set(expected.layers.map(\.viewID)), actualIDs = Set(actual.layers.map(\.viewID))
        let stray = actual.layers.filter { !expectedIDs.contains($0.viewID) }
            .map { "'\($0.name)' is left in the hierarchy\($0.opacity == 0 || $0.isHidden ? " (invisible, but there)" : "")" }
        let missing = expected.layers.filter { !actualIDs.contains($0.viewID) }
            .map { "'\($0.name)' is missing from the hierarchy" }
        return capped(stray + missing)
    }

    /// Every difference in the views on screen, their order and their look.
    static func differences(_ actual: SceneSnapshot, expected: SceneSnapshot, tolerance: Double = 1e-6) -> [String] {
        var found = strayAndMissing(actual, expected: expected)
        let byID = Dictionary(actual.layers.map { ($0.viewID, $0) }, uniquingKeysWith: { a, _ in a })
        let order = actual.layers.map(\.viewID).filter { id in expected.layers.contains { $0.viewID == id } }
        if found.isEmpty && order != expected.layers.map(\.viewID) {
            found.append("the views are in a different order (their places among their siblings changed)")
        }
        for e in expected.layers {
            guard let a = byID[e.viewID] else { continue }
            found += lookDifferences(a.appearance, e.appearance, name: e.name, tolerance: tolerance)
            if a.depth != e.depth { found.append("'\(e.name)' moved to another superview") }
        }
        return capped(found)
    }

    /// How a view's look differs from the expected one, in words.
    /// `versus` introduces the expected value ("was", "the standard animation leaves").
    static func lookDifferences(_ a: ViewAppearance, _ e: ViewAppearance, name: String, tolerance: Double = 1e-6,
                                versus: String = "was", frames: Bool = true) -> [String] {
        var found: [String] = []
        if frames && !a.frame.isClose(to: e.frame, tolerance: tolerance) {
            found.append("'\(name)' frame is \(text(a.frame)), \(versus) \(text(e.frame))")
        }
        if abs(a.alpha - e.alpha) > tolerance { found.append("'\(name)' alpha is \(number(a.alpha)), \(versus) \(number(e.alpha))") }
        if a.isHidden != e.isHidden { found.append("'\(name)' hidden is \(a.isHidden), \(versus) \(e.isHidden)") }
        let at = a.transform, et = e.transform
        if [at.a - et.a, at.b - et.b, at.c - et.c, at.d - et.d, at.tx - et.tx, at.ty - et.ty].contains(where: { abs($0) > tolerance }) {
            found.append("'\(name)' keeps a transform [\(number(at.a)) \(number(at.b)) \(number(at.c)) \(number(at.d)) \(number(at.tx)) \(number(at.ty))]")
        }
        let ac = a.backgroundColor, ec = e.backgroundColor
        if [ac.red - ec.red, ac.green - ec.green, ac.blue - ec.blue, ac.alpha - ec.alpha].contains(where: { abs($0) > tolerance }) {
            found.append("'\(name)' background colour changed")
        }
        if abs(a.cornerRadius - e.cornerRadius) > tolerance {
            found.append("'\(name)' corner radius is \(number(a.cornerRadius)), \(versus) \(number(e.cornerRadius))")
        }
        found += layerDifferences(a, e, name: name, tolerance: tolerance, versus: versus)
        return found
    }

    /// How a view's layer properties (ABI 1.1: corners, clipping, border, shadow) differ.
    private static func layerDifferences(_ a: ViewAppearance, _ e: ViewAppearance, name: String, tolerance: Double, versus: String) -> [String] {
        var found: [String] = []
        func differs(_ x: Color, _ y: Color) -> Bool {
            [x.red - y.red, x.green - y.green, x.blue - y.blue, x.alpha - y.alpha].contains { abs($0) > tolerance }
        }
        if a.maskedCorners != e.maskedCorners { found.append("'\(name)' masked corners are \(a.maskedCorners.rawValue), \(versus) \(e.maskedCorners.rawValue)") }
        if a.clipsToBounds != e.clipsToBounds { found.append("'\(name)' clips to bounds is \(a.clipsToBounds), \(versus) \(e.clipsToBounds)") }
        if abs(a.borderWidth - e.borderWidth) > tolerance {
            found.append("'\(name)' border width is \(number(a.borderWidth)), \(versus) \(number(e.borderWidth))")
        }
        if differs(a.borderColor, e.borderColor) { found.append("'\(name)' border colour changed") }
        if abs(a.shadowOpacity - e.shadowOpacity) > tolerance {
            found.append("'\(name)' shadow opacity is \(number(a.shadowOpacity)), \(versus) \(number(e.shadowOpacity))")
        }
        if abs(a.shadowRadius - e.shadowRadius) > tolerance {
            found.append("'\(name)' shadow radius is \(number(a.shadowRadius)), \(versus) \(number(e.shadowRadius))")
        }
        if abs(a.shadowOffset.width - e.shadowOffset.width) > tolerance || abs(a.shadowOffset.height - e.shadowOffset.height) > tolerance {
            found.append("'\(name)' shadow offset is (\(number(a.shadowOffset.width)), \(number(a.shadowOffset.height))), \(versus) (\(number(e.shadowOffset.width)), \(number(e.shadowOffset.height)))")
        }
        if differs(a.shadowColor, e.shadowColor) { found.append("'\(name)' shadow colour changed") }
        if zip(a.transform3D.values, e.transform3D.values).contains(where: { abs($0 - $1) > tolerance }) {
            found.append("'\(name)' keeps a 3D transform")
        }
        return found
    }

    /// The first difference between two recordings of the same run, or nil when they are the
    /// same bit for bit.
    static func firstDifference(_ a: [SceneSnapshot], _ b: [SceneSnapshot]) -> String? {
        if a.count != b.count { return "the first run had \(a.count) frames, the second \(b.count)" }
        for (i, (x, y)) in zip(a, b).enumerated() where x != y {
            let at = "frame \(i) (\(number(x.time)) s)"
            if x.layers.map(\.viewID) != y.layers.map(\.viewID) { return "\(at): different views on screen" }
            for (l, m) in zip(x.layers, y.layers) where l != m {
                let look = lookDifferences(m.appearance, l.appearance, name: l.name, tolerance: 0)
                return "\(at): " + (look.first.map { "in the second run \($0) in the first" } ?? "'\(l.name)' differs")
            }
            return "\(at): the running animations differ"
        }
        return nil
    }

    private static func capped(_ list: [String]) -> [String] {
        list.count <= listed ? list : Array(list.prefix(listed)) + ["and \(list.count - listed) more"]
    }

    static func text(_ r: Rect) -> String {
        "(\(number(r.minX)), \(number(r.minY)), \(number(r.size.width)), \(number(r.size.height)))"
    }
}

/// A number as people read it: at most three decimals, no trailing ".0".
func number(_ x: Double) -> String { NumberText.readable(x) }
