import CFFI
import CTransitionABI
import TransitionCore

/// The host's TH_EXT_HOST_CURVES extension: named curves as plain C functions (libffi
/// closures, since `double f(double t)` has no slot for the curve's state) and animations
/// with a named curve.
package enum HostCurves {
    /// Allocated once; plugins may keep the pointer.
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_curves> = {
        var t = th_host_curves()
        t.struct_size = UInt32(MemoryLayout<th_host_curves>.size)
        t.curve_function = { spec, out in
            api { b in
                guard let out, let curve = resolve(spec, b) else { return Status.badArgument }
                guard let function = CurveClosure.make(curve) else { return Status.unsupported }
                out.pointee = function
                return Status.ok
            }
        }
        t.animate_with_curve = { options, spec, animations, completion, user in
            api { b in
                if let why = AnimationOptionsCheck.problem(options, animations: animations, ignoringCurve: true) {
                    b.reportMisuse("animate_with_curve: \(why); nothing ran")
                    return Status.badArgument
                }
                guard let options, let animations, var parsed = HostAPITable.animationOptions(options.declared, ignoringCurve: true),
                      let curve = resolve(spec, b)
                else { return Status.badArgument }
                parsed.curve = curve
                return HostAPITable.startAnimation(parsed, animations, completion, user, b)
            }
        }
        let pointer = UnsafeMutablePointer<th_host_curves>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()

    private static func resolve(_ spec: UnsafePointer<CChar>?, _ b: HostRuntime) -> TimingCurve? {
        guard case .success(let text?) = DescriptorReader.string(spec, limit: 512) else { return nil }
        do {
            let curve = try b.curves.resolve(text)
            // A plugin curve that turns non-finite mid-run breaks the run's contract, as with --curve.
            if case .custom(let function) = curve, let trace = b.trace { function.onViolation = { trace.violation($0) } }
            return curve
        } catch {
            b.reportMisuse("\(error)")
            return nil
        }
    }
}

/// One curve as a plain C function pointer. Closures live as long as the process: a plugin
/// may keep the pointer it was given.
final class CurveClosure {
    package let curve: TimingCurve
    nonisolated(unsafe) private static let interface = try! CallInterfaceCache.shared.interface(for: Signature(parsing: "d(d)"))

    private init(curve: TimingCurve) { self.curve = curve }

    package static func make(_ curve: TimingCurve) -> th_curve_fn? {
        var code: UnsafeMutableRawPointer?
        guard let memory = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else { return nil }
        let closure = memory.assumingMemoryBound(to: ffi_closure.self)
        let box = CurveClosure(curve: curve)
        let status = ffi_prep_closure_loc(closure, interface.cif, { _, result, arguments, user in
            guard let result, let arguments, let user, let t = arguments[0]?.load(as: Double.self) else { return }
            let box = Unmanaged<CurveClosure>.fromOpaque(user).takeUnretainedValue()
            result.storeBytes(of: box.curve.progress(at: t), as: Double.self)
        }, Unmanaged.passRetained(box).toOpaque(), code)  // retained for good: a plugin may keep the pointer
        guard status == FFI_OK else { return nil }
        return unsafeBitCast(code, to: th_curve_fn.self)
    }
}
