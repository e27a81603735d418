import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's field-mapping operations (tasknotes-spec §2.4, §12.5): `fields` is an mdbase
    /// type's schema fields (`tn_role` marks the role a field stores).
    static var fieldOperations: [String: Operation] {
        [
            "field.default_mapping": { _ in mappingResult(.contractDefault, statuses: nil) },
            "field.build_mapping": { input in
                let mapping = schemaMapping(input)
                return mappingResult(mapping, statuses: TaskNotesStatusSet(schemaFields: input["fields"]?.objectMembers ?? [], mapping: mapping))
            },
            "field.normalize": { input in
                .object([("normalized", .object(schemaMapping(input).normalize(input["frontmatter"]?.objectMembers ?? [])))])
            },
            "field.denormalize": { input in
                let data = input["roleData"]?.objectMembers ?? input["data"]?.objectMembers ?? input["frontmatter"]?.objectMembers ?? []
                return .object([("denormalized", .object(schemaMapping(input).denormalize(data)))])
            },
            "field.resolve_display_title": { input in
                let path = input["taskPath"]?.stringPayload ?? input["path"]?.stringPayload
                let title = TaskNotesTitle.resolve(frontmatter: input["frontmatter"]?.objectMembers ?? [],
                                                   mapping: schemaMapping(input), path: path)
                return .object([("value", title.map(JSONValue.string) ?? .null)])
            },
            "field.is_completed_status": { input in
                let set = TaskNotesStatusSet(schemaFields: input["fields"]?.objectMembers ?? [], mapping: schemaMapping(input))
                return .object([("value", .bool(set.isCompleted(input["status"]?.stringPayload)))])
            },
            "field.default_completed_status": { input in
                let set = TaskNotesStatusSet(schemaFields: input["fields"]?.objectMembers ?? [], mapping: schemaMapping(input))
                return .object([("value", .string(set.defaultCompleted))])
            },
        ]
    }

    /// The mapping declared by `input.fields` / `input.displayNameKey`.
    static func schemaMapping(_ input: JSONValue) -> TaskNotesFieldMapping {
        TaskNotesFieldMapping(schemaFields: input["fields"]?.objectMembers ?? [], displayNameKey: input["displayNameKey"]?.stringPayload)
    }

    static func mappingResult(_ mapping: TaskNotesFieldMapping, statuses: TaskNotesStatusSet?) -> JSONValue {
        let pairs = mapping.orderedPairs
        var out: [(String, JSONValue)] = [
            ("roleToField", .object(pairs.map { ($0.0.contractName, .string($0.1)) })),
            ("fieldToRole", .object(pairs.map { ($0.1, .string($0.0.contractName)) })),
            ("displayNameKey", .string(mapping.displayNameKey)),
        ]
        out.append(("completedStatuses", .array((statuses?.completedValues ?? TaskNotesStatusSet.conventionalCompleted).map(JSONValue.string))))
        return .object(out)
    }
}
