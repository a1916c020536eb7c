import CFFI
import TransitionCore

import LibC

/// A typed value crossing a call by signature.
public enum CallValue: Equatable, Sendable {
    case void
    case bool(Bool)
    case int(Int64)    // c s i l: narrowed to the parameter's width
    case uint(UInt64)  // C S I L
    case float(Float)
    case double(Double)
    case pointer(UInt)  // an address; 0 is NULL
    case string(String)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
}

/// Calls C functions through a prepared CallInterface, marshalling typed Swift values.
public enum Invoker {
    public struct ArgumentError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Calls `function` (whose C type is `interface.signature`) with `arguments`.
    public static func call(_ function: UnsafeRawPointer, _ interface: CallInterface, _ arguments: [CallValue]) throws -> CallValue {
        let types = interface.signature.parameters
        guard arguments.count == types.count else {
            throw ArgumentError(description: "\(interface.signature) takes \(types.count) arguments, not \(arguments.count)")
        }
        let slotSize = 32
        return try withUnsafeTemporaryAllocation(byteCount: slotSize * max(1, types.count) + slotSize, alignment: 16) { raw in
            let base = raw.baseAddress!
            let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(1, types.count))
            defer { pointers.deallocate() }
            var strings: [UnsafeMutablePointer<CChar>] = []
            defer { strings.forEach { free($0) } }
            for (i, (type, value)) in zip(types, arguments).enumerated() {
                let slot = base + slotSize * i
                try store(value, as: type, into: slot, position: i + 1, strings: &strings)
                pointers[i] = slot
            }
            let result = base + slotSize * types.count
            result.initializeMemory(as: UInt8.self, repeating: 0, count: slotSize)
            interface.call(function, result: result, arguments: pointers)
            return load(interface.signature.returnType, from: result)
        }
    }

    private static func store(_ value: CallValue, as type: Signature.ValueType, into slot: UnsafeMutableRawPointer,
                              position: Int, strings: inout [UnsafeMutablePointer<CChar>]) throws {
        func mismatch() -> ArgumentError {
            ArgumentError(description: "argument \(position): \(value) does not fit \(type.cName)")
        }
        switch (type, value) {
        case (.bool, .bool(let b)): slot.storeBytes(of: b ? 1 : 0, as: UInt8.self)
        case (.int8, .int(let v)): guard let n = Int8(exactly: v) else { throw mismatch() }; slot.storeBytes(of: n, as: Int8.self)
        case (.int16, .int(let v)): guard let n = Int16(exactly: v) else { throw mismatch() }; slot.storeBytes(of: n, as: Int16.self)
        case (.int32, .int(let v)): guard let n = Int32(exactly: v) else { throw mismatch() }; slot.storeBytes(of: n, as: Int32.self)
        case (.int64, .int(let v)): slot.storeBytes(of: v, as: Int64.self)
        case (.uint8, .uint(let v)): guard let n = UInt8(exactly: v) else { throw mismatch() }; slot.storeBytes(of: n, as: UInt8.self)
        case (.uint16, .uint(let v)): guard let n = UInt16(exactly: v) else { throw mismatch() }; slot.storeBytes(of: n, as: UInt16.self)
        case (.uint32, .uint(let v)): guard let n = UInt32(exactly: v) else { throw mismatch() }; slot.storeBytes(of: n, as: UInt32.self)
        case (.uint64, .uint(let v)): slot.storeBytes(of: v, as: UInt64.self)
        case (.float, .float(let v)): slot.storeBytes(of: v, as: Float.self)
        case (.double, .double(let v)): slot.storeBytes(of: v, as: Double.self)
        case (.pointer, .pointer(let address)): slot.storeBytes(of: address, as: UInt.self)
        case (.string, .string(let s)):
            guard let copy = strdup(s) else { throw mismatch() }
            strings.append(copy)
            slot.storeBytes(of: UInt(bitPattern: copy), as: UInt.self)
        case (.point, .point(let p)): store(doubles: [p.x, p.y], slot)
        case (.size, .size(let s)): store(doubles: [s.width, s.height], slot)
        case (.rect, .rect(let r)): store(doubles: [r.minX, r.minY, r.size.width, r.size.height], slot)
        case (.color, .color(let c)): store(doubles: [c.red, c.green, c.blue, c.alpha], slot)
        default: throw mismatch()
        }
    }

    private static func store(doubles: [Double], _ slot: UnsafeMutableRawPointer) {
        for (i, d) in doubles.enumerated() { slot.storeBytes(of: d, toByteOffset: 8 * i, as: Double.self) }
    }

    /// Reads a return value. libffi widens integer results narrower than a register to a
    /// full ffi_arg, so those are read as 64 bits and narrowed, never read at their own width.
    private static func load(_ type: Signature.ValueType, from r: UnsafeMutableRawPointer) -> CallValue {
        let word = r.load(as: UInt64.self)
        func d(_ i: Int) -> Double { r.load(fromByteOffset: 8 * i, as: Double.self) }
        switch type {
        case .void: return .void
        case .bool: return .bool(UInt8(truncatingIfNeeded: word) != 0)
        case .int8: return .int(Int64(Int8(truncatingIfNeeded: word)))
        case .int16: return .int(Int64(Int16(truncatingIfNeeded: word)))
        case .int32: return .int(Int64(Int32(truncatingIfNeeded: word)))
        case .int64: return .int(Int64(bitPattern: word))
        case .uint8: return .uint(UInt64(UInt8(truncatingIfNeeded: word)))
        case .uint16: return .uint(UInt64(UInt16(truncatingIfNeeded: word)))
        case .uint32: return .uint(UInt64(UInt32(truncatingIfNeeded: word)))
        case .uint64: return .uint(word)
        case .float: return .float(r.load(as: Float.self))
        case .double: return .double(r.load(as: Double.self))
        case .pointer: return .pointer(UInt(word))
        case .string:
            guard word != 0, let p = UnsafePointer<CChar>(bitPattern: UInt(word)) else { return .pointer(0) }
            return .string(String(cString: p))
        case .point: return .point(Point(x: d(0), y: d(1)))
        case .size: return .size(Size(width: d(0), height: d(1)))
        case .rect: return .rect(Rect(x: d(0), y: d(1), width: d(2), height: d(3)))
        case .color: return .color(Color(red: d(0), green: d(1), blue: d(2), alpha: d(3)))
        }
    }
}
