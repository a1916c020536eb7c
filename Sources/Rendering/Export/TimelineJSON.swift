import TransitionCore

/// `--output run.json`: the timeline as the renderer sees it, for tools that draw it their
/// own way: the run's transitions, then per frame every drawn view, back to front, with its
/// transform to window coordinates, size, colour, corner radius, effective opacity and label
/// text, and the layer properties a view sets (masked corners, a 3D transform's sixteen numbers,
/// clipping, border, shadow: each
/// only when it is not UIKit's default); and the animations running, with their curves. (`--format json` prints the run
/// report instead: events and each view's frame in its superview.)
public enum TimelineJSON {
    public static func render(_ report: TransitionRun.Report) throws -> String {
        let snapshots = report.snapshots
        guard let first = snapshots.first else { throw ExportError.nothingToDraw }
        var json = JSONWriter()
        json.object { j in
            j.field("effect", report.effect.qualifiedName)
            j.field("presentation", report.presentation?.qualifiedName)
            j.field("fps", report.framesPerSecond)
            j.field("duration", snapshots.last!.time)
            j.key("window")
            j.array { j in j.number(first.windowSize.width); j.number(first.windowSize.height) }
            j.key("transitions")
            j.array { j in
                for o in report.outcomes {
                    j.object { j in
                        j.field("transition", o.kind.name)
                        j.field("animator", o.animator)
                        j.field("start", o.startTime)
                        j.field("end", o.endTime)
                        j.field("declaredDuration", o.duration)
                        j.field("completed", o.completed)
                    }
                }
            }
            j.key("frames")
            j.array { j in
                for snapshot in snapshots { frame(snapshot, into: &j) }
            }
        }
        return json.output
    }

    /// The layer properties that differ from UIKit's defaults, so that a scene without them
    /// reads as before.
    private static func layerProperties(_ look: ViewAppearance, into j: inout JSONWriter) {
        func color(_ c: Color, _ j: inout JSONWriter) { j.array { j in for v in [c.red, c.green, c.blue, c.alpha] { j.number(v) } } }
        if look.maskedCorners != .all { j.field("maskedCorners", Int(look.maskedCorners.rawValue)) }
        if !look.transform3D.isIdentity {
            j.key("transform3D")
            j.array { j in for v in look.transform3D.values { j.number(v) } }
        }
        if look.clipsToBounds { j.field("clipsToBounds", true) }
        // A shape in the view's bounds coordinates, as the plugin set it.
        func shape(_ shape: MaskShape, _ j: inout JSONWriter) {
            j.object { j in
                j.field("kind", shape.kind == .ellipse ? "ellipse" : shape.kind == .path ? "path" : "roundedRect")
                j.key("rect")
                j.array { j in for v in [shape.rect.minX, shape.rect.minY, shape.rect.size.width, shape.rect.size.height] { j.number(v) } }
                if shape.kind == .roundedRect { j.field("cornerRadius", shape.cornerRadius) }
            }
        }
        if look.mask.kind != .none {
            j.key("mask")
            shape(look.mask, &j)
        }
        if look.blur.kind != .none {
            j.key("blur")
            j.object { j in
                j.field("kind", look.blur.kind == .backdrop ? "backdrop" : "layer")
                j.field("radius", look.blur.radius)
            }
        }
        if look.borderWidth > 0 {
            j.key("border")
            j.object { j in
                j.field("width", look.borderWidth)
                j.key("color")
                color(look.borderColor, &j)
            }
        }
        if look.shadowOpacity > 0 {
            j.key("shadow")
            j.object { j in
                j.key("color")
                color(look.shadowColor, &j)
                j.field("opacity", look.shadowOpacity)
                j.field("radius", look.shadowRadius)
                j.key("offset")
                j.array { j in j.number(look.shadowOffset.width); j.number(look.shadowOffset.height) }
                if look.shadowPath.kind != .none {
                    j.key("path")
                    shape(look.shadowPath, &j)
                }
            }
        }
    }

    private static func frame(_ snapshot: SceneSnapshot, into j: inout JSONWriter) {
        j.object { j in
            j.field("time", snapshot.time)
            j.key("layers")
            j.array { j in
                for layer in snapshot.layers where layer.isVisible {
                    j.object { j in
                        j.field("name", layer.name)
                        let t = layer.transform
                        j.key("transform")
                        j.array { j in for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { j.number(v) } }
                        j.key("size")
                        j.array { j in j.number(layer.size.width); j.number(layer.size.height) }
                        j.key("color")
                        j.array { j in for v in [layer.color.red, layer.color.green, layer.color.blue, layer.color.alpha] { j.number(v) } }
                        j.field("cornerRadius", layer.cornerRadius)
                        j.field("opacity", layer.opacity)
                        if let text = layer.text { j.field("text", text.string) }
                        layerProperties(layer.appearance, into: &j)
                    }
                }
            }
            j.key("animations")
            j.array { j in
                for a in snapshot.animations {
                    j.object { j in
                        j.field("view", snapshot.layers.first { $0.viewID == a.viewID }?.name ?? "#\(a.viewID)")
                        j.field("property", a.property.name)
                        j.field("curve", a.curve)
                        j.field("begin", a.begin)
                        j.field("duration", a.duration)
                    }
                }
            }
        }
    }
}
