import CCairo
import LibC
import TransitionCore

/// Draws a view's picture (LayerContents) into its own coordinates, (0, 0)–(width, height):
/// a gradient as Cairo's linear or radial pattern, a landscape as a few filled shapes laid out
/// by its seed. The caller has clipped the context to the view's rounded bounds.
enum LayerContentsDrawing {
    static func draw(_ contents: LayerContents, width: Double, height: Double, opacity: Double, on cr: OpaquePointer) {
        guard width > 0, height > 0, opacity > 0 else { return }
        // A landscape is several shapes over each other: faded as one picture.
        let grouped = opacity < 1
        if grouped { cairo_push_group(cr) }
        switch contents {
        case .gradient(let g): fill(g, width: width, height: height, on: cr)
        case .landscape(let l):
            var painter = LandscapePainter(l, width: width, height: height, cr: cr)
            painter.paint()
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Fills the rectangle with the gradient; past the end stops the end colours continue, as
    /// CAGradientLayer's do.
    static func fill(_ g: Gradient, width: Double, height: Double, on cr: OpaquePointer) {
        guard g.problem == nil else { return }
        let pattern: OpaquePointer
        switch g.kind {
        case .axial:
            pattern = cairo_pattern_create_linear(g.startPoint.x * width, g.startPoint.y * height,
                                                  g.endPoint.x * width, g.endPoint.y * height)!
        case .radial:
            // A unit circle about the origin, carried onto the ellipse centred on startPoint
            // whose radii reach endPoint: the pattern's matrix maps the view's points onto it.
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)!
            let rx = abs(g.endPoint.x - g.startPoint.x) * width, ry = abs(g.endPoint.y - g.startPoint.y) * height
            let cx = g.startPoint.x * width, cy = g.startPoint.y * height
            var m = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -cx / rx, y0: -cy / ry)
            cairo_pattern_set_matrix(pattern, &m)
        }
        for stop in g.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
    }
}

/// The same numbers from the same seed on every machine (SplitMix64).
struct SeededNumbers {
    private var state: UInt64
    init(seed: UInt32, salt: UInt64) { state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ salt }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [low, high).
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}

/// Paints one landscape: a sky, a light (sun or moon), then the ground of its theme, back to
/// front. Sizes are fractions of the picture, so a thumbnail and a header show the same view.
struct LandscapePainter {
    let width: Double, height: Double
    let cr: OpaquePointer
    let theme: Landscape.Theme
    var numbers: SeededNumbers

    init(_ landscape: Landscape, width: Double, height: Double, cr: OpaquePointer) {
        self.width = width
        self.height = height
        self.cr = cr
        theme = landscape.theme
        numbers = SeededNumbers(seed: landscape.seed, salt: UInt64(Landscape.Theme.allCases.firstIndex(of: landscape.theme)!))
    }

    static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> Color {
        Color(red: Double(hex >> 16 & 0xff) / 255, green: Double(hex >> 8 & 0xff) / 255, blue: Double(hex & 0xff) / 255, alpha: alpha)
    }

    mutating func paint() {
        cairo_save(cr)
        switch theme {
        case .lake:
            let horizon = height * numbers.uniform(0.5, 0.6)
            sky([0x34_4a_8c, 0xb9_8c_c0, 0xf6_c4_a8], to: horizon)
            light(x: width * numbers.uniform(0.3, 0.7), y: horizon - height * 0.2, radius: 0.065, color: 0xff_f1_d0, glow: 0xff_d6_b0)
            ridge(base: horizon - height * 0.02, amplitude: 0.12, jagged: true, color: 0x6f_6a_a8)
            ridge(base: horizon + height * 0.01, amplitude: 0.05, jagged: false, color: 0x4f_52_88)
            water(from: horizon + height * 0.02, colors: [0xf0_b8_b0, 0x6a_6c_b0, 0x2e_36_6c], glints: 0xff_e8_d0)
            ridge(base: height * 0.93, amplitude: 0.05, jagged: false, color: 0x1e_24_46)
        case .desert:
            let horizon = height * numbers.uniform(0.42, 0.52)
            sky([0x3d_8f_d8, 0x9e_cd_ec, 0xf8_e0_b8], to: horizon)
            light(x: width * numbers.uniform(0.6, 0.85), y: height * numbers.uniform(0.12, 0.22), radius: 0.06, color: 0xff_fb_e8, glow: 0xff_f0_c0)
            ridge(base: horizon + height * 0.02, amplitude: 0.08, jagged: false, color: 0xe9_b6_7a)
            ridge(base: horizon + height * 0.12, amplitude: 0.07, jagged: false, color: 0xdc_96_56)
            road(horizon: horizon + height * 0.06)
            ridge(base: height * 0.9, amplitude: 0.06, jagged: false, color: 0xb8_6c_34, leaving: 0.3)
        case .forest:
            let horizon = height * numbers.uniform(0.38, 0.46)
            sky([0x8c_c8_e8, 0xd8_ee_e6, 0xf2_f6_d8], to: horizon + height * 0.1)
            light(x: width * numbers.uniform(0.15, 0.4), y: height * numbers.uniform(0.1, 0.2), radius: 0.05, color: 0xff_fc_ec, glow: 0xff_f8_d0)
            let far = ridge(base: horizon, amplitude: 0.08, jagged: false, color: 0x8c_bc_86)
            trees(on: far, count: 16, size: 0.08, color: 0x5e_94_62)
            let near = ridge(base: horizon + height * 0.2, amplitude: 0.1, jagged: false, color: 0x5a_9a_58)
            trees(on: near, count: 9, size: 0.16, color: 0x2a_62_38)
            path(from: horizon + height * 0.28)
        case .city:
            let horizon = height * numbers.uniform(0.55, 0.65)
            sky([0x0a_0e_26, 0x24_2a_66, 0x7a_4e_8e], to: horizon)
            stars(count: 40, above: horizon * 0.8)
            light(x: width * numbers.uniform(0.6, 0.85), y: height * numbers.uniform(0.12, 0.22), radius: 0.045, color: 0xf4_f0_dc, glow: 0x9c_a0_d8)
            skyline(ground: horizon + height * 0.12, tallest: 0.42, color: 0x2a_2c_52, windows: 0xb8_a8_70, litShare: 0.25)
            skyline(ground: height, tallest: 0.36, color: 0x12_14_2c, windows: 0xff_d8_78, litShare: 0.45)
        case .sunset:
            let horizon = height * numbers.uniform(0.55, 0.62)
            sky([0x2a_18_4e, 0x8a_2e_6a, 0xe6_5a_5a, 0xff_b0_58], to: horizon)
            clouds(count: 4, above: horizon * 0.7, color: 0x6e_2a_6a)
            light(x: width * numbers.uniform(0.35, 0.65), y: horizon, radius: 0.12, color: 0xff_d6_6a, glow: 0xff_8a_48)
            water(from: horizon, colors: [0xc8_56_5a, 0x5a_22_4e, 0x1e_10_2e], glints: 0xff_c0_68)
            ridge(base: horizon - height * 0.005, amplitude: 0.05, jagged: false, color: 0x2a_12_32, leaving: 0.35)
        case .sea:
            let horizon = height * numbers.uniform(0.45, 0.55)
            sky([0x4a_a8_e8, 0x9c_d4_f4, 0xe0_f2_fb], to: horizon)
            clouds(count: 3, above: horizon * 0.7, color: 0xff_ff_ff)
            light(x: width * numbers.uniform(0.15, 0.85), y: height * numbers.uniform(0.1, 0.2), radius: 0.055, color: 0xff_ff_f2, glow: 0xff_fa_d8)
            ridge(base: horizon + height * 0.002, amplitude: 0.09, jagged: false, color: 0x4c_86_70, leaving: 0.4)
            water(from: horizon, colors: [0x2e_8c_c4, 0x16_62_98, 0x0a_3e_6a], glints: 0xe8_f6_ff)
        }
        cairo_restore(cr)
    }

    private func setColor(_ hex: UInt32, _ alpha: Double = 1) { SceneRasterizer.setColor(cr, Self.rgb(hex, alpha)) }

    /// The sky from the top of the picture to below `horizon`, the colours evenly spread.
    private func sky(_ colors: [UInt32], to horizon: Double) {
        let g = Gradient(colors: colors.map { Self.rgb($0) }, startPoint: Point(x: 0.5, y: 0), endPoint: Point(x: 0.5, y: horizon / height))
        LayerContentsDrawing.fill(g, width: width, height: height, on: cr)
    }

    /// A sun or moon: a soft glow three times its size, then the disc. `radius` is a share
    /// of the picture's shorter side.
    private func light(x: Double, y: Double, radius: Double, color: UInt32, glow: UInt32) {
        let r = radius * min(width, height)
        let halo = cairo_pattern_create_radial(x, y, r * 0.8, x, y, r * 3.2)!
        let g = Self.rgb(glow)
        cairo_pattern_add_color_stop_rgba(halo, 0, g.red, g.green, g.blue, 0.55)
        cairo_pattern_add_color_stop_rgba(halo, 1, g.red, g.green, g.blue, 0)
        cairo_set_source(cr, halo)
        cairo_arc(cr, x, y, r * 3.2, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_pattern_destroy(halo)
        setColor(color)
        cairo_arc(cr, x, y, r, 0, 2 * .pi)
        cairo_fill(cr)
    }

    /// Hills (or, `jagged`, mountains) whose ridge waves about `base` by `amplitude` (a share
    /// of the height), filled down to the bottom. `leaving` > 0 keeps the ridge to one side:
    /// that share of the width, on a side the seed picks, stays below the base (an island, a
    /// headland). Returns the ridge's points, left to right.
    @discardableResult
    private mutating func ridge(base: Double, amplitude: Double, jagged: Bool, color: UInt32, leaving: Double = 0) -> [Point] {
        let a = amplitude * height
        let waves = (0..<3).map { k in
            (frequency: Double(k + 1) * numbers.uniform(1.5, 3) * .pi / width, phase: numbers.uniform(0, 2 * .pi),
             weight: 1 / Double(k + 1))
        }
        let onLeft = numbers.next() & 1 == 0
        let samples = 64
        var points: [Point] = []
        for i in 0...samples {
            let x = width * Double(i) / Double(samples)
            var y = 0.0
            for w in waves {
                let s = sin(x * w.frequency + w.phase)
                y += w.weight * (jagged ? 1 - 2 * abs(s) : s)
            }
            var lift = 1.0
            if leaving > 0 {
                let t = onLeft ? x / width : 1 - x / width
                lift = t < 1 - leaving ? 1 : max(0, 1 - (t - (1 - leaving)) / max(leaving, 1e-9) * 2)
            }
            points.append(Point(x: x, y: base - a * (0.6 + 0.45 * y) * lift + (1 - lift) * a * 0.4))
        }
        cairo_move_to(cr, 0, height)
        for p in points { cairo_line_to(cr, p.x, p.y) }
        cairo_line_to(cr, width, height)
        cairo_close_path(cr)
        setColor(color)
        cairo_fill(cr)
        return points
    }

    /// Water from `top` to the bottom, darker with depth, with the light's glints on it.
    private mutating func water(from top: Double, colors: [UInt32], glints: UInt32) {
        let g = Gradient(colors: colors.map { Self.rgb($0) }, startPoint: Point(x: 0.5, y: top / height), endPoint: Point(x: 0.5, y: 1))
        cairo_save(cr)
        cairo_rectangle(cr, 0, top, width, height - top)
        cairo_clip(cr)
        LayerContentsDrawing.fill(g, width: width, height: height, on: cr)
        cairo_restore(cr)
        let lines = 14
        for i in 0..<lines {
            let depth = Double(i + 1) / Double(lines + 1)
            let y = top + (height - top) * depth * depth
            let length = width * numbers.uniform(0.04, 0.16) * (0.4 + depth)
            let x = numbers.uniform(-0.05, 1) * width
            setColor(glints, 0.5 * (1 - depth * 0.6))
            cairo_rectangle(cr, x, y, length, max(0.6, height * 0.006 * (0.5 + depth)))
            cairo_fill(cr)
        }
    }

    /// Pines standing on the ridge.
    private mutating func trees(on ridge: [Point], count: Int, size: Double, color: UInt32) {
        setColor(color)
        for _ in 0..<count {
            let index = Int(numbers.uniform(0, Double(ridge.count)))
            let foot = ridge[min(ridge.count - 1, index)]
            let h = size * height * numbers.uniform(0.7, 1.3), w = h * 0.42
            cairo_move_to(cr, foot.x - w / 2, foot.y + h * 0.08)
            cairo_line_to(cr, foot.x, foot.y - h)
            cairo_line_to(cr, foot.x + w / 2, foot.y + h * 0.08)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
    }

    /// A sandy path winding from the bottom up to `top`.
    private mutating func path(from top: Double) {
        let bend = numbers.uniform(-0.2, 0.2) * width
        let x = width * 0.5 + bend
        cairo_move_to(cr, width * 0.3, height)
        cairo_curve_to(cr, width * 0.45, height * 0.85, x - width * 0.02, top + (height - top) * 0.4, x, top)
        cairo_curve_to(cr, x + width * 0.02, top + (height - top) * 0.4, width * 0.6, height * 0.85, width * 0.75, height)
        cairo_close_path(cr)
        setColor(0xd8_c0_8a)
        cairo_fill(cr)
    }

    /// A road running from the bottom to a point on the horizon, a dashed line down its middle.
    private mutating func road(horizon: Double) {
        let vanish = width * numbers.uniform(0.4, 0.6)
        cairo_move_to(cr, width * 0.1, height)
        cairo_line_to(cr, vanish - width * 0.01, horizon)
        cairo_line_to(cr, vanish + width * 0.01, horizon)
        cairo_line_to(cr, width * 0.9, height)
        cairo_close_path(cr)
        setColor(0x5a_52_50)
        cairo_fill(cr)
        setColor(0xf4_e6_b0)
        let dashes = 7
        for i in 0..<dashes {
            // Dashes shrink towards the horizon.
            let t0 = pow(Double(i) / Double(dashes), 1.8), t1 = pow((Double(i) + 0.5) / Double(dashes), 1.8)
            func at(_ t: Double) -> (x: Double, y: Double, half: Double) {
                (width / 2 + (vanish - width / 2) * (1 - t), height - (height - horizon) * (1 - t), width * 0.012 * t)
            }
            let (a, b) = (at(1 - t0), at(1 - t1))
            cairo_move_to(cr, a.x - a.half, a.y)
            cairo_line_to(cr, b.x - b.half, b.y)
            cairo_line_to(cr, b.x + b.half, b.y)
            cairo_line_to(cr, a.x + a.half, a.y)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
    }

    private mutating func stars(count: Int, above: Double) {
        for _ in 0..<count {
            let x = numbers.uniform(0, width), y = numbers.uniform(0, above)
            let r = max(0.4, min(width, height) * numbers.uniform(0.002, 0.006))
            setColor(0xff_ff_ff, numbers.uniform(0.4, 0.95))
            cairo_arc(cr, x, y, r, 0, 2 * .pi)
            cairo_fill(cr)
        }
    }

    /// Soft clouds: a few overlapping translucent ellipses each.
    private mutating func clouds(count: Int, above: Double, color: UInt32) {
        for _ in 0..<count {
            let cx = numbers.uniform(0, width), cy = numbers.uniform(above * 0.15, above)
            let w = width * numbers.uniform(0.18, 0.35), h = height * numbers.uniform(0.025, 0.05)
            setColor(color, 0.35)
            for k in 0..<3 {
                cairo_save(cr)
                cairo_translate(cr, cx + (Double(k) - 1) * w * 0.3, cy - (k == 1 ? h * 0.4 : 0))
                cairo_scale(cr, w / 2, h)
                cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
                cairo_restore(cr)
                cairo_fill(cr)
            }
        }
    }

    /// A row of buildings standing on `ground`, up to `tallest` of the height, with windows,
    /// a `litShare` of them lit.
    private mutating func skyline(ground: Double, tallest: Double, color: UInt32, windows: UInt32, litShare: Double) {
        var x = -width * numbers.uniform(0, 0.05)
        while x < width {
            let w = width * numbers.uniform(0.07, 0.16), h = height * tallest * numbers.uniform(0.35, 1)
            setColor(color)
            cairo_rectangle(cr, x, ground - h, w, h + 1)
            cairo_fill(cr)
            let cell = max(2, width * 0.028)
            let columns = max(1, Int((w - cell * 0.5) / cell)), rows = max(1, Int((h - cell) / (cell * 1.3)))
            setColor(windows)
            for row in 0..<rows {
                for column in 0..<columns {
                    guard numbers.uniform(0, 1) < litShare else { continue }
                    cairo_rectangle(cr, x + cell * 0.5 + Double(column) * cell, ground - h + cell * 0.7 + Double(row) * cell * 1.3,
                                    cell * 0.5, cell * 0.65)
                }
            }
            cairo_fill(cr)
            x += w + width * numbers.uniform(0, 0.02)
        }
    }
}
