import TransitionCore

/// A run as an SVG that plays in a browser: every view a rounded rectangle (and its label;
/// a picture shows as the colour it averages to),
/// animated with SMIL over the run's frames, looping. Each animation lasts exactly as long
/// as the run, with a key time at every frame, so the browser interpolates
/// between the same frames the host computed.
public enum AnimatedSVG {
    public static func render(_ report: TransitionRun.Report) throws -> String {
        let snapshots = report.snapshots
        guard let first = snapshots.first, let last = snapshots.last else { throw ExportError.nothingToDraw }
        let size = first.windowSize
        let timing = Timing(times: snapshots.map(\.time), total: last.time)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(size.width))" height="\(number(size.height))" \
            viewBox="0 0 \(number(size.width)) \(number(size.height))">
            <title>\(escape(Filmstrip.title(of: report)))</title>

            """
        for track in SVGTracks(snapshots).tracks {
            element(for: track, timing: timing, into: &out)
        }
        out += "</svg>\n"
        return out
    }

    /// The key times and duration every animation of the document shares.
    struct Timing {
        let keyTimes: String
        let duration: String
        /// False for a run of one instant: nothing to animate.
        let animates: Bool

        init(times: [Double], total: Double) {
            animates = total > 0 && times.count > 1
            keyTimes = animates ? times.map { number($0 / total, decimals: 6) }.joined(separator: ";") : ""
            duration = number(total, decimals: 6) + "s"
        }

        /// `name="value"` when it never changes, else an <animate> child.
        func attribute(_ name: String, _ values: [String], discrete: Bool = false) -> (attribute: String, animation: String) {
            if !animates || values.allSatisfy({ $0 == values[0] }) { return (" \(name)=\"\(values[0])\"", "") }
            let mode = discrete ? " calcMode=\"discrete\"" : ""
            return ("", "<animate attributeName=\"\(name)\" values=\"\(values.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" "
                + "dur=\"\(duration)\"\(mode) repeatCount=\"indefinite\"/>")
        }

        func transform(_ type: String, _ values: [String], additive: Bool) -> String {
            "<animateTransform attributeName=\"transform\" type=\"\(type)\" values=\"\(values.joined(separator: ";"))\" "
                + "keyTimes=\"\(keyTimes)\" dur=\"\(duration)\"\(additive ? " additive=\"sum\"" : "") repeatCount=\"indefinite\"/>"
        }
    }

    private static func element(for track: SVGTracks.Track, timing: Timing, into out: inout String) {
        let shown = track.layers.map { $0 != nil }
        let layers = heldValues(track.layers)
        let sample = layers[0]

        let visibility = timing.attribute("visibility", shown.map { $0 ? "visible" : "hidden" }, discrete: true)
        let opacity = timing.attribute("opacity", layers.map { number($0.opacity) })
        out += "<g data-view=\"\(escape(sample.name))\"\(visibility.attribute)\(opacity.attribute)>\(visibility.animation)\(opacity.animation)\n"

        var parts = layers.map { TransformParts($0.transform) }
        TransformParts.unwrapAngles(&parts)
        if !timing.animates || parts.allSatisfy({ $0 == parts[0] }) {
            let m = sample.transform
            out += "<g transform=\"matrix(\([m.a, m.b, m.c, m.d, m.tx, m.ty].map { number($0, decimals: 4) }.joined(separator: " ")))\">"
        } else {
            out += "<g>"
            out += timing.transform("translate", parts.map { "\(number($0.tx)) \(number($0.ty))" }, additive: false)
            if parts.contains(where: { abs($0.angle) > 1e-9 }) {
                out += timing.transform("rotate", parts.map { number($0.angle) }, additive: true)
            }
            if parts.contains(where: { abs($0.skew) > 1e-9 }) {
                out += timing.transform("skewX", parts.map { number($0.skew) }, additive: true)
            }
            if parts.contains(where: { abs($0.sx - 1) > 1e-9 || abs($0.sy - 1) > 1e-9 }) {
                out += timing.transform("scale", parts.map { "\(number($0.sx, decimals: 4)) \(number($0.sy, decimals: 4))" }, additive: true)
            }
        }

        if layers.contains(where: { $0.color.alpha > 0 || $0.contents != nil }) {
            let width = timing.attribute("width", layers.map { number($0.size.width) })
            let height = timing.attribute("height", layers.map { number($0.size.height) })
            let radius = timing.attribute("rx", layers.map {
                number(max(0, min($0.cornerRadius, $0.size.width / 2, $0.size.height / 2)))
            })
            let fill = timing.attribute("fill", layers.map { hex(fillColor($0)) })
            let fillOpacity = timing.attribute("fill-opacity", layers.map { number(fillColor($0).alpha) })
            out += "<rect" + width.attribute + height.attribute + radius.attribute + fill.attribute + fillOpacity.attribute + ">"
            out += width.animation + height.animation + radius.animation + fill.animation + fillOpacity.animation + "</rect>"
        }
        if let text = sample.text {
            let anchor: String, x: Double
            switch text.alignment {
            case .leading: (anchor, x) = ("start", 0)
            case .center: (anchor, x) = ("middle", sample.size.width / 2)
            case .trailing: (anchor, x) = ("end", sample.size.width)
            }
            out += "<text x=\"\(number(x))\" y=\"\(number(sample.size.height / 2))\" dominant-baseline=\"central\" "
                + "text-anchor=\"\(anchor)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
                + "font-size=\"\(number(text.size))\"\(text.weight == .bold ? " font-weight=\"bold\"" : "") "
                + "fill=\"\(hex(text.color))\" fill-opacity=\"\(number(text.color.alpha))\">\(escape(text.string))</text>"
        }
        out += "</g></g>\n"
    }

    /// Every frame's layer, a hidden frame holding the nearest shown one (so that nothing
    /// jumps while hidden); the track is shown in at least one frame.
    static func heldValues(_ layers: [SceneSnapshot.Layer?]) -> [SceneSnapshot.Layer] {
        var result = layers
        var last: SceneSnapshot.Layer? = nil
        for i in result.indices {
            if let layer = result[i] { last = layer } else { result[i] = last }
        }
        let firstShown = layers.first { $0 != nil }!!
        return result.map { $0 ?? firstShown }
    }

    /// The colour a view's rectangle is filled with: its background, under the colour its
    /// picture (a gradient, a landscape) averages to, since the SVG draws no pictures.
    static func fillColor(_ layer: SceneSnapshot.Layer) -> Color {
        guard let picture = layer.contents?.averageColor else { return layer.color }
        let under = layer.color, a = picture.alpha
        let alpha = a + under.alpha * (1 - a)
        guard alpha > 0 else { return .clear }
        func mix(_ p: Double, _ u: Double) -> Double { (p * a + u * under.alpha * (1 - a)) / alpha }
        return Color(red: mix(picture.red, under.red), green: mix(picture.green, under.green), blue: mix(picture.blue, under.blue),
                     alpha: alpha)
    }

    static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> String {
            let n = Int((min(1, max(0, v)) * 255).rounded())
            let digits = String(n, radix: 16)
            return n < 16 ? "0" + digits : digits
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue)
    }

    /// Shortest form with at most `decimals` decimals: "12", "0.5", "-3.25".
    static func number(_ x: Double, decimals: Int = 2) -> String {
        var s = fixed(x, decimals: decimals)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
