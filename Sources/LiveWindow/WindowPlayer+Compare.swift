import CCairo
import LibC
import Rendering
import TransitionCore

/// The studio's A/B: two runs shown side by side in the window, frame for frame.
extension WindowPlayer {
    /// Plays `a` and `b` (two runs' frames, made beforehand) side by side, each fitted into
    /// its half of the window under its label, in lockstep on the real clock (frame i of both
    /// at once; the shorter run holds its last frame), then holds as hold() does: R plays them
    /// again, and a change of what plays (the studio's keys) or closing the window ends it.
    /// The labels come from the caller, escaped.
    public func compare(_ a: [SceneSnapshot], _ b: [SceneSnapshot], labels: (String, String)) {
        guard let first = a.first ?? b.first, !a.isEmpty, !b.isEmpty else { return }
        guard !closed, !superseded, failure == nil, let display = display ?? open(first) else { return }
        func play() {
            let start = monotonicSeconds()
            let count = max(a.count, b.count)
            phase = "A/B"
            updateTitle()
            var i = 0
            while i < count && !closed && !superseded && failure == nil {
                pumpEvents(until: start + Double(i) / Double(framesPerSecond) * slowFactor)
                if replayRequested || closed || superseded { return }
                drawPair(a[min(i, a.count - 1)], b[min(i, b.count - 1)], labels: labels, on: display)
                i += 1
            }
        }
        play()
        holding = true
        phase = "ended"
        updateTitle()
        defer { holding = false }
        waitForUser(while: { true }) { play() }
    }

    /// Both frames, each in its half under its label, the panel over them.
    func drawPair(_ a: SceneSnapshot, _ b: SceneSnapshot, labels: (String, String), on display: WindowDisplay) {
        if image?.width != display.pixelWidth || image?.height != display.pixelHeight {
            image = CairoImage(width: display.pixelWidth, height: display.pixelHeight)
        }
        guard let image else { return }
        let (wide, high) = (Double(image.width), Double(image.height))
        let label = 20 * display.scale, gap = 4 * display.scale
        let half = (wide - gap) / 2
        image.draw { cr in
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_paint(cr)
            for (i, (frame, text)) in [(a, labels.0), (b, labels.1)].enumerated() {
                var placement = Placement.fit(frame.windowSize, into: half, high - label)
                placement.originX += Double(i) * (half + gap)
                placement.originY += label
                SceneRasterizer.draw(frame, on: cr, placement: placement, background: .black)
                cairo_save(cr)
                cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
                cairo_set_font_size(cr, 11 * display.scale)
                cairo_set_source_rgba(cr, 1, 1, 1, 1)
                cairo_move_to(cr, Double(i) * (half + gap) + 4 * display.scale, 14 * display.scale)
                cairo_show_text(cr, WindowOverlay.cut(text, width: half - 8 * display.scale, cr))
                cairo_restore(cr)
            }
        }
        if !panel.isEmpty && !panelHidden {
            WindowOverlay(lines: panel, placement: .topRight, bars: panelBars).draw(on: image, scale: display.scale)
        }
        (current, shownPair) = (b, (a, b, labels))
        do { try display.present(image) } catch { failure = "\(error)" }
    }
}
