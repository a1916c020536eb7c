/// Every function the host offers a plugin — th_host_api and the host's extensions —
/// described once: its C name, the table it sits in, the kind of each parameter, and
/// whether an isolated plugin's call crosses the socket.
///
/// This list drives everything that speaks the ABI besides the in-process implementation:
/// the isolated child's table is made from it (ForwardedHostCall: one libffi closure per
/// function, which writes the arguments by kind), and the host's server decodes a request
/// by the same kinds and calls the in-process function itself (HostTableServer), so an
/// isolated plugin meets the very checks an in-process one does. A request's number is the
/// function's place in this list. Adding a host function takes two edits: its declaration
/// in the header, and its entry here with its in-process implementation (HostAPITable or
/// its extension's table). The tests hold every table to this list, and a plugin generated
/// from the parameter kinds calls every function with a bad handle, a NULL pointer, a
/// non-finite number and from a second thread, in process and isolated, expecting the same
/// statuses.
public enum HostFunctions {
    /// Which struct holds the function pointer.
    public enum Table: String, Sendable, CaseIterable {
        case api = "th_host_api"
        case curves = "th_host_curves"
        case keyframes = "th_host_keyframes"
        case sharedElements = "th_host_shared_elements"
        case propertyAnimators = "th_host_property_animators"
        case viewTransitions = "th_host_view_transitions"
    }

    /// The kind of one parameter, as the C signature has it.
    public enum Kind: String, Sendable {
        // Handles, checked by the host.
        case context = "th_context", view = "th_view", viewController = "th_view_controller"
        case propertyAnimator = "th_property_animator"
        // Values.
        case key = "uint32_t key", uint32 = "uint32_t", bool = "bool", double = "double"
        case rect = "th_rect", point = "th_point", affine = "th_affine", color = "th_color", transform3D = "th_transform3d"
        case edgeInsets = "th_edge_insets"
        // Pointers the plugin passes in.
        case string = "const char *", options = "const th_animation_options *"
        case animations = "th_animations_fn", completion = "th_completion_fn", alongside = "th_alongside_fn"
        case positionCompletion = "th_position_fn"
        case userData = "void *"
        /// An array of `count` gradient stops (the parameter before it) that the plugin passes
        /// in; read only when that count is within TH_MAX_GRADIENT_STOPS.
        case gradientStops = "const th_gradient_stop * (array)"
        case pathElements = "const th_path_element * (array)"
        case count = "uint32_t count"
        // Out-pointers the host writes.
        case outView = "th_view *", outViewController = "th_view_controller *", outRect = "th_rect *"
        case outPoint = "th_point *", outAffine = "th_affine *", outColor = "th_color *", outTransform3D = "th_transform3d *"
        case outDouble = "double *", outBool = "bool *", outUInt32 = "uint32_t *", outCurve = "th_curve_fn *"
        case outPropertyAnimator = "th_property_animator *"
        /// An array of `capacity` views (the next parameter), which may be NULL when it is 0.
        case outViews = "th_view * (array)"
        /// A buffer of `capacity` chars (the next parameter) for a NUL-terminated text, which
        /// may be NULL when it is 0.
        case outChars = "char * (array)"
        case capacity = "uint32_t capacity"

        public var isHandle: Bool { self == .context || self == .view || self == .viewController || self == .propertyAnimator }
        /// A pointer the host writes through.
        public var isOut: Bool {
            switch self {
            case .outView, .outViewController, .outRect, .outPoint, .outAffine, .outColor, .outTransform3D, .outDouble, .outBool,
                 .outUInt32, .outCurve, .outViews, .outChars, .outPropertyAnimator: true
            default: false
            }
        }
    }

    /// What a function gives back.
    public enum Result: Sendable {
        case status
        /// log.
        case void
        /// get_extension.
        case pointer
    }

    public struct Function: Sendable {
        public let table: Table
        public let name: String
        public let parameters: [Kind]
        public let result: Result
        /// False for the two answered in the plugin's own process when isolated: get_extension
        /// (the child's own tables) and curve_function (the standard curves, evaluated there).
        public let crossesSocket: Bool

        package init(_ table: Table, _ name: String, _ parameters: [Kind], result: Result = .status, crossesSocket: Bool = true) {
            self.table = table
            self.name = name
            self.parameters = parameters
            self.result = result
            self.crossesSocket = crossesSocket
        }

        /// th_status, the rule; log returns nothing and get_extension a pointer.
        public var returnsStatus: Bool { result == .status }
    }

    public static let all: [Function] = [
        // The transition context and coordinator.
        Function(.api, "container_view", [.context, .outView]),
        Function(.api, "view_controller", [.context, .key, .outViewController]),
        Function(.api, "view", [.context, .key, .outView]),
        Function(.api, "initial_frame", [.context, .viewController, .outRect]),
        Function(.api, "final_frame", [.context, .viewController, .outRect]),
        Function(.api, "is_animated", [.context, .outBool]),
        Function(.api, "is_interactive", [.context, .outBool]),
        Function(.api, "transition_was_cancelled", [.context, .outBool]),
        Function(.api, "presentation_style", [.context, .outUInt32]),
        Function(.api, "transition_kind", [.context, .outUInt32]),
        Function(.api, "complete_transition", [.context, .bool]),
        Function(.api, "animate_alongside", [.context, .alongside, .alongside, .userData]),
        Function(.api, "transition_duration", [.context, .outDouble]),
        // Views and view controllers.
        Function(.api, "view_of_controller", [.viewController, .outView]),
        Function(.api, "create_view", [.string, .rect, .outView]),
        Function(.api, "snapshot_view", [.view, .outView]),
        Function(.api, "add_subview", [.view, .view]),
        Function(.api, "insert_subview_below", [.view, .view, .view]),
        Function(.api, "remove_from_superview", [.view]),
        Function(.api, "superview", [.view, .outView]),
        Function(.api, "convert_rect", [.rect, .view, .view, .outRect]),
        // View properties.
        Function(.api, "get_frame", [.view, .outRect]),
        Function(.api, "set_frame", [.view, .rect]),
        Function(.api, "get_bounds", [.view, .outRect]),
        Function(.api, "set_bounds", [.view, .rect]),
        Function(.api, "get_center", [.view, .outPoint]),
        Function(.api, "set_center", [.view, .point]),
        Function(.api, "get_alpha", [.view, .outDouble]),
        Function(.api, "set_alpha", [.view, .double]),
        Function(.api, "get_hidden", [.view, .outBool]),
        Function(.api, "set_hidden", [.view, .bool]),
        Function(.api, "get_transform", [.view, .outAffine]),
        Function(.api, "set_transform", [.view, .affine]),
        Function(.api, "get_background_color", [.view, .outColor]),
        Function(.api, "set_background_color", [.view, .color]),
        Function(.api, "get_corner_radius", [.view, .outDouble]),
        Function(.api, "set_corner_radius", [.view, .double]),
        // Animation, logging, extensions.
        Function(.api, "animate", [.options, .animations, .completion, .userData]),
        Function(.api, "log", [.uint32, .string], result: .void),
        Function(.api, "get_extension", [.string], result: .pointer, crossesSocket: false),
        // ABI 1.1: the interactive part of the context.
        Function(.api, "update_interactive_transition", [.context, .double]),
        Function(.api, "finish_interactive_transition", [.context]),
        Function(.api, "cancel_interactive_transition", [.context]),
        Function(.api, "pause_interactive_transition", [.context]),
        Function(.api, "notify_when_interaction_changes", [.context, .alongside, .userData]),
        // ABI 1.1: layer properties.
        Function(.api, "get_clips_to_bounds", [.view, .outBool]),
        Function(.api, "set_clips_to_bounds", [.view, .bool]),
        Function(.api, "get_masked_corners", [.view, .outUInt32]),
        Function(.api, "set_masked_corners", [.view, .uint32]),
        Function(.api, "get_border_width", [.view, .outDouble]),
        Function(.api, "set_border_width", [.view, .double]),
        Function(.api, "get_border_color", [.view, .outColor]),
        Function(.api, "set_border_color", [.view, .color]),
        Function(.api, "get_shadow_color", [.view, .outColor]),
        Function(.api, "set_shadow_color", [.view, .color]),
        Function(.api, "get_shadow_opacity", [.view, .outDouble]),
        Function(.api, "set_shadow_opacity", [.view, .double]),
        Function(.api, "get_shadow_radius", [.view, .outDouble]),
        Function(.api, "set_shadow_radius", [.view, .double]),
        Function(.api, "get_shadow_offset", [.view, .outPoint]),
        Function(.api, "set_shadow_offset", [.view, .point]),
        Function(.api, "get_transform3d", [.view, .outTransform3D]),
        Function(.api, "set_transform3d", [.view, .transform3D]),
        // ABI 1.1: snapshots before or after screen updates, resizable ones.
        Function(.api, "snapshot_view_after_updates", [.view, .bool, .outView]),
        Function(.api, "resizable_snapshot_view", [.view, .rect, .bool, .edgeInsets, .outView]),
        // ABI 1.2.
        Function(.api, "percent_complete", [.context, .outDouble]),
        Function(.api, "get_double_sided", [.view, .outBool]),
        Function(.api, "set_double_sided", [.view, .bool]),
        Function(.api, "get_z_position", [.view, .outDouble]),
        Function(.api, "set_z_position", [.view, .double]),
        Function(.api, "get_corner_curve", [.view, .outUInt32]),
        Function(.api, "set_corner_curve", [.view, .uint32]),
        Function(.api, "set_gradient", [.view, .uint32, .point, .point, .count, .gradientStops]),
        Function(.api, "get_anchor_point", [.view, .outPoint]),
        Function(.api, "set_anchor_point", [.view, .point]),
        Function(.api, "get_mask", [.view, .outUInt32, .outRect, .outDouble]),
        Function(.api, "set_mask", [.view, .uint32, .rect, .double]),
        Function(.api, "get_blur", [.view, .outUInt32, .outDouble]),
        Function(.api, "set_blur", [.view, .uint32, .double]),
        Function(.api, "get_shadow_path", [.view, .outUInt32, .outRect, .outDouble]),
        Function(.api, "set_shadow_path", [.view, .uint32, .rect, .double]),
        Function(.api, "get_sublayer_transform", [.view, .outTransform3D]),
        Function(.api, "set_sublayer_transform", [.view, .transform3D]),
        Function(.api, "set_mask_path", [.view, .count, .pathElements]),
        Function(.api, "get_autoresizing_mask", [.view, .outUInt32]),
        Function(.api, "set_autoresizing_mask", [.view, .uint32]),
        Function(.api, "completion_velocity", [.context, .outDouble]),
        Function(.api, "completion_curve", [.context, .outUInt32]),
        // TH_EXT_HOST_CURVES.
        Function(.curves, "curve_function", [.string, .outCurve], crossesSocket: false),
        Function(.curves, "animate_with_curve", [.options, .string, .animations, .completion, .userData]),
        // TH_EXT_HOST_KEYFRAMES.
        Function(.keyframes, "animate_keyframes", [.options, .uint32, .animations, .completion, .userData]),
        Function(.keyframes, "add_keyframe", [.double, .double, .animations, .userData]),
        Function(.keyframes, "add_keyframe_path", [.view, .count, .pathElements, .uint32]),
        // TH_EXT_HOST_SHARED_ELEMENTS.
        Function(.sharedElements, "shared_views", [.view, .outViews, .capacity, .outUInt32]),
        Function(.sharedElements, "matching_view", [.view, .view, .outView]),
        Function(.sharedElements, "modified_views", [.view, .outViews, .capacity, .outUInt32]),
        Function(.sharedElements, "modifiers", [.view, .outChars, .capacity, .outUInt32]),
        // TH_EXT_HOST_PROPERTY_ANIMATORS (ABI 1.1).
        Function(.propertyAnimators, "create", [.options, .outPropertyAnimator]),
        Function(.propertyAnimators, "add_animations", [.propertyAnimator, .animations, .userData]),
        Function(.propertyAnimators, "add_completion", [.propertyAnimator, .positionCompletion, .userData]),
        Function(.propertyAnimators, "start", [.propertyAnimator]),
        Function(.propertyAnimators, "pause", [.propertyAnimator]),
        Function(.propertyAnimators, "stop", [.propertyAnimator, .bool]),
        Function(.propertyAnimators, "finish", [.propertyAnimator, .uint32]),
        Function(.propertyAnimators, "set_fraction_complete", [.propertyAnimator, .double]),
        Function(.propertyAnimators, "get_fraction_complete", [.propertyAnimator, .outDouble]),
        Function(.propertyAnimators, "set_reversed", [.propertyAnimator, .bool]),
        Function(.propertyAnimators, "continue_animation", [.propertyAnimator, .options, .double]),
        Function(.propertyAnimators, "state", [.propertyAnimator, .outUInt32]),
        Function(.propertyAnimators, "is_running", [.propertyAnimator, .outBool]),
        // TH_EXT_HOST_VIEW_TRANSITIONS (ABI 1.1).
        Function(.viewTransitions, "transition", [.view, .view, .uint32, .options, .completion, .userData]),
    ]
}

extension HostFunctions {
    /// The isolation protocol's request number of `all[index]`: its place in the list, from 1.
    package static func request(for index: Int) -> UInt16 { UInt16(index + 1) }

    /// The index in `all` of the function a request number names, if it names one.
    package static func index(ofRequest request: UInt16) -> Int? {
        let index = Int(request) - 1
        return all.indices.contains(index) ? index : nil
    }
}
