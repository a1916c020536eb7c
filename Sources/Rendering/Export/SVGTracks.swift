import TransitionCore

/// The elements of an animated SVG. SVG paints in document order and cannot animate that
/// order, while a transition may restack views (a view moved in front of another, or
/// re-added). So each view gets one element per stretch of frames in which its place in the
/// stack is compatible: one document order in which every frame's stack, back to front, is a
/// subsequence. An element shows in the frames it was matched to and hides in the others.
struct SVGTracks {
    struct Track {
        let viewID: Int
        /// Per frame: the layer drawn by this element, or nil when it is hidden.
        var layers: [SceneSnapshot.Layer?]
    }

    private(set) var tracks: [Track] = []

    init(_ snapshots: [SceneSnapshot]) {
        for (frame, snapshot) in snapshots.enumerated() {
            var cursor = -1
            for layer in snapshot.layers where layer.isVisible && layer.transform.isValid {
                if let found = tracks.indices.first(where: { $0 > cursor && tracks[$0].viewID == layer.viewID && tracks[$0].layers[frame] == nil }) {
                    cursor = found
                } else {
                    cursor += 1
                    tracks.insert(Track(viewID: layer.viewID, layers: Array(repeating: nil, count: snapshots.count)), at: cursor)
                }
                tracks[cursor].layers[frame] = layer
            }
        }
    }
}
