import Foundation

/// A semantic role of a TaskNotes task (tasknotes-spec §2.2, §2.3, §2.6.6).
///
/// Each role has two stable names: the snake_case name used by the spec's configuration
/// (`mapping:` keys, §9.6) and the camelCase name of the portable `tasknotes.task` contract
/// field (§12.5), which is also the name the TaskNotes plugin uses in its `fieldMapping`.
public enum TaskNotesRole: String, CaseIterable, Hashable, Sendable {
    case id, title, status, priority, due, scheduled, tags, contexts, projects, attachments
    case timeEstimate, completedDate, dateCreated, dateModified
    case recurrence, recurrenceAnchor, completeInstances, skippedInstances
    case recurrenceParent, occurrenceDate, occurrenceMaterialization, occurrenceNextTrigger
    case occurrenceTemplate, occurrencePastHorizon, occurrenceFutureHorizon
    case timeEntries, blockedBy, reminders

    /// The portable contract field name (§12.5), e.g. `dateCreated`.
    public var contractName: String { rawValue }

    /// The spec role name used as a `mapping:` key (§9.6), e.g. `date_created`.
    public var specName: String { TaskNotesRole.snakeCase(rawValue) }

    /// The role named `name` in either spelling (`date_created` or `dateCreated`).
    public init?(name: String) {
        if let r = TaskNotesRole(rawValue: name) {
            self = r
        } else if let r = TaskNotesRole.bySpecName[name] {
            self = r
        } else {
            return nil
        }
    }

    private static let bySpecName: [String: TaskNotesRole] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.specName, $0) })

    /// The kind of value a role holds, used when no schema declares one (§2.2, §2.3).
    public enum ValueKind: Sendable {
        case string, temporal, list, integer, other
    }

    /// The kind of value this role stores when no schema declares a type (used by validation).
    public var valueKind: ValueKind {
        switch self {
        case .id, .title, .status, .priority, .recurrence, .recurrenceAnchor,
             .occurrenceMaterialization, .occurrenceNextTrigger:
            return .string
        case .due, .scheduled, .completedDate, .dateCreated, .dateModified, .occurrenceDate:
            return .temporal
        case .tags, .contexts, .projects, .attachments, .completeInstances, .skippedInstances,
             .timeEntries, .blockedBy, .reminders:
            return .list
        case .timeEstimate:
            return .integer
        case .recurrenceParent, .occurrenceTemplate, .occurrencePastHorizon, .occurrenceFutureHorizon:
            return .other
        }
    }

    /// `camelCase` → `camel_case` (ASCII), the spelling rule between the two vocabularies.
    public static func snakeCase(_ name: String) -> String {
        var out = ""
        var previousWasLowerOrDigit = false
        for ch in name {
            if ch.isASCII, ch.isUppercase {
                if previousWasLowerOrDigit { out.append("_") }
                out.append(Character(ch.lowercased()))
                previousWasLowerOrDigit = false
            } else {
                out.append(ch)
                previousWasLowerOrDigit = ch.isLowercase || ch.isNumber
            }
        }
        return out
    }
}
