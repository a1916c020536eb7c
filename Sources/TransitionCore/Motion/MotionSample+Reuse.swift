extension MotionSample {
    /// What the walks of one run's frames keep from frame to frame (MotionSample.withFrame),
    /// so that most of a frame is taken from the frame before instead of walked again.
    ///
    /// A subtree's layers, looks, covers and recorded views depend only on the subtree itself
    /// and on how the walk enters it (SubtreeEntry, and the ancestors' clip and 3D turn). So a
    /// subtree entered as it was the frame before, in which no view changed since
    /// (View.subtreeStamp), gives what it gave then, moved to its new place in the frame. The
    /// opacity it inherits may differ: each of its layers' opacities is then made again, from
    /// the opacity each inherits times its own, as the walk makes them, so the sample is the
    /// one a walk would give to the last bit; a layer that would start or stop being drawn
    /// (its opacity reaching or leaving 0) makes the subtree walked again instead.
    ///
    /// For the check this is the difference between judging a frame and walking it: in a
    /// cross-dissolve of 10,000 views every view's opacity changes every frame, and none of
    /// them needs its presentation composed again. A subtree carried by another 3D turn than
    /// before is placed again from the geometry kept of each layer (a cube's every frame), and
    /// one with no turn, mask or clipping of its own is retaken: copied, with only what each
    /// layer draws made again (Recorder.retake). A subtree entered another way (moved with its
    /// parent, or clipped another way) is walked once keeping every layer's geometry, then
    /// placed again from it, each layer's placement composed again as the walk composes it
    /// (Recorder.replace: a detail screen sliding in). The subviews of a view with a sublayer
    /// transform are never entered one by one.
    final class Reuse {
        /// The scene the records are of: another scene's views share its ids. Its identity,
        /// not a weak reference: a weak one would make every retain of the scene a slow one.
        private var scene: ObjectIdentifier?
        /// The walk's number; records are of the walk before.
        private var walk = 0
        /// Each subtree's record, by its root view's id.
        private var records: [SubtreeRecord] = []
        /// What the walk before made; nil before the first.
        private var before: Made?
        /// How many layers the last walk took from the one before it, and how many of them in
        /// runs of siblings taken at once (Recorder.reusesLeading).
        private(set) var taken = 0
        private(set) var takenTogether = 0
        /// The Geometry of each layer placed under a 3D turn or in a subtree that moved, by
        /// KeptLayer.geometry, kept from walk to walk: a layer taken from the walk before keeps
        /// its place here, so a cube's every frame copies none (a copy of each, its name with
        /// it, was a tenth of what the check cost a cube). Lent to each walk's builder, which
        /// adds the layers it places; those no layer keeps any more are let go once they
        /// outnumber the rest (keep).
        private var geometries: [Geometry] = []
        /// How many geometries it holds, kept or let go of yet.
        var geometriesHeld: Int { geometries.count }

        init() {}

        /// A walk's arrays, as the next one takes subtrees from them.
        struct Made {
            var views: [TransitionRun.ViewSample] = []
            var layerIDs: [Int] = [], layerParents: [Int] = []
            var kept: [KeptLayer] = []
            var ids: [Int] = []
            var looks: [Look] = []
            var covers: [Cover] = []
            var planes: [Plane] = []
        }

        /// What one walk borrows: the records (moved, not copied, so that the walk writes them
        /// in place) and the walk before's arrays.
        struct Lent {
            var walk = 0
            /// Scene.changeStamp as the walk begins: a subtree recorded now is as it is at it.
            var stamp: UInt64 = 0
            var records: [SubtreeRecord] = []
            /// Whether there was a walk before, and what it made.
            var hasBefore = false
            var before = Made()
            /// Where each subtree being walked began, innermost last.
            var marks: [Mark] = []
            /// Layers taken from the walk before, and of them those taken in runs of siblings.
            var taken = 0
            var takenTogether = 0
            /// The last turn a record was given: the subtrees under one turn share it.
            var turn: SubtreeRecord.WarpBox?
            /// While a moved subtree is placed again (Recorder.replace): what the subviews of
            /// the last layer at each depth below its root are placed in.
            var contents: [AffineTransform] = []
        }

        /// Where a subtree's walk began in each of the arrays, and how it was entered.
        struct Mark {
            let views: Int, layers: Int, looks: Int, covers: Int
            let parentID: Int
            let parentClip: Rect
            let parentWarp: Homography?
            /// Whether the subtree keeps every layer's geometry (Builder.keepsGeometries).
            let keepsGeometries: Bool
        }

        /// Lends a walk of `scene` what the walk before kept. The views whose animations run
        /// change every frame: they are marked changed first.
        func lend(to recorder: inout Recorder, for scene: Scene) {
            if self.scene != ObjectIdentifier(scene) {
                self.scene = ObjectIdentifier(scene)
                records = []
                before = nil
                geometries = []
            }
            for animation in scene.engine.runningAnimations { animation.view.touch() }
            walk += 1
            if records.count <= scene.views.count { records.append(contentsOf: repeatElement(SubtreeRecord(), count: scene.views.count + 1 - records.count)) }
            recorder.reusing = true
            // As many as the walk before made, once: grown by doubling, they were a sixth of
            // placing a cube's layers.
            if let before {
                recorder.builder.covers.reserveCapacity(before.covers.count)
                recorder.builder.planes.reserveCapacity(before.planes.count)
            }
            recorder.lent = Lent(walk: walk, stamp: scene.beginWalk(), hasBefore: before != nil)
            swap(&recorder.builder.geometries, &geometries)
            if before != nil { swap(&recorder.lent.before, &before!) }
            swap(&recorder.lent.records, &records)
            before = nil
        }

        /// Keeps what the walk made, for the next.
        func keep(_ recorder: inout Recorder, _ sample: MotionSample) {
            guard recorder.reusing else { return }
            recorder.reusing = false
            swap(&recorder.lent.records, &records)
            taken = recorder.lent.taken
            takenTogether = recorder.lent.takenTogether
            recorder.lent = Lent()
            Self.letGo(&recorder.builder.geometries, unkeptBy: &recorder.builder.kept)
            swap(&recorder.builder.geometries, &geometries)
            before = Made(views: recorder.views, layerIDs: sample.layerIDs, layerParents: sample.layerParents,
                          kept: recorder.builder.kept,
                          ids: sample.ids, looks: sample.looks, covers: sample.covers, planes: sample.planes)
        }

        /// Lets go of the geometries no layer of `kept` keeps, once they are more than those it
        /// keeps (and a few): the rest are moved together, in the layers' order, and renumbered.
        /// So the store stays under about twice what one frame keeps, and a frame that places
        /// every turned layer again (nothing taken) copies about what it placed.
        static func letGo(_ geometries: inout [Geometry], unkeptBy kept: inout [KeptLayer]) {
            let live = kept.reduce(0) { $0 + ($1.geometry >= 0 ? 1 : 0) }
            guard geometries.count > 2 * live + 64 else { return }
            var moved: [Geometry] = []
            // Room for what it may hold before the next letting go: grown by doubling instead,
            // each growth copied every geometry, names and all.
            moved.reserveCapacity(2 * live + 64)
            for i in kept.indices where kept[i].geometry >= 0 {
                moved.append(geometries[Int(kept[i].geometry)])
                kept[i].geometry = Int32(moved.count - 1)
            }
            geometries = moved
        }
    }

    /// What one subtree gave in the walk `walk`, and how it was entered then. Held small (144
    /// bytes: a scene of 10,000 views keeps 10,000 of them): counts as 32 bits, ranges as a
    /// start and a length, the ancestors' turn out of line (few subtrees have one).
    struct SubtreeRecord {
        private var walk32: Int32 = -1, depth32: Int32 = 0, parentID32: Int32 = 0
        var parentHidden = false
        var stamp: UInt64 = 0
        var contents = AffineTransform.identity
        var parentClip = Rect.zero
        private var warpBox: WarpBox?
        private var ranges = SIMD8<Int32>(repeating: 0)

        init() {}

        init(walk: Int, stamp: UInt64, contents: AffineTransform, parentClip: Rect, parentWarp: Homography?, parentID: Int,
             depth: Int, parentHidden: Bool, views: Range<Int>, layers: Range<Int>, looks: Range<Int>, covers: Range<Int>) {
            self.stamp = stamp
            self.contents = contents
            self.parentClip = parentClip
            self.parentHidden = parentHidden
            self.walk = walk
            self.parentWarp = parentWarp
            self.parentID = parentID
            self.depth = depth
            (self.views, self.layers, self.looks, self.covers) = (views, layers, looks, covers)
        }

        var walk: Int { get { Int(walk32) } set { walk32 = Int32(truncatingIfNeeded: newValue) } }
        var depth: Int { get { Int(depth32) } set { depth32 = Int32(truncatingIfNeeded: newValue) } }
        var parentID: Int { get { Int(parentID32) } set { parentID32 = Int32(truncatingIfNeeded: newValue) } }
        /// The ancestors' 3D turn, as the walk carried the subtree by it.
        var parentWarp: Homography? {
            get { warpBox?.warp }
            set { warpBox = newValue.map(WarpBox.init) }
        }

        /// Sets the ancestors' turn to `warp`, held in `shared` when that holds it already (the
        /// subtrees of one turned view, every frame of a cube: one box each was an allocation
        /// per subtree per frame), else in a new box, which `shared` then holds.
        mutating func setParentWarp(_ warp: Homography?, sharing shared: inout WarpBox?) {
            guard let warp else {
                warpBox = nil
                return
            }
            if let box = warpBox, box.warp == warp { return }
            if let box = shared, box.warp == warp {
                warpBox = box
                return
            }
            let box = WarpBox(warp)
            shared = box
            warpBox = box
        }
        /// Where its views and layers lie.
        var spans: (views: Range<Int>, layers: Range<Int>) { (range(0), range(1)) }

        /// Whether it lies in every array just after `before`: the next sibling's subtree, as
        /// the walk before took them in turn.
        func follows(_ before: UnsafePointer<SubtreeRecord>) -> Bool {
            ranges[0] == before.pointee.ranges[0] + before.pointee.ranges[1] && ranges[2] == before.pointee.ranges[2] + before.pointee.ranges[3]
                && ranges[4] == before.pointee.ranges[4] + before.pointee.ranges[5] && ranges[6] == before.pointee.ranges[6] + before.pointee.ranges[7]
        }

        /// Whether it was given the very turn `other` was (one walk gives one box to the
        /// subtrees of one turned view).
        func sharesTurn(with other: UnsafePointer<SubtreeRecord>) -> Bool {
            warpBox != nil && warpBox === other.pointee.warpBox
        }

        /// Where its part of each array lies.
        var views: Range<Int> { get { range(0) } set { setRange(0, newValue) } }
        var layers: Range<Int> { get { range(1) } set { setRange(1, newValue) } }
        var looks: Range<Int> { get { range(2) } set { setRange(2, newValue) } }
        var covers: Range<Int> { get { range(3) } set { setRange(3, newValue) } }

        private func range(_ k: Int) -> Range<Int> {
            let start = Int(ranges[2 * k])
            return start..<(start + Int(ranges[2 * k + 1]))
        }

        private mutating func setRange(_ k: Int, _ r: Range<Int>) {
            ranges[2 * k] = Int32(truncatingIfNeeded: r.lowerBound)
            ranges[2 * k + 1] = Int32(truncatingIfNeeded: r.count)
        }

        final class WarpBox {
            let warp: Homography
            init(_ warp: Homography) { self.warp = warp }
        }
    }
}

extension MotionSample.Recorder {
    mutating func reuses(_ child: View, _ entry: SubtreeEntry) -> Bool {
        guard reusing else { return false }
        builder.leave(to: entry.depth)
        let (parentID, parentClip, parentWarp) = builder.parentReach
        var moved = false
        if lent.hasBefore, child.id < lent.records.count {
            let record = lent.records[child.id]
            if record.walk == lent.walk - 1, child.subtreeStamp <= record.stamp, record.depth == entry.depth,
               record.parentHidden == entry.parentHidden, record.parentID == parentID {
                if record.parentClip == parentClip && record.contents == entry.contents {
                    // Carried as before: what it gave is moved; carried by another turn: placed again.
                    if record.parentWarp == parentWarp ? replay(record, of: child, entry)
                        : replay(record, of: child, entry, turnedBy: parentWarp, clip: parentClip) {
                        return true
                    }
                } else {
                    // Moved with its parent, or clipped another way: placed again from each
                    // layer's pieces, if the walk before kept them; else walked, keeping them.
                    if replace(record, of: child, entry, clip: parentClip, turnedBy: parentWarp) { return true }
                    moved = true
                }
            }
        }
        lent.marks.append(.init(views: views.count, layers: builder.index, looks: builder.looks.count,
                                covers: builder.covers.count, parentID: parentID, parentClip: parentClip, parentWarp: parentWarp,
                                keepsGeometries: moved))
        if moved { builder.keepsGeometries += 1 }
        return false
    }

    mutating func walked(_ child: View, _ entry: SubtreeEntry) {
        guard reusing else { return }
        let mark = lent.marks.removeLast()
        if mark.keepsGeometries { builder.keepsGeometries -= 1 }
        lent.records[child.id] = MotionSample.SubtreeRecord(
            walk: lent.walk, stamp: lent.stamp, contents: entry.contents,
            parentClip: mark.parentClip, parentWarp: nil, parentID: mark.parentID, depth: entry.depth, parentHidden: entry.parentHidden,
            views: mark.views..<views.count, layers: mark.layers..<builder.index, looks: mark.looks..<builder.looks.count,
            covers: mark.covers..<builder.covers.count)
        lent.records[child.id].setParentWarp(mark.parentWarp, sharing: &lent.turn)
    }

    /// Takes `child`'s subtree as `record` says the walk before gave it, moved to where it
    /// lies in this frame; false, with nothing taken, when an opacity made again would change
    /// which of its layers are drawn.
    private mutating func replay(_ record: MotionSample.SubtreeRecord, of child: View, _ entry: SubtreeEntry) -> Bool {
        let start = builder.index
        let shift = start - record.layers.lowerBound
        // The opacities first, each as the walk makes it: what it inherits times its own.
        let parentLayer = entry.depth - 1 < builder.viewLayers.count ? builder.viewLayers[entry.depth - 1] : -1
        for old in record.layers {
            let was = lent.before.kept[old]
            // Its geometry keeps its place among the Reuse's.
            let now = keptAgain(was, from: record.layers.lowerBound, shift: shift, entry, parentLayer: parentLayer, geometry: was.geometry)
            guard (now.opacity > 0) == (was.opacity > 0) else {
                builder.kept.removeLast(builder.kept.count - start)
                return false
            }
            builder.kept.append(now)
        }
        let views = self.views.count, looks = builder.looks.count, covers = builder.covers.count
        self.views.append(contentsOf: lent.before.views[record.views])
        builder.layerIDs.append(contentsOf: lent.before.layerIDs[record.layers])
        builder.layerParents.append(contentsOf: lent.before.layerParents[record.layers])
        builder.ids.append(contentsOf: lent.before.ids[record.looks])
        builder.looks.append(contentsOf: lent.before.looks[record.looks])
        // The subtree's planes lie together among the frame before's, in the order of its looks.
        let planes = lent.before.looks[record.looks].lazy.map(\.plane).first { $0 >= 0 }
        let planeShift = planes.map { Int32(builder.planes.count) - $0 } ?? 0
        for i in looks..<builder.looks.count {
            builder.looks[i].index += shift
            builder.looks[i].opacity = builder.kept[builder.looks[i].index].opacity
            if builder.looks[i].plane >= 0 {
                builder.planes.append(lent.before.planes[Int(builder.looks[i].plane)])
                builder.looks[i].plane += planeShift
            }
        }
        builder.covers.append(contentsOf: lent.before.covers[record.covers])
        for i in covers..<builder.covers.count {
            builder.covers[i].index += shift
            if builder.covers[i].plane >= 0 { builder.covers[i].plane += planeShift }
            builder.covers[i].opacity = builder.kept[builder.covers[i].index].opacity
                * MotionSample.Cover.weight(size: builder.covers[i].area, coverArea: builder.coverArea)
        }
        builder.index += record.layers.count
        lent.taken += record.layers.count
        // The subtree's own subtrees moved with it: their records are brought along, so that
        // once a view in it changes, its siblings can still be taken.
        let moves = (views: views - record.views.lowerBound, looks: looks - record.looks.lowerBound,
                     covers: covers - record.covers.lowerBound)
        for id in lent.before.layerIDs[record.layers].dropFirst() where id > 0 && id < lent.records.count {
            guard lent.records[id].walk == lent.walk - 1 else { continue }
            lent.records[id].walk = lent.walk
            lent.records[id].stamp = lent.stamp
            lent.records[id].views = lent.records[id].views.shifted(by: moves.views)
            lent.records[id].layers = lent.records[id].layers.shifted(by: shift)
            lent.records[id].looks = lent.records[id].looks.shifted(by: moves.looks)
            lent.records[id].covers = lent.records[id].covers.shifted(by: moves.covers)
        }
        self.record(child, movedFrom: (views, start, looks, covers), turnedBy: record.parentWarp, enteredBy: entry,
                    clip: record.parentClip)
        return true
    }

    /// A layer of the subtree whose first layer the walk before placed at `subtreeStart`, kept
    /// as `was` by that walk, as this walk keeps it:
    /// its opacity as the walk makes it, what it inherits (from its parent, taken just before
    /// it, `shift` layers on; or from the subtree's parent, `parentLayer`) times its own; and
    /// its geometry's place, `geometry`.
    fileprivate func keptAgain(_ was: MotionSample.KeptLayer, from subtreeStart: Int, shift: Int, _ entry: SubtreeEntry,
                               parentLayer: Int, geometry: Int32) -> MotionSample.KeptLayer {
        let from = Int(was.opacityParent)
        let inherits = from < subtreeStart
        let opacity = (inherits ? entry.parentOpacity : builder.kept[from + shift].opacity) * was.factor
        return MotionSample.KeptLayer(opacity: opacity, factor: was.factor, opacityParent: Int32(inherits ? parentLayer : from + shift),
                                      geometry: geometry)
    }

    /// Records `child`'s subtree, taken in this walk as its record had it, where it now lies:
    /// from `starts` (the arrays' lengths before it was taken) to their ends. The record is
    /// changed where it lies: a copy out and in again retained and released the turn it holds.
    fileprivate mutating func record(_ child: View, movedFrom starts: (views: Int, layers: Int, looks: Int, covers: Int),
                                     turnedBy warp: Homography?, enteredBy entry: SubtreeEntry, clip: Rect) {
        record(child, from: starts, to: (views: views.count, layers: builder.index, looks: builder.looks.count, covers: builder.covers.count),
               turnedBy: warp, enteredBy: entry, clip: clip)
    }

    /// Records `child`'s subtree as lying from `starts` to `ends` in each array.
    fileprivate mutating func record(_ child: View, from starts: (views: Int, layers: Int, looks: Int, covers: Int),
                                     to ends: (views: Int, layers: Int, looks: Int, covers: Int),
                                     turnedBy warp: Homography?, enteredBy entry: SubtreeEntry, clip: Rect) {
        let (walk, stamp) = (lent.walk, lent.stamp)
        var turn = lent.turn
        lent.records.withUnsafeMutableBufferPointer { records in
            let moved = records.baseAddress! + child.id
            moved.pointee.walk = walk
            moved.pointee.stamp = stamp
            moved.pointee.contents = entry.contents
            moved.pointee.parentClip = clip
            moved.pointee.setParentWarp(warp, sharing: &turn)
            moved.pointee.views = starts.views..<ends.views
            moved.pointee.layers = starts.layers..<ends.layers
            moved.pointee.looks = starts.looks..<ends.looks
            moved.pointee.covers = starts.covers..<ends.covers
        }
        lent.turn = turn
    }
}

extension MotionSample.Recorder {
    /// Places `child`'s subtree again from the geometry the walk before kept of each of its
    /// layers, now carried by `warp`: as the walk would place it, with no view looked at; false,
    /// with nothing placed, when a layer's geometry was not kept (it was neither under a turn
    /// nor in a subtree that moved then).
    /// Its views' records are not brought along (which of their layers draw may differ now):
    /// they are walked again once the subtree changes.
    fileprivate mutating func replay(_ record: MotionSample.SubtreeRecord, of child: View, _ entry: SubtreeEntry,
                                     turnedBy warp: Homography?, clip: Rect) -> Bool {
        let keptLayers = lent.before.kept
        guard record.layers.allSatisfy({ keptLayers[$0].geometry >= 0 }) else { return false }
        let start = builder.index
        let views = self.views.count, looks = builder.looks.count, covers = builder.covers.count
        // Each geometry is read where it lies among the Reuse's, which keeps its place (the
        // store is held apart from the builder while the builder places: nothing is added).
        var geometries: [MotionSample.Geometry] = []
        swap(&geometries, &builder.geometries)
        defer { swap(&geometries, &builder.geometries) }
        geometries.withUnsafeBufferPointer { geometries in
            // A subtree with no turn, mask or clipping of its own (a cube's face's cells,
            // header, labels) is carried by the new turn alone, within its parent's clip alone:
            // its layers, parents and opacities are copied and only what it draws is made again.
            if let warp, record.layers.allSatisfy({ old in
                let g = geometries.baseAddress! + Int(keptLayers[old].geometry)
                return g.pointee.warp == nil && g.pointee.mask == nil && !g.pointee.clipsToBounds
            }) {
                retake(record, entry, geometries, turnedBy: warp, clip: clip)
                return
            }
            self.views.append(contentsOf: lent.before.views[record.views])
            let shift = start - record.layers.lowerBound
            for old in record.layers {
                let g = Int(keptLayers[old].geometry)
                let from = Int(keptLayers[old].opacityParent)
                let inherited = from < record.layers.lowerBound ? entry.parentOpacity : builder.kept[from + shift].opacity
                builder.place(geometries[g], opacity: inherited * geometries[g].ownOpacity, keptAt: Int32(g))
            }
        }
        lent.taken += record.layers.count
        self.record(child, movedFrom: (views, start, looks, covers), turnedBy: warp, enteredBy: entry, clip: clip)
        return true
    }
}

extension MotionSample.Recorder {
    /// Takes the subtree `record` describes, whose layers' geometries lie in `geometries` (the
    /// Reuse's) where the walk before kept them, carried now by `warp` within `clip`
    /// (replay(_:of:_:turnedBy:clip:) says when).
    fileprivate mutating func retake(_ record: MotionSample.SubtreeRecord, _ entry: SubtreeEntry,
                                     _ geometries: UnsafeBufferPointer<MotionSample.Geometry>, turnedBy warp: Homography, clip: Rect) {
        let start = builder.index
        let shift = start - record.layers.lowerBound
        let parentLayer = entry.depth - 1 < builder.viewLayers.count ? builder.viewLayers[entry.depth - 1] : -1
        views.append(contentsOf: lent.before.views[record.views])
        builder.layerIDs.append(contentsOf: lent.before.layerIDs[record.layers])
        builder.layerParents.append(contentsOf: lent.before.layerParents[record.layers])
        let keptLayers = lent.before.kept
        for old in record.layers {
            let was = keptLayers[old]
            let now = keptAgain(was, from: record.layers.lowerBound, shift: shift, entry, parentLayer: parentLayer, geometry: was.geometry)
            builder.kept.append(now)
            builder.placeTurned(geometries.baseAddress! + Int(was.geometry), opacity: now.opacity, clip: clip, warp: warp)
        }
    }
}

extension MotionSample.Recorder {
    /// Takes the subtrees of the first of `children` at once, as many in a row as would each be
    /// retaken one by one (reuses, then replay(turnedBy:), then retake): the walk before gave
    /// them, one after another, under one turn, entered as now, and none changed since; now
    /// they are carried by another turn, and none of their layers has a turn, a mask or
    /// clipping of its own. So what each would cost once (the parent's reach, the checks, the
    /// copies of its views and layers) is paid once for all: a cube's face is two dozen
    /// subtrees of a few layers each, every frame. Gives how many it took: none unless two.
    mutating func reusesLeading(_ children: [View], _ entry: SubtreeEntry) -> Int {
        guard reusing, lent.hasBefore, children.count > 1 else { return 0 }
        builder.leave(to: entry.depth)
        guard let top = builder.stack.last, top.turn >= 0 else { return 0 }
        let parentID = top.id, clip = top.clip, walk = lent.walk
        let keptLayers = lent.before.kept
        let run = lent.records.withUnsafeBufferPointer { records -> Int in
            var before: UnsafePointer<MotionSample.SubtreeRecord>?
            for (n, child) in children.enumerated() {
                guard child.id >= 0, child.id < records.count else { return n }
                let r = records.baseAddress! + child.id
                guard r.pointee.walk == walk - 1, child.subtreeStamp <= r.pointee.stamp, r.pointee.depth == entry.depth,
                      r.pointee.parentHidden == entry.parentHidden, r.pointee.parentID == parentID,
                      r.pointee.parentClip == clip, r.pointee.contents == entry.contents else { return n }
                if let before { guard r.pointee.follows(before), r.pointee.sharesTurn(with: before) else { return n } }
                before = r
            }
            return children.count
        }
        guard run > 1 else { return 0 }
        let warp = builder.turns[Int(top.turn)]
        // Each record read where it lies, not copied: a copy retains and releases its turn.
        func spans(of child: View) -> (views: Range<Int>, layers: Range<Int>) {
            lent.records.withUnsafeBufferPointer { ($0.baseAddress! + child.id).pointee.spans }
        }
        guard lent.records.withUnsafeBufferPointer({ ($0.baseAddress! + children[0].id).pointee.parentWarp != warp }) else { return 0 }
        let first = spans(of: children[0]), last = spans(of: children[run - 1])
        let layers = first.layers.lowerBound..<last.layers.upperBound
        var geometries: [MotionSample.Geometry] = []
        swap(&geometries, &builder.geometries)
        defer { swap(&geometries, &builder.geometries) }
        return geometries.withUnsafeBufferPointer { geometries in
            guard layers.allSatisfy({ old in
                let k = Int(keptLayers[old].geometry)
                guard k >= 0 else { return false }
                let g = geometries.baseAddress! + k
                return g.pointee.warp == nil && g.pointee.mask == nil && !g.pointee.clipsToBounds
            }) else { return 0 }
            let start = builder.index, shift = start - layers.lowerBound
            let viewShift = views.count - first.views.lowerBound
            let parentLayer = entry.depth - 1 < builder.viewLayers.count ? builder.viewLayers[entry.depth - 1] : -1
            views.append(contentsOf: lent.before.views[first.views.lowerBound..<last.views.upperBound])
            builder.layerIDs.append(contentsOf: lent.before.layerIDs[layers])
            builder.layerParents.append(contentsOf: lent.before.layerParents[layers])
            for child in children[..<run] {
                let span = spans(of: child)
                let looks = builder.looks.count, covers = builder.covers.count
                for old in span.layers {
                    let was = keptLayers[old]
                    let now = keptAgain(was, from: layers.lowerBound, shift: shift, entry, parentLayer: parentLayer, geometry: was.geometry)
                    builder.kept.append(now)
                    builder.placeTurned(geometries.baseAddress! + Int(was.geometry), opacity: now.opacity, clip: clip, warp: warp)
                }
                self.record(child, from: (span.views.lowerBound + viewShift, span.layers.lowerBound + shift, looks, covers),
                            to: (span.views.upperBound + viewShift, span.layers.upperBound + shift, builder.looks.count, builder.covers.count),
                            turnedBy: warp, enteredBy: entry, clip: clip)
            }
            lent.taken += layers.count
            lent.takenTogether += layers.count
            return run
        }
    }
}

extension MotionSample.Recorder {
    /// Places `child`'s subtree again, entered another way than the walk before entered it
    /// (moved with its parent, or under another clip or turn) and unchanged itself: each
    /// layer's placement is composed again from the pieces its view's presentation gave
    /// (Geometry.placement), as the walk composes it, and placed as the walk places it, with
    /// no view's presentation composed. False, with nothing placed, when a layer's geometry
    /// was not kept, or is a picture's part, or turns in 3D of its own (its turn depends on
    /// where it lies). Its views' records are not brought along, as in replay(turnedBy:).
    fileprivate mutating func replace(_ record: MotionSample.SubtreeRecord, of child: View, _ entry: SubtreeEntry,
                                      clip: Rect, turnedBy warp: Homography?) -> Bool {
        let keptLayers = lent.before.kept
        // The store is held apart from the builder while it places (nothing is added to it:
        // each layer keeps its geometry's place), so that each geometry is made again in place.
        var geometries: [MotionSample.Geometry] = []
        swap(&geometries, &builder.geometries)
        defer { swap(&geometries, &builder.geometries) }
        return geometries.withUnsafeMutableBufferPointer { store in
            guard record.layers.allSatisfy({ old in
                let k = Int(keptLayers[old].geometry)
                return k >= 0 && store[k].placement != nil && store[k].warp == nil
            }) else { return false }
            let start = builder.index
            let shift = start - record.layers.lowerBound
            let views = self.views.count, looks = builder.looks.count, covers = builder.covers.count
            self.views.append(contentsOf: lent.before.views[record.views])
            for old in record.layers {
                let was = keptLayers[old]
                let g = store.baseAddress! + Int(was.geometry)
                let level = g.pointee.depth - entry.depth
                let placement = g.pointee.placement!
                // Its parent is the last layer placed a level above it (the layers come in the
                // walk's order), or the subtree's parent.
                let placed = placement.placed(in: level == 0 ? entry.contents : lent.contents[level - 1])
                let contents = SubviewPlacement.contents(of: placed, boundsOrigin: placement.boundsOrigin)
                if level < lent.contents.count { lent.contents[level] = contents } else { lent.contents.append(contents) }
                g.pointee.transform = placed
                let from = Int(was.opacityParent)
                let inherited = from < record.layers.lowerBound ? entry.parentOpacity : builder.kept[from + shift].opacity
                builder.place(g.pointee, opacity: inherited * was.factor, keptAt: was.geometry)
            }
            lent.taken += record.layers.count
            self.record(child, movedFrom: (views, start, looks, covers), turnedBy: warp, enteredBy: entry, clip: clip)
            return true
        }
    }
}

extension Range<Int> {
    fileprivate func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
