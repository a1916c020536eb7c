extension MotionSample {
    /// What the walks of one run's frames keep from frame to frame (MotionSample.withFrame),
    /// so that most of a frame is taken from the frame before instead of walked again.
    ///
    /// A subtree's layers, looks, covers and recorded views depend only on the subtree itself
    /// and on how the walk enters it (SubtreeEntry, and the clip of the ancestors). So a
    /// subtree entered as it was the frame before, in which no view changed since
    /// (View.subtreeStamp), gives what it gave then, moved to its new place in the frame. The
    /// opacity it inherits may differ: each of its layers' opacities is then made again, from
    /// the opacity each inherits times its own, as the walk makes them, so the sample is the
    /// one a walk would give to the last bit; a layer that would start or stop being drawn
    /// (its opacity reaching or leaving 0) makes the subtree walked again instead.
    ///
    /// For the check this is the difference between judging a frame and walking it: in a
    /// cross-dissolve of 10,000 views every view's opacity changes every frame, and none of
    /// them needs its presentation composed again. Subtrees under a 3D sublayer transform or a
    /// 3D-turned ancestor are always walked.
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
        /// How many layers the last walk took from the one before it.
        private(set) var taken = 0

        init() {}

        /// A walk's arrays, as the next one takes subtrees from them.
        struct Made {
            var views: [TransitionRun.ViewSample] = []
            var layerIDs: [Int] = [], layerParents: [Int] = []
            var layerOpacity: [Double] = [], layerFactor: [Double] = [], layerOpacityParent: [Int32] = []
            var ids: [Int] = []
            var looks: [Look] = []
            var covers: [Cover] = []
            var geometries: [Geometry] = [], geometryIndex: [Int32] = []
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
            /// Layers taken from the walk before.
            var taken = 0
        }

        /// Where a subtree's walk began in each of the arrays, and how it was entered.
        struct Mark {
            let views: Int, layers: Int, looks: Int, covers: Int
            let parentID: Int
            let parentClip: Rect
            let parentWarp: Homography?
        }

        /// Lends a walk of `scene` what the walk before kept. The views whose animations run
        /// change every frame: they are marked changed first.
        func lend(to recorder: inout Recorder, for scene: Scene) {
            if self.scene != ObjectIdentifier(scene) {
                self.scene = ObjectIdentifier(scene)
                records = []
                before = nil
            }
            for animation in scene.engine.runningAnimations { animation.view.touch() }
            walk += 1
            if records.count <= scene.views.count { records.append(contentsOf: repeatElement(SubtreeRecord(), count: scene.views.count + 1 - records.count)) }
            recorder.reusing = true
            recorder.lent = Lent(walk: walk, stamp: scene.beginWalk(), hasBefore: before != nil, before: before ?? Made())
            swap(&recorder.lent.records, &records)
            before = nil
        }

        /// Keeps what the walk made, for the next.
        func keep(_ recorder: inout Recorder, _ sample: MotionSample) {
            guard recorder.reusing else { return }
            recorder.reusing = false
            swap(&recorder.lent.records, &records)
            taken = recorder.lent.taken
            recorder.lent = Lent()
            before = Made(views: recorder.views, layerIDs: sample.layerIDs, layerParents: sample.layerParents,
                          layerOpacity: recorder.builder.layerOpacity, layerFactor: recorder.builder.layerFactor,
                          layerOpacityParent: recorder.builder.layerOpacityParent,
                          ids: sample.ids, looks: sample.looks, covers: sample.covers,
                          geometries: recorder.builder.geometries, geometryIndex: recorder.builder.geometryIndex)
        }
    }

    /// What one subtree gave in the walk `walk`, and how it was entered then.
    struct SubtreeRecord {
        var walk = -1
        var stamp: UInt64 = 0
        var contents = AffineTransform.identity
        var parentClip = Rect.zero
        /// The ancestors' 3D turn, as the walk carried the subtree by it.
        var parentWarp: Homography?
        var parentID = 0
        var depth = 0
        var parentHidden = false
        /// Where its part of each array begins, and how long it is.
        var views = 0..<0, layers = 0..<0, looks = 0..<0, covers = 0..<0
    }
}

extension MotionSample.Recorder {
    mutating func reuses(_ child: View, _ entry: SubtreeEntry) -> Bool {
        guard reusing else { return false }
        builder.leave(to: entry.depth)
        let reach = builder.stack.last
        let parentID = reach?.id ?? -1, parentClip = reach?.clip ?? builder.window, parentWarp = reach?.warp
        if lent.hasBefore, child.id < lent.records.count {
            let record = lent.records[child.id]
            if record.walk == lent.walk - 1, child.subtreeStamp <= record.stamp, record.depth == entry.depth,
               record.parentHidden == entry.parentHidden, record.parentID == parentID, record.parentClip == parentClip,
               record.contents == entry.contents {
                // Carried as before: what it gave is moved; carried by another turn: placed again.
                if record.parentWarp == parentWarp ? replay(record, of: child, entry)
                    : replay(record, of: child, entry, turnedBy: parentWarp) {
                    return true
                }
            }
        }
        lent.marks.append(.init(views: views.count, layers: builder.index, looks: builder.looks.count,
                                covers: builder.covers.count, parentID: parentID, parentClip: parentClip, parentWarp: parentWarp))
        return false
    }

    mutating func walked(_ child: View, _ entry: SubtreeEntry) {
        guard reusing else { return }
        let mark = lent.marks.removeLast()
        lent.records[child.id] = MotionSample.SubtreeRecord(
            walk: lent.walk, stamp: lent.stamp, contents: entry.contents,
            parentClip: mark.parentClip, parentWarp: mark.parentWarp, parentID: mark.parentID, depth: entry.depth, parentHidden: entry.parentHidden,
            views: mark.views..<views.count, layers: mark.layers..<builder.index, looks: mark.looks..<builder.looks.count,
            covers: mark.covers..<builder.covers.count)
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
            let from = Int(lent.before.layerOpacityParent[old])
            let inherits = from < record.layers.lowerBound
            let opacity = (inherits ? entry.parentOpacity : builder.layerOpacity[from + shift]) * lent.before.layerFactor[old]
            guard (opacity > 0) == (lent.before.layerOpacity[old] > 0) else {
                let made = builder.layerOpacity.count - start
                builder.layerOpacity.removeLast(made)
                builder.layerFactor.removeLast(made)
                builder.layerOpacityParent.removeLast(made)
                return false
            }
            builder.layerOpacity.append(opacity)
            builder.layerFactor.append(lent.before.layerFactor[old])
            builder.layerOpacityParent.append(Int32(inherits ? parentLayer : from + shift))
        }
        let views = self.views.count, looks = builder.looks.count, covers = builder.covers.count
        self.views.append(contentsOf: lent.before.views[record.views])
        builder.layerIDs.append(contentsOf: lent.before.layerIDs[record.layers])
        builder.layerParents.append(contentsOf: lent.before.layerParents[record.layers])
        builder.ids.append(contentsOf: lent.before.ids[record.looks])
        builder.looks.append(contentsOf: lent.before.looks[record.looks])
        for i in looks..<builder.looks.count {
            builder.looks[i].index += shift
            builder.looks[i].opacity = builder.layerOpacity[builder.looks[i].index]
        }
        for old in record.layers {
            let kept = Int(lent.before.geometryIndex[old])
            builder.geometryIndex.append(kept < 0 ? -1 : Int32(builder.geometries.count))
            if kept >= 0 { builder.geometries.append(lent.before.geometries[kept]) }
        }
        builder.covers.append(contentsOf: lent.before.covers[record.covers])
        for i in covers..<builder.covers.count {
            builder.covers[i].index += shift
            let size = builder.covers[i].region.area
            builder.covers[i].opacity = builder.layerOpacity[builder.covers[i].index]
                * MotionSample.Cover.weight(size: size, coverArea: builder.coverArea)
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
        var moved = record
        moved.walk = lent.walk
        moved.stamp = lent.stamp
        moved.views = views..<self.views.count
        moved.layers = start..<builder.index
        moved.looks = looks..<builder.looks.count
        moved.covers = covers..<builder.covers.count
        lent.records[child.id] = moved
        return true
    }
}

extension MotionSample.Recorder {
    /// Places `child`'s subtree again from the geometry the walk before kept of each of its
    /// layers, now carried by `warp`: as the walk would place it, with no view looked at; false,
    /// with nothing placed, when a layer's geometry was not kept (it was not under a turn then).
    /// Its views' records are not brought along (which of their layers draw may differ now):
    /// they are walked again once the subtree changes.
    fileprivate mutating func replay(_ record: MotionSample.SubtreeRecord, of child: View, _ entry: SubtreeEntry,
                                     turnedBy warp: Homography?) -> Bool {
        for old in record.layers where lent.before.geometryIndex[old] < 0 { return false }
        let start = builder.index
        let shift = start - record.layers.lowerBound
        let views = self.views.count, looks = builder.looks.count, covers = builder.covers.count
        self.views.append(contentsOf: lent.before.views[record.views])
        for old in record.layers {
            let from = Int(lent.before.layerOpacityParent[old])
            let inherited = from < record.layers.lowerBound ? entry.parentOpacity : builder.layerOpacity[from + shift]
            let geometry = lent.before.geometries[Int(lent.before.geometryIndex[old])]
            builder.place(geometry, opacity: inherited * geometry.ownOpacity)
        }
        lent.taken += record.layers.count
        var moved = record
        moved.walk = lent.walk
        moved.stamp = lent.stamp
        moved.parentWarp = warp
        moved.views = views..<self.views.count
        moved.layers = start..<builder.index
        moved.looks = looks..<builder.looks.count
        moved.covers = covers..<builder.covers.count
        lent.records[child.id] = moved
        return true
    }
}

extension Range<Int> {
    fileprivate func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
