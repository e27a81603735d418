import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's validation operations (tasknotes-spec §6) and validate-before-commit
    /// (`op.mutate_with_validation`, §5.2 rule 1).
    static var validationOperations: [String: Operation] {
        [
            "validation.core_evaluate": { input in
                let validator = TaskNotesValidator(schemaFields: input["fields"]?.objectMembers ?? [],
                                                   rejectUnknownFields: input["rejectUnknownFields"]?.boolPayload ?? false)
                let issues = validator.validate(input["frontmatter"]?.objectMembers ?? [], path: input["taskPath"]?.stringPayload ?? input["path"]?.stringPayload)
                return validationReport(issues)
            },
            "op.mutate_with_validation": { input in
                // Only strict mode is implemented (meta.claim validation_modes), so validation
                // errors block the write whatever `strict` says.
                let validator = TaskNotesValidator(schemaFields: input["fields"]?.objectMembers ?? [])
                let issues = validator.validate(input["frontmatter"]?.objectMembers ?? [], path: input["taskPath"]?.stringPayload)
                if let first = issues.first(where: { $0.severity == .error }) {
                    let codes = issues.filter { $0.severity == .error }.map(\.code)
                    throw AdapterError(first.code, "validation failed: " + codes.joined(separator: ", ") + " (\(first.message))",
                                       field: first.field, details: [("issues", issueList(issues))])
                }
                return .object([("value", .string("accepted"))])
            },
        ]
    }

    static func issueList(_ issues: [TaskNotesIssue]) -> JSONValue {
        .array(issues.map { i in
            var o: [(String, JSONValue)] = [("code", .string(i.code)), ("severity", .string(i.severity.rawValue)), ("message", .string(i.message))]
            if let f = i.field { o.append(("field", .string(f))) }
            return .object(o)
        })
    }

    static func validationReport(_ issues: [TaskNotesIssue]) -> JSONValue {
        let errors = issues.filter { $0.severity == .error }
        return .object([
            ("valid", .bool(errors.isEmpty)), ("hasErrors", .bool(!errors.isEmpty)),
            ("errorCodes", .array(errors.map { .string($0.code) })),
            ("allCodes", .array(issues.map { .string($0.code) })),
            ("issues", issueList(issues)),
        ])
    }
}
