import TransitionCore

/// A run's layers as the web page's tree of elements (WebPage): one node for each view in
/// each place of the view tree it was seen in (a view moved under another parent, as a
/// presented view into the transition's container, gets a node under each), and each node's
/// state at every frame, nil where it was not there.
///
/// The renderer draws a flat list of layers, each with its window transform; a page nests
/// elements, each transformed within its parent, which is how clipping (overflow), group
/// opacity and 3D subtrees carry to their subviews there. So each state's transform is the
/// view's place in the window after its parent's is undone.
struct WebPageTree {
    struct State {
        /// Maps the element's own rectangle into its parent's (row vectors, as Homography):
        /// projective under a 3D transform, else affine.
        var transform: Homography
        /// Drawn at this frame: there, and neither hidden nor below a hidden view (the renderer
        /// draws none of a hidden view's subtree).
        var shown: Bool
        /// Its place among its siblings, back to front.
        var order: Int
        var look: ViewAppearance
        /// Index into `pictures`: what it draws of its own besides its background.
        var picture: Int?
    }

    struct Node {
        /// The parent node; nil for a top layer (the window, the device's chrome).
        let parent: Int?
        let name: String
        var states: [State?]

        /// A state at every frame: where the view was not there, its nearest one, unseen
        /// (`shown` false), so that nothing jumps when it comes or goes.
        var heldStates: [State] {
            var last = states.lazy.compactMap { $0 }.first!
            return states.map { state in
                if let state {
                    last = state
                    return state
                }
                var unseen = last
                unseen.shown = false
                return unseen
            }
        }
    }

    private(set) var nodes: [Node] = []
    private(set) var pictures: [LayerPicture] = []
    let times: [Double]

    init(_ snapshots: [SceneSnapshot]) {
        times = snapshots.map(\.time)
        var byPath: [[Int]: Int] = [:]
        var pictureIndex: [LayerPicture.Key: Int] = [:]
        for (frame, snapshot) in snapshots.enumerated() {
            // The open ancestors of the layer being read: its node, its path of view ids, its
            // place in the window (`placed`), and the 3D warps it and its ancestors carry their
            // subtrees through, innermost first (`warps`).
            var stack: [(depth: Int, node: Int, path: [Int], placed: Homography, warps: Homography)] = []
            var siblings: [Int: Int] = [:]
            for layer in snapshot.layers {
                while let top = stack.last, top.depth >= layer.depth { stack.removeLast() }
                let parent = stack.last
                let path = (parent?.path ?? []) + [layer.viewID]
                let node: Int
                if let known = byPath[path] {
                    node = known
                } else {
                    node = nodes.count
                    byPath[path] = node
                    nodes.append(Node(parent: parent?.node, name: layer.name, states: Array(repeating: nil, count: snapshots.count)))
                }
                // A 3D view's subtree is drawn flat, then carried through its warp, and its
                // ancestors' after it (SceneRasterizer, ProjectedLayer).
                let warps = layer.warp.map { $0.concatenating(parent?.warps ?? .identity) } ?? parent?.warps ?? .identity
                let placed = Homography(layer.transform).concatenating(warps)
                let local = parent.map { p in p.placed.inverse.map { placed.concatenating($0) } } ?? placed
                let order = siblings[parent?.node ?? -1, default: 0]
                siblings[parent?.node ?? -1] = order + 1
                var picture: Int?
                if let made = LayerPicture(layer) {
                    // Drawn once, at the first size it is seen at; a view that grows stretches
                    // it, as a snapshot's pixels stretch.
                    let key = made.key
                    picture = pictureIndex[key]
                    if picture == nil {
                        picture = pictures.count
                        pictureIndex[key] = picture
                        pictures.append(made)
                    }
                }
                nodes[node].states[frame] = State(transform: local ?? .identity, shown: local != nil && !layer.isHidden,
                                                  order: order, look: layer.appearance, picture: picture)
                stack.append((layer.depth, node, path, placed, warps))
            }
        }
    }
}
