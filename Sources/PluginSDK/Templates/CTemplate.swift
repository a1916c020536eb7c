/// `host new NAME --lang c`: a Makefile project built with plain cc against the installed
/// SDK (`pkg-config --cflags transition-host`).
enum CTemplate {
    static func files(_ name: ProjectName) -> [ProjectFile] {
        [
            ProjectFile("Makefile", fill(makefile, name)),
            ProjectFile("\(name.id).c", fill(source, name)),
            ProjectFile("README.md", fill(readme, name)),
            ProjectFile(".gitignore", "*.so\n*.o\n"),
        ]
    }

    static let makefile = #"""
# {{title}}: a transition-host plugin in C.
#
#   make            builds {{name}}.so
#   make install    copies it into the host's user plugin folder, where `host list` finds it
#   make validate   runs the host's conformance tests on it (`host` must be on PATH)
#
# The header comes from the SDK that `host sdk install` put in ~/.local; for another prefix,
# run `make SDK_PREFIX=/that/prefix` or set PKG_CONFIG_PATH yourself.

SDK_PREFIX ?= $(HOME)/.local
SDK_PKG_CONFIG = PKG_CONFIG_PATH="$(if $(PKG_CONFIG_PATH),$(PKG_CONFIG_PATH):)$(SDK_PREFIX)/lib/pkgconfig" pkg-config

SDK_CFLAGS := $(shell $(SDK_PKG_CONFIG) --cflags transition-host 2>/dev/null)
ifeq ($(shell $(SDK_PKG_CONFIG) --exists transition-host && echo yes),)
$(error the transition-host SDK was not found: run `host sdk install` (or Scripts/install in the host's checkout))
endif

CC ?= cc
CFLAGS ?= -O2 -Wall -Wextra
# A plugin is a shared library: -fPIC -shared. libm for <math.h>.
ALL_CFLAGS = -std=c99 -fPIC $(SDK_CFLAGS) $(CFLAGS)
LDLIBS = -lm

# The user plugin folder: $XDG_DATA_HOME/transition-host/plugins, ~/.local/share/... by default.
PLUGIN_DIR ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/transition-host/plugins

{{name}}.so: {{name}}.c
	$(CC) $(ALL_CFLAGS) -shared -o $@ $< $(LDLIBS)

install: {{name}}.so
	mkdir -p "$(PLUGIN_DIR)"
	cp {{name}}.so "$(PLUGIN_DIR)/{{name}}.so.tmp"
	mv -f "$(PLUGIN_DIR)/{{name}}.so.tmp" "$(PLUGIN_DIR)/{{name}}.so"
	@echo "installed $(PLUGIN_DIR)/{{name}}.so: try 'host run {{name}}'"

validate: {{name}}.so
	host validate ./{{name}}.so

clean:
	rm -f {{name}}.so

.PHONY: install validate clean

"""#

    static let source = #"""
/*
 * {{title}}: a transition-host plugin with one animator, "{{name}}".
 *
 * The incoming screen (presented, pushed, or switched to) fades in over the one it covers;
 * the outgoing screen (dismissed or popped) fades out, uncovering the one below. The
 * parameter "duration" sets how long that takes.
 *
 * Everything this file uses is declared in transition_host.h, which documents every
 * function: who calls it, when, and who owns what. Look for "CHANGE" to make it your own.
 */
#include <stdlib.h>

#include "transition_host.h"

/* The host's functions, kept from init. The host calls a plugin on one thread only. */
static const th_host_api *host;

/* One transition's state. The host creates one instance per transition (create), hands it
 * back to every call (self), and destroys it when the transition is over (destroy). */
typedef struct {{c_name}} {
    bool incoming;    /* present, push, tab switch: the "to" view arrives */
    double duration;  /* seconds, from the "duration" parameter */
    th_context ctx;
    th_view from_view; /* may be {0}: a dismissal may have no "to" view, for example */
    th_view to_view;
} {{c_name}};

static void *{{c_name}}_create(const th_effect_config *config)
{
    {{c_name}} *self = calloc(1, sizeof *self);
    if (self == NULL) return NULL; /* NULL: the host falls back to its standard animation */
    self->incoming = config->transition == TH_TRANSITION_PRESENT || config->transition == TH_TRANSITION_PUSH ||
                     config->transition == TH_TRANSITION_TAB_SWITCH;
    /* One value per declared parameter, in declaration order, already checked by the host. */
    self->duration = config->param_count > 0 ? config->params[0] : 0.4;
    return self;
}

static void {{c_name}}_destroy(void *self) { free(self); }

static double {{c_name}}_duration(void *self, th_context ctx)
{
    (void)ctx;
    return (({{c_name}} *)self)->duration;
}

/* CHANGE: what moves. Property changes made here animate, from what is on screen now to
 * the value set: set_frame, set_center, set_transform, set_alpha, set_corner_radius, ... */
static void {{c_name}}_animations(void *user_data)
{
    {{c_name}} *self = user_data;
    if (self->incoming) host->set_alpha(self->to_view, 1.0);
    else host->set_alpha(self->from_view, 0.0);
}

/* Runs when the animations have ended. Whether the transition counts is the context's
 * answer (a gesture may have cancelled it), not whether the animation ran to its end. */
static void {{c_name}}_completion(void *user_data, bool finished)
{
    {{c_name}} *self = user_data;
    bool cancelled = false;
    (void)finished;
    host->transition_was_cancelled(self->ctx, &cancelled);
    if (self->incoming && cancelled) {
        host->remove_from_superview(self->to_view); /* it never arrived */
    } else if (!self->incoming && !cancelled) {
        host->remove_from_superview(self->from_view); /* it left */
        host->set_alpha(self->from_view, 1.0);         /* so that it looks right when it comes back */
    } else if (!self->incoming && self->to_view.id != 0) {
        host->remove_from_superview(self->to_view); /* cancelled: put things back as they were */
    }
    /* Exactly once, last: the host ends the transition after this call returns. */
    host->complete_transition(self->ctx, !cancelled);
}

static void {{c_name}}_animate(void *opaque, th_context ctx)
{
    {{c_name}} *self = opaque;
    th_view container;
    th_view_controller to_vc;
    th_rect final;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    host->container_view(ctx, &container);
    host->view(ctx, TH_FROM, &self->from_view);
    host->view(ctx, TH_TO, &self->to_view);
    host->view_controller(ctx, TH_TO, &to_vc);
    host->final_frame(ctx, to_vc, &final);

    /* CHANGE: where things start. The "to" view joins the container at its final frame: on
     * top when it arrives, underneath the leaving view otherwise. */
    if (self->to_view.id != 0) {
        if (self->incoming || self->from_view.id == 0) host->add_subview(container, self->to_view);
        else host->insert_subview_below(container, self->to_view, self->from_view);
        if (final.size.width > 0 && final.size.height > 0) host->set_frame(self->to_view, final);
        if (self->incoming) host->set_alpha(self->to_view, 0.0);
    }

    /* CHANGE: how it moves: TH_TIMING_CURVE with a TH_CURVE_*, or TH_TIMING_SPRING with
     * spring_damping_ratio and spring_initial_velocity. */
    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = self->duration;
    if (host->animate(&options, {{c_name}}_animations, {{c_name}}_completion, self) != TH_OK) {
        /* Neither callback will run: end the transition here, cancelled, so the host restores the scene. */
        if (self->incoming && self->to_view.id != 0) host->remove_from_superview(self->to_view);
        host->complete_transition(ctx, false);
    }
}

static const th_animator_interface {{c_name}}_animator = {
    .struct_size = sizeof(th_animator_interface),
    .create = {{c_name}}_create,
    .destroy = {{c_name}}_destroy,
    .transition_duration = {{c_name}}_duration,
    .animate_transition = {{c_name}}_animate,
    .animation_ended = NULL, /* optional */
};

/* CHANGE: the parameters users can set with `host run {{name}} --param duration=0.8`. The
 * host shows them in `host inspect {{name}}` and checks every value against its range. */
static const th_param_descriptor {{c_name}}_params[] = {
    {
        .struct_size = sizeof(th_param_descriptor),
        .type = TH_PARAM_DOUBLE,
        .id = "duration",
        .name = "Duration of the fade",
        .unit = "s",
        .min_value = 0.05,
        .max_value = 5,
        .default_value = 0.4,
    },
};

/* CHANGE: the effect's id, name, description and the transitions it serves. */
static const th_effect_descriptor {{c_name}}_effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "{{name}}",
    .name = "{{title}}",
    .description = "The incoming screen fades in; the outgoing one fades out.",
    .transitions = TH_TRANSITION_ALL,
    .param_count = 1,
    .params = {{c_name}}_params,
    .default_duration = 0.4,
    .interface = &{{c_name}}_animator,
};

static bool plugin_init(const th_host_api *api)
{
    /* Refuse a host of another major version: its table is laid out differently. */
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    host = api;
    return true;
}

static uint32_t plugin_effect_count(void) { return 1; }

static const th_effect_descriptor *plugin_get_effect(uint32_t index)
{
    return index == 0 ? &{{c_name}}_effect : NULL;
}

/* The one symbol the host looks for. It reads the version from the file before running any
 * of this plugin's code. */
TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "{{name}}",
    .name = "{{title}}",
    .version = "0.1.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = NULL,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
    .get_extension = NULL, /* no extensions: curves and typed constructors come this way */
};

"""#

    static let readme = #"""
# {{title}}

A plugin for the transition host, in C: one animator, `{{name}}`, that fades the incoming
screen in and the outgoing one out.

    make              # builds {{name}}.so against the SDK (`host sdk install` puts it in ~/.local)
    make install      # copies it into ~/.local/share/transition-host/plugins
    host run {{name}}       # presents and dismisses the demo screen with it
    host validate ./{{name}}.so   # the conformance tests: every one should pass

Change the effect in `{{name}}.c`: look for `CHANGE`. The header, `transition_host.h`,
documents every function you can call (`pkg-config --variable=includedir transition-host`
says where it is).

"""#
}

/// Replaces the template's placeholders with `name`'s forms.
func fill(_ template: String, _ name: ProjectName) -> String {
    template
        .replacing("{{name}}", with: name.id)
        .replacing("{{c_name}}", with: name.cIdentifier)
        .replacing("{{type}}", with: name.typeName)
        .replacing("{{title}}", with: name.title)
}
