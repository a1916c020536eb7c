/// A record of a view tree and of a few views outside it, to restore after a cancelled
/// transition and to check that nothing but the transition's own work changed.
public struct HierarchySnapshot {
    struct Entry {
        let view: View
        let parent: View?
        let index: Int
        let appearance: ViewAppearance
        /// In the root's subtree when recorded (the extra views usually are not).
        let wasInTree: Bool
    }

    let root: View
    let entries: [Entry]

    /// Records `root`'s subtree and the `extra` views (with their own subtrees).
    public init(root: View, extra: [View] = []) {
        self.root = root
        var seen = Set<ObjectIdentifier>()
        var entries: [Entry] = []
        for top in [root] + extra {
            for v in top.subtree() where seen.insert(ObjectIdentifier(v)).inserted {
                let index = v.superview?.subviews.firstIndex { $0 === v } ?? 0
                entries.append(Entry(
                    view: v, parent: v.superview, index: index, appearance: v.model,
                    wasInTree: v.isDescendant(of: root)))
            }
        }
        self.entries = entries
    }

    /// Puts every recorded view back in its place and look, and removes from the tree any
    /// view that was not recorded (a snapshot or chrome a plugin added).
    public func restore() {
        let recorded = Set(entries.map { ObjectIdentifier($0.view) })
        for v in root.subtree() where !recorded.contains(ObjectIdentifier(v)) && v !== root {
            v.removeFromSuperview()
        }
        for e in entries {
            e.view.restore(e.appearance)
            if e.parent == nil { e.view.removeFromSuperview() }
        }
        // Parents first (entries are in tree order), at their recorded index.
        for e in entries {
            guard let parent = e.parent else { continue }
            let current = parent.subviews.firstIndex { $0 === e.view }
            if e.view.superview !== parent || current != e.index {
                parent.insertSubview(e.view, at: e.index)
            }
        }
    }

    /// How the tree now differs from the record, in words; empty when it is the same.
    /// Compares the root's subtree: which views, where, and their frame, alpha and hidden.
    /// `ignoring` names views the host itself added (a transition's container): they are not
    /// reported, though what lies inside them is.
    public func differences(ignoring ignored: [View] = [], tolerance: Double = 1e-6) -> [String] {
        var problems: [String] = []
        let inTree = entries.filter(\.wasInTree)
        let recordedIDs = Set(inTree.map { ObjectIdentifier($0.view) })
        let ignoredIDs = Set(ignored.map(ObjectIdentifier.init))
        // A new view is reported once: not again for each of its subviews.
        func isNew(_ v: View) -> Bool { !recordedIDs.contains(ObjectIdentifier(v)) && !ignoredIDs.contains(ObjectIdentifier(v)) }
        for v in root.subtree() where isNew(v) && !(v.superview.map(isNew) ?? false) {
            problems.append("'\(v.name)' is in the hierarchy but was not before")
        }
        for e in inTree {
            let v = e.view
            if v !== root && v.superview !== e.parent {
                let was = e.parent.map { "in '\($0.name)'" } ?? "out of the hierarchy"
                let now = v.superview.map { "in '\($0.name)'" } ?? "out of the hierarchy"
                problems.append("'\(v.name)' was \(was), is now \(now)")
                continue
            }
            if let parent = e.parent, parent.subviews.firstIndex(where: { $0 === v }) != e.index {
                problems.append("'\(v.name)' changed its position among the subviews of '\(parent.name)'")
            }
            if !v.model.frame.isClose(to: e.appearance.frame, tolerance: tolerance) {
                problems.append("'\(v.name)' frame \(describe(v.model.frame)), was \(describe(e.appearance.frame))")
            }
            if abs(v.model.alpha - e.appearance.alpha) > tolerance {
                problems.append("'\(v.name)' alpha \(v.model.alpha), was \(e.appearance.alpha)")
            }
            if v.model.isHidden != e.appearance.isHidden {
                problems.append("'\(v.name)' hidden is \(v.model.isHidden), was \(e.appearance.isHidden)")
            }
            if v.model.mask != e.appearance.mask {
                problems.append("'\(v.name)' has \(describe(v.model.mask)), had \(describe(e.appearance.mask))")
            }
            if v.model.blur != e.appearance.blur {
                problems.append("'\(v.name)' has \(describe(v.model.blur)), had \(describe(e.appearance.blur))")
            }
        }
        return problems
    }
}

func describe(_ m: MaskShape) -> String {
    switch m.kind {
    case .none: "no mask"
    case .ellipse: "an elliptic mask in \(describe(m.rect))"
    case .roundedRect: "a mask \(describe(m.rect)) with corners of \(format(m.cornerRadius))"
    case .path: "a path mask of \(m.elements.count) elements in \(describe(m.rect))"
    }
}

func describe(_ b: BlurEffect) -> String {
    switch b.kind {
    case .none: "no blur"
    case .backdrop: "a backdrop blur of \(format(b.radius)) pt"
    case .layer: "a blur of \(format(b.radius)) pt"
    }
}

func describe(_ r: Rect) -> String {
    "(\(format(r.minX)), \(format(r.minY)), \(format(r.size.width)), \(format(r.size.height)))"
}

/// A number as people write it: no trailing ".0", at most three decimals.
func format(_ x: Double) -> String { NumberText.readable(x) }
