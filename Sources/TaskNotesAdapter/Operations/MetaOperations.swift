import Foundation
import TodoMDCore

extension Adapter {
    /// The profiles claimed (tasknotes-spec §7.3): core-lite, recurrence, and extended (its four
    /// capabilities are implemented).
    static let profiles = ["core-lite", "recurrence", "extended"]
    /// The capabilities claimed: only what the engine honestly implements.
    static let capabilities: [String] = ["config-lite", "validation-core", "dependencies", "reminders", "links", "time-tracking"]

    static var metaOperations: [String: Operation] {
        [
            "meta.claim": { _ in
                .object([
                    ("implementation", .string(implementation)), ("version", .string(version)), ("spec_version", .string(specVersion)),
                    ("validation_modes", .array([.string("strict")])),
                    ("profiles", .array(profiles.map(JSONValue.string))), ("capabilities", .array(capabilities.map(JSONValue.string))),
                ])
            },
            "meta.has_capability": { input in
                .object([("value", .bool(capabilities.contains(input["capability"]?.stringPayload ?? "")))])
            },
            "meta.has_profile": { input in
                let p = input["profile"]?.stringPayload ?? ""
                var expanded = Set(profiles)
                if expanded.contains("extended") { expanded.formUnion(["recurrence", "core-lite"]) }
                if expanded.contains("recurrence") { expanded.insert("core-lite") }
                return .object([("value", .bool(expanded.contains(p)))])
            },
        ]
    }
}
