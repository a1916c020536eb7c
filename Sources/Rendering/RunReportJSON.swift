import TransitionCore

/// `host run --format json`: one object with the effect, the callbacks in call order
/// (`events`), every frame (`frames`: time, and each view's name, frame and alpha) and how
/// each transition ended (`outcomes`, with the pops the motion check found in `motion`).
public enum RunReportJSON {
    public static func render(_ report: TransitionRun.Report) -> String {
        var json = JSONWriter()
        write(report, into: &json)
        return json.output
    }

    /// The same text as render(_:), handed to `sink` a piece at a time: a run of 10,000 views
    /// makes tens of megabytes of JSON, which `host run` streams out instead of holding.
    public static func write(_ report: TransitionRun.Report, to sink: @escaping (String) -> Void) {
        var json = JSONWriter(streamingTo: sink)
        write(report, into: &json)
        json.finish()
    }

    private static func write(_ report: TransitionRun.Report, into json: inout JSONWriter) {
        json.object { j in
            j.field("effect", report.effect.qualifiedName)
            j.field("presentation", report.presentation?.qualifiedName)
            j.field("fps", report.framesPerSecond)
            j.field("clean", report.isClean)
            j.key("events")
            j.array { j in
                for e in report.events {
                    j.object { j in
                        j.field("time", e.time)
                        j.field("level", e.level.rawValue)
                        j.field("name", e.name)
                    }
                }
            }
            j.key("outcomes")
            j.array { j in
                for o in report.outcomes {
                    j.object { j in
                        j.field("transition", o.kind.name)
                        j.field("animator", o.animator)
                        j.field("completed", o.completed)
                        j.field("cutOff", o.cutOff)
                        j.field("cancelledByGesture", o.cancelledByInteraction)
                        j.field("refused", o.refused)
                        if let failure = o.failure { j.field("failure", failure) }
                        j.field("duration", o.duration)
                        j.field("start", o.startTime)
                        j.field("end", o.endTime)
                        j.key("violations")
                        j.array { j in for v in o.violations { j.string(v) } }
                        j.key("motion")
                        j.array { j in
                            for pop in o.motion {
                                j.object { j in
                                    j.field("time", pop.time)
                                    j.field("view", pop.view)
                                    j.field("quantity", pop.quantity.rawValue)
                                    j.field("moment", pop.moment.rawValue)
                                    j.field("size", pop.size)
                                    j.field("around", pop.around)
                                }
                            }
                        }
                    }
                }
            }
            j.key("frames")
            j.array { j in
                for f in report.frames {
                    j.object { j in
                        j.field("time", f.time)
                        j.key("views")
                        j.array { j in
                            for v in f.views {
                                j.object { j in
                                    j.field("name", v.name)
                                    j.key("frame")
                                    j.array { j in
                                        j.number(v.frame.minX); j.number(v.frame.minY)
                                        j.number(v.frame.size.width); j.number(v.frame.size.height)
                                    }
                                    j.field("alpha", v.alpha)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
