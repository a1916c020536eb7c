/// How a view's frame follows its superview's size (UIView.AutoresizingMask, whose raw values
/// these share): the margins and sizes marked flexible take up a change of the superview's
/// width or height, the others stay. A sheet shown at half the screen's height keeps its button
/// at its bottom edge (a flexible top margin) instead of cutting it off.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    public static let all = AutoresizingMask(rawValue: 0x3f)

    /// The names scene files use, in the order of the bits.
    public static let names: [(String, AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth), ("flexibleRightMargin", .flexibleRightMargin),
        ("flexibleTopMargin", .flexibleTopMargin), ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// `frame` (in a superview of size `old`) laid out again in a superview of size `new`: along
    /// each axis the change is shared among the flexible parts (margin, size, margin) in
    /// proportion to their lengths, or equally when those are all 0, as UIKit does; a size
    /// never goes below 0.
    public func resized(_ frame: Rect, from old: Size, to new: Size) -> Rect {
        let (x, width) = Self.axis(frame.minX, frame.size.width, in: old.width, to: new.width,
                                   flexible: (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)))
        let (y, height) = Self.axis(frame.minY, frame.size.height, in: old.height, to: new.height,
                                    flexible: (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)))
        return Rect(x: x, y: y, width: width, height: height)
    }

    private static func axis(_ start: Double, _ length: Double, in old: Double, to new: Double,
                             flexible: (Bool, Bool, Bool)) -> (Double, Double) {
        let delta = new - old
        let parts = [start, length, old - start - length]
        let marked = [flexible.0, flexible.1, flexible.2]
        guard delta != 0, marked.contains(true) else { return (start, length) }
        let total = zip(parts, marked).filter(\.1).map { max(0, $0.0) }.reduce(0, +)
        let count = Double(marked.filter { $0 }.count)
        func share(_ i: Int) -> Double {
            guard marked[i] else { return 0 }
            return total > 0 ? delta * max(0, parts[i]) / total : delta / count
        }
        return (start + share(0), max(0, length + share(1)))
    }
}
