/// Every function the host offers a plugin — th_host_api and the host's extensions —
/// described once: its C name, the table it sits in, how it crosses the socket for an
/// isolated plugin (its IsolationOp), and the kind of each parameter.
///
/// The in-process table (HostAPITable and the extension tables), the isolated child's
/// (ChildHostTable) and the host's server (HostTableServer) each implement every entry; the
/// tests hold them to this list: every function pointer of every table is in it, every
/// IsolationOp of a host function belongs to exactly one entry, and a plugin generated from
/// the parameter kinds calls every function with a bad handle, a NULL pointer, a non-finite
/// number and from a second thread, in process and isolated, expecting the same statuses.
/// A new host function is a new entry here, and those tests say what else it needs.
public enum HostFunctions {
    /// Which struct holds the function pointer.
    public enum Table: String, Sendable, CaseIterable {
        case api = "th_host_api"
        case curves = "th_host_curves"
        case keyframes = "th_host_keyframes"
        case sharedElements = "th_host_shared_elements"
    }

    /// The kind of one parameter, as the C signature has it.
    public enum Kind: String, Sendable {
        // Handles, checked by the host.
        case context = "th_context", view = "th_view", viewController = "th_view_controller"
        // Values.
        case key = "uint32_t key", uint32 = "uint32_t", bool = "bool", double = "double"
        case rect = "th_rect", point = "th_point", affine = "th_affine", color = "th_color"
        // Pointers the plugin passes in.
        case string = "const char *", options = "const th_animation_options *"
        case animations = "th_animations_fn", completion = "th_completion_fn", alongside = "th_alongside_fn"
        case userData = "void *"
        // Out-pointers the host writes.
        case outView = "th_view *", outViewController = "th_view_controller *", outRect = "th_rect *"
        case outPoint = "th_point *", outAffine = "th_affine *", outColor = "th_color *"
        case outDouble = "double *", outBool = "bool *", outUInt32 = "uint32_t *", outCurve = "th_curve_fn *"
        /// An array of `capacity` views (the next parameter), which may be NULL when it is 0.
        case outViews = "th_view * (array)"
        case capacity = "uint32_t capacity"

        public var isHandle: Bool { self == .context || self == .view || self == .viewController }
        /// A pointer the host writes through.
        public var isOut: Bool {
            switch self {
            case .outView, .outViewController, .outRect, .outPoint, .outAffine, .outColor, .outDouble, .outBool,
                 .outUInt32, .outCurve, .outViews: true
            default: false
            }
        }
    }

    public struct Function: Sendable {
        public let table: Table
        public let name: String
        /// Nil for the two answered in the plugin's own process when isolated: get_extension
        /// (the child's own tables) and curve_function (the standard curves, evaluated there).
        public let op: IsolationOp?
        public let parameters: [Kind]
        /// th_status, the rule; log returns nothing and get_extension a pointer.
        public let returnsStatus: Bool

        init(_ table: Table, _ name: String, _ op: IsolationOp?, _ parameters: [Kind], returnsStatus: Bool = true) {
            self.table = table
            self.name = name
            self.op = op
            self.parameters = parameters
            self.returnsStatus = returnsStatus
        }
    }

    public static let all: [Function] = [
        // The transition context and coordinator.
        Function(.api, "container_view", .containerView, [.context, .outView]),
        Function(.api, "view_controller", .viewController, [.context, .key, .outViewController]),
        Function(.api, "view", .view, [.context, .key, .outView]),
        Function(.api, "initial_frame", .initialFrame, [.context, .viewController, .outRect]),
        Function(.api, "final_frame", .finalFrame, [.context, .viewController, .outRect]),
        Function(.api, "is_animated", .isAnimated, [.context, .outBool]),
        Function(.api, "is_interactive", .isInteractive, [.context, .outBool]),
        Function(.api, "transition_was_cancelled", .transitionWasCancelled, [.context, .outBool]),
        Function(.api, "presentation_style", .presentationStyle, [.context, .outUInt32]),
        Function(.api, "transition_kind", .transitionKind, [.context, .outUInt32]),
        Function(.api, "complete_transition", .completeTransition, [.context, .bool]),
        Function(.api, "animate_alongside", .animateAlongside, [.context, .alongside, .alongside, .userData]),
        Function(.api, "transition_duration", .transitionDuration, [.context, .outDouble]),
        // Views and view controllers.
        Function(.api, "view_of_controller", .viewOfController, [.viewController, .outView]),
        Function(.api, "create_view", .createView, [.string, .rect, .outView]),
        Function(.api, "snapshot_view", .snapshotView, [.view, .outView]),
        Function(.api, "add_subview", .addSubview, [.view, .view]),
        Function(.api, "insert_subview_below", .insertSubviewBelow, [.view, .view, .view]),
        Function(.api, "remove_from_superview", .removeFromSuperview, [.view]),
        Function(.api, "superview", .superview, [.view, .outView]),
        Function(.api, "convert_rect", .convertRect, [.rect, .view, .view, .outRect]),
        // View properties.
        Function(.api, "get_frame", .getFrame, [.view, .outRect]),
        Function(.api, "set_frame", .setFrame, [.view, .rect]),
        Function(.api, "get_bounds", .getBounds, [.view, .outRect]),
        Function(.api, "set_bounds", .setBounds, [.view, .rect]),
        Function(.api, "get_center", .getCenter, [.view, .outPoint]),
        Function(.api, "set_center", .setCenter, [.view, .point]),
        Function(.api, "get_alpha", .getAlpha, [.view, .outDouble]),
        Function(.api, "set_alpha", .setAlpha, [.view, .double]),
        Function(.api, "get_hidden", .getHidden, [.view, .outBool]),
        Function(.api, "set_hidden", .setHidden, [.view, .bool]),
        Function(.api, "get_transform", .getTransform, [.view, .outAffine]),
        Function(.api, "set_transform", .setTransform, [.view, .affine]),
        Function(.api, "get_background_color", .getBackgroundColor, [.view, .outColor]),
        Function(.api, "set_background_color", .setBackgroundColor, [.view, .color]),
        Function(.api, "get_corner_radius", .getCornerRadius, [.view, .outDouble]),
        Function(.api, "set_corner_radius", .setCornerRadius, [.view, .double]),
        // Animation, logging, extensions.
        Function(.api, "animate", .animate, [.options, .animations, .completion, .userData]),
        Function(.api, "log", .log, [.uint32, .string], returnsStatus: false),
        Function(.api, "get_extension", nil, [.string], returnsStatus: false),
        // TH_EXT_HOST_CURVES.
        Function(.curves, "curve_function", nil, [.string, .outCurve]),
        Function(.curves, "animate_with_curve", .animateWithCurve, [.options, .string, .animations, .completion, .userData]),
        // TH_EXT_HOST_KEYFRAMES.
        Function(.keyframes, "animate_keyframes", .animateKeyframes, [.options, .uint32, .animations, .completion, .userData]),
        Function(.keyframes, "add_keyframe", .addKeyframe, [.double, .double, .animations, .userData]),
        // TH_EXT_HOST_SHARED_ELEMENTS.
        Function(.sharedElements, "shared_views", .sharedViews, [.view, .outViews, .capacity, .outUInt32]),
        Function(.sharedElements, "matching_view", .matchingView, [.view, .view, .outView]),
    ]
}
