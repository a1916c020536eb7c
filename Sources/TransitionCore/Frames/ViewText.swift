/// The text a label view shows, and how. Views carry no text of their own (the C ABI has no
/// labels); the demo scene keeps its labels by view name and hands them to SceneSnapshot, so
/// that pictures of a run read as an app.
public struct ViewText: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case regular, bold }
    public enum Alignment: Hashable, Sendable { case leading, center, trailing }

    public var string: String
    /// In points, as UIFont's pointSize.
    public var size: Double
    public var weight: Weight
    public var color: Color
    /// Where the line sits in the view's bounds; it is always centred vertically.
    public var alignment: Alignment

    public init(_ string: String, size: Double, weight: Weight = .regular, color: Color = .black,
                alignment: Alignment = .leading) {
        self.string = string
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
    }
}
