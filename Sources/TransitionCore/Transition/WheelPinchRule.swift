/// How the live window reads the mouse wheel as a pinch: each notch up opens it by a tenth,
/// each notch down closes it by as much, and the pinch ends when the wheel has been still a
/// while. The window applies it; it lives here, free of any display, so that its numbers are
/// tested exactly.
public enum WheelPinchRule {
    /// How long the wheel stays still, in seconds, before the pinch is released.
    public static let quietPeriod = 0.15

    /// The factor `notches` turns of the wheel apply to the pinch's scale (up positive):
    /// 1.1 per notch up, 1 / 1.1 per notch down, a fraction of a notch rounded to the nearest.
    public static func factor(notches: Double) -> Double {
        guard notches.isFinite else { return 1 }
        var factor = 1.0
        for _ in 0..<Int(abs(notches).rounded()) { factor *= notches > 0 ? 1.1 : 1 / 1.1 }
        return factor
    }
}
