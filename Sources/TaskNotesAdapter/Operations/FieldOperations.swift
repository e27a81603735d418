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
                return mappingResult(mapping, statuses: schemaStatuses(input["fields"]?.members ?? [], mapping))
            },
            "field.normalize": { input in
                .object([("normalized", .object(schemaMapping(input).normalize(input["frontmatter"]?.members ?? [])))])
            },
            "field.denormalize": { input in
                let data = input["roleData"]?.members ?? input["data"]?.members ?? input["frontmatter"]?.members ?? []
                return .object([("denormalized", .object(schemaMapping(input).denormalize(data)))])
            },
            "field.resolve_display_title": { input in
                let path = input["taskPath"]?.string ?? input["path"]?.string
                let title = TaskNotesTitle.resolve(frontmatter: input["frontmatter"]?.members ?? [],
                                                   mapping: schemaMapping(input), path: path)
                return .object([("value", title.map(JSONValue.string) ?? .null)])
            },
            "field.is_completed_status": { input in
                let set = schemaStatuses(input["fields"]?.members ?? [], schemaMapping(input))
                return .object([("value", .bool(set.isCompleted(input["status"]?.string)))])
            },
            "field.default_completed_status": { input in
                let set = schemaStatuses(input["fields"]?.members ?? [], schemaMapping(input))
                return .object([("value", .string(set.defaultCompleted))])
            },
        ]
    }

    /// The mapping declared by `input.fields` / `input.displayNameKey`.
    static func schemaMapping(_ input: JSONValue) -> TaskNotesFieldMapping {
        TaskNotesFieldMapping(schemaFields: input["fields"]?.members ?? [], displayNameKey: input["displayNameKey"]?.string)
    }

    /// The status set of the schema field that stores the status role.
    static func schemaStatuses(_ fields: [(String, JSONValue)], _ mapping: TaskNotesFieldMapping) -> TaskNotesStatusSet {
        let key = mapping.key(for: .status)
        return TaskNotesStatusSet(schemaField: fields.last { $0.0 == key }?.1)
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
