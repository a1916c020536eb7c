import PluginHost

/// Fuzzes the parser of call signatures ("d(did)"), which reads text from plugins' typed
/// constructors and curves. A refusal must point inside the text (or just after it); an
/// accepted signature must be exactly its letters and one that libffi can prepare.
enum SignatureTarget {
    static func run(_ data: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: data, as: UTF8.self)
        let signature: Signature
        do {
            signature = try Signature(parsing: text)
        } catch let error as Signature.ParseError {
            if error.position < 1 || error.position > text.count + 1 {
                FuzzTarget.broken("'\(text)': position \(error.position) of \(text.count) characters")
            }
            return "refused: \(error)"
        } catch {
            FuzzTarget.broken("'\(text)': an error that is not a ParseError: \(error)")
        }
        if signature.parameters.count > Signature.maxParameters || signature.parameters.contains(.void) {
            FuzzTarget.broken("'\(text)' accepted with parameters \(signature.parameters)")
        }
        let spelled = "\(signature.returnType.rawValue)(\(String(signature.parameters.map(\.rawValue))))"
        if spelled != text || signature.text != text { FuzzTarget.broken("'\(text)' read as '\(spelled)'") }
        do { _ = try CallInterface(signature) } catch { FuzzTarget.broken("'\(text)' accepted, but \(error)") }
        return "accepted: \(signature)"
    }
}
