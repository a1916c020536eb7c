import CTransitionABI
import TransitionCore

/// th_animation_options read and checked field by field, as the header states them. A bad
/// field is named with its value, so that the author's warning says what to fix ("duration
/// is -2.5; it must be finite and >= 0"), not just that something was wrong.
package enum AnimationOptionsCheck {
    /// `o` as AnimationOptions, or the first field out of its range. With `ignoringCurve`,
    /// timing and curve are not read (the caller supplies the curve).
    package static func read(_ o: th_animation_options, ignoringCurve: Bool = false) -> Result<AnimationOptions, BadField> {
        readOnce(o, ignoringCurve: ignoringCurve).flatMap { repeated($0, o, ignoringCurve: ignoringCurve) }
    }

    /// ABI 1.2's repeats and 2D velocity over the options of one play. A 1.1 plugin's options
    /// are read as zeros past their struct_size (UnsafePointer.declared): once, on one axis.
    private static func repeated(_ once: AnimationOptions, _ o: th_animation_options, ignoringCurve: Bool)
        -> Result<AnimationOptions, BadField> {
        var options = once
        guard o.repeat_count.isFinite, o.repeat_count >= 0, o.repeat_count <= Double(TH_MAX_REPEAT_COUNT) else {
            return .failure(BadField("repeat_count is \(o.repeat_count); it must be finite, from 0 to TH_MAX_REPEAT_COUNT (\(TH_MAX_REPEAT_COUNT))"))
        }
        guard o.autoreverses <= 1 else { return .failure(BadField("autoreverses is \(o.autoreverses); it must be 0 or 1")) }
        guard o.spring_velocity_2d <= 1 else { return .failure(BadField("spring_velocity_2d is \(o.spring_velocity_2d); it must be 0 or 1")) }
        options.repeatCount = o.repeat_count
        options.autoreverses = o.autoreverses == 1
        guard o.spring_velocity_2d == 1 else { return .success(options) }
        guard !ignoringCurve, case .spring(let spring) = once.curve else {
            return .failure(BadField("spring_velocity_2d is 1; a 2D velocity needs timing TH_TIMING_SPRING or TH_TIMING_SPRING_PHYSICAL"))
        }
        guard o.spring_initial_velocity_y.isFinite else {
            return .failure(BadField("spring_initial_velocity_y is \(o.spring_initial_velocity_y); it must be finite"))
        }
        if let p = spring.physical {
            let vertical = SpringCurve(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: o.spring_initial_velocity_y)
            guard vertical.duration <= SpringCurve.longestSettling else {
                return .failure(BadField("spring_initial_velocity_y is \(o.spring_initial_velocity_y); that spring settles in \(vertical.duration) s, and it must settle within \(Int(SpringCurve.longestSettling)) s"))
            }
            // Both axes last until the slower settles.
            let duration = max(spring.duration, vertical.duration)
            options.curve = .spring(spring.lasting(duration))
            options.verticalCurve = .spring(vertical.lasting(duration))
            options.duration = duration
        } else {
            options.verticalCurve = .spring(SpringCurve(dampingRatio: spring.dampingRatio, initialVelocity: o.spring_initial_velocity_y,
                                                        duration: spring.duration))
        }
        return .success(options)
    }

    /// The options of one play: durations, timing and curve.
    private static func readOnce(_ o: th_animation_options, ignoringCurve: Bool) -> Result<AnimationOptions, BadField> {
        let size = FrozenABI.animationOptions
        guard o.struct_size >= size else { return .failure(BadField("struct_size is \(o.struct_size); it must be at least \(size)")) }
        guard o.duration.isFinite, o.duration >= 0 else { return .failure(BadField("duration is \(o.duration); it must be finite and >= 0")) }
        guard o.delay.isFinite, o.delay >= 0 else { return .failure(BadField("delay is \(o.delay); it must be finite and >= 0")) }
        if ignoringCurve { return .success(AnimationOptions(duration: o.duration, delay: o.delay, curve: .linear)) }
        switch Int(o.timing) {
        case Int(TH_TIMING_CURVE):
            guard let curve = standardCurves[Int(o.curve)] else {
                return .failure(BadField("curve is \(o.curve); it must be one of the TH_CURVE_* values (0 to \(standardCurves.keys.max()!))"))
            }
            return .success(AnimationOptions(duration: o.duration, delay: o.delay, curve: curve))
        case Int(TH_TIMING_SPRING_PHYSICAL):
            let end = UInt32(MemoryLayout<th_animation_options>.offset(of: \th_animation_options.spring_damping)! + MemoryLayout<Double>.size)
            guard o.struct_size >= end else {
                return .failure(BadField("struct_size is \(o.struct_size); TH_TIMING_SPRING_PHYSICAL needs ABI 1.2's fields, \(end) bytes"))
            }
            for (name, value) in [("spring_mass", o.spring_mass), ("spring_stiffness", o.spring_stiffness), ("spring_damping", o.spring_damping)] {
                guard value.isFinite, value > 0 else { return .failure(BadField("\(name) is \(value); it must be finite and > 0")) }
            }
            guard o.spring_initial_velocity.isFinite else {
                return .failure(BadField("spring_initial_velocity is \(o.spring_initial_velocity); it must be finite"))
            }
            let spring = SpringCurve(mass: o.spring_mass, stiffness: o.spring_stiffness, damping: o.spring_damping,
                                     initialVelocity: o.spring_initial_velocity)
            guard spring.duration <= SpringCurve.longestSettling else {
                return .failure(BadField("the spring of mass \(o.spring_mass), stiffness \(o.spring_stiffness) and damping \(o.spring_damping) settles in \(spring.duration) s; it must settle within \(Int(SpringCurve.longestSettling)) s"))
            }
            return .success(AnimationOptions(duration: spring.duration, delay: o.delay, curve: .spring(spring)))
        case Int(TH_TIMING_CUBIC):
            return cubic(o).map { AnimationOptions(duration: o.duration, delay: o.delay, curve: $0) }
        case Int(TH_TIMING_SPRING):
            guard o.spring_damping_ratio.isFinite, o.spring_damping_ratio > 0, o.spring_damping_ratio <= 1 else {
                return .failure(BadField("spring_damping_ratio is \(o.spring_damping_ratio); it must be in (0, 1]"))
            }
            guard o.spring_initial_velocity.isFinite else {
                return .failure(BadField("spring_initial_velocity is \(o.spring_initial_velocity); it must be finite"))
            }
            return .success(.spring(duration: o.duration, delay: o.delay, dampingRatio: o.spring_damping_ratio,
                                    initialVelocity: o.spring_initial_velocity))
        default:
            return .failure(BadField("timing is \(o.timing); it must be TH_TIMING_CURVE (0), TH_TIMING_SPRING (1), TH_TIMING_SPRING_PHYSICAL (2) or TH_TIMING_CUBIC (3)"))
        }
    }

    /// TH_TIMING_CUBIC's control points as a curve named as CSS writes it, or the first point
    /// out of range: an x outside [0, 1] would make time run backwards.
    private static func cubic(_ o: th_animation_options) -> Result<TimingCurve, BadField> {
        let end = UInt32(MemoryLayout<th_animation_options>.offset(of: \th_animation_options.cubic_y2)! + MemoryLayout<Double>.size)
        guard o.struct_size >= end else {
            return .failure(BadField("struct_size is \(o.struct_size); TH_TIMING_CUBIC needs ABI 1.2's control points, \(end) bytes"))
        }
        for (name, x) in [("cubic_x1", o.cubic_x1), ("cubic_x2", o.cubic_x2)] where !(x >= 0 && x <= 1) {
            return .failure(BadField("\(name) is \(x); a control point's x is time, in [0, 1]"))
        }
        for (name, y) in [("cubic_y1", o.cubic_y1), ("cubic_y2", o.cubic_y2)] where !(y >= -CubicBezier.progressLimit && y <= CubicBezier.progressLimit) {
            return .failure(BadField("\(name) is \(y); a control point's y is progress, in [-10, 10]"))
        }
        return .success(.cubicBezier(CubicBezier(o.cubic_x1, o.cubic_y1, o.cubic_x2, o.cubic_y2)))
    }

    /// Why options with repeats cannot go where an animation plays once (a property
    /// animator, a view transition); nil when they play once.
    package static func playsMoreThanOnce(_ options: AnimationOptions) -> String? {
        if options.autoreverses { return "autoreverses is 1" }
        if options.repeatCount > 0 && options.repeatCount != 1 { return "repeat_count is \(options.repeatCount)" }
        return nil
    }

    /// The TH_CURVE_* values.
    package static let standardCurves: [Int: TimingCurve] = [
        Int(TH_CURVE_EASE_IN_OUT): .easeInOut, Int(TH_CURVE_EASE_IN): .easeIn,
        Int(TH_CURVE_EASE_OUT): .easeOut, Int(TH_CURVE_LINEAR): .linear, Int(TH_CURVE_DEFAULT): .caDefault,
    ]

    /// One field of th_animation_options out of its range, said with its value.
    package struct BadField: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    /// Why a call taking options, callbacks and more could not start: the options' bad
    /// field, or which pointer was NULL. Nil when every part is good.
    package static func problem(_ options: UnsafePointer<th_animation_options>?, animations: th_animations_fn?,
                        ignoringCurve: Bool = false) -> String? {
        guard let options else { return "options is NULL" }
        if case .failure(let bad) = read(options.declared, ignoringCurve: ignoringCurve) { return "options.\(bad)" }
        if animations == nil { return "animations is NULL" }
        return nil
    }
}

extension UnsafePointer where Pointee == th_animation_options {
    /// The options as the plugin declared them: no more bytes than their struct_size (a 1.1
    /// plugin's options are 48 bytes, today's more), the fields past it zero. Reading the
    /// whole of today's struct from an older plugin would read past the end of its own.
    package var declared: th_animation_options {
        var copy = th_animation_options()
        let size = Int(UnsafeRawPointer(self).load(as: UInt32.self))
        withUnsafeMutableBytes(of: &copy) { $0.copyMemory(from: UnsafeRawBufferPointer(start: self, count: Swift.min(size, $0.count))) }
        copy.struct_size = UInt32(size)
        return copy
    }
}
