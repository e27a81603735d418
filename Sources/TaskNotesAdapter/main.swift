import Foundation
import TodoMDCore

// The TaskNotes conformance adapter (tasknotes-spec conformance/docs/ADAPTER_CONTRACT.md): reads
// `{"operation": "...", "input": {...}}` per line on stdin, writes one envelope per line
// (`{"ok": true, "result": ...}` or `{"ok": false, "error": "...", "error_details": {...}}`).
// It never crashes on bad input: every error is an envelope.
while let line = readLine(strippingNewline: true) {
    if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
    let envelope: JSONValue
    do {
        let request = try JSONText.parse(Array(line.utf8))
        let operation = request["operation"]?.stringPayload ?? ""
        envelope = Adapter.execute(operation, request["input"] ?? .object([]))
    } catch {
        envelope = Adapter.failure(AdapterError("bad_request", "the request is not JSON: \(error)"), operation: "")
    }
    FileHandle.standardOutput.write(Data((AdapterJSON.compact(envelope) + "\n").utf8))
}
