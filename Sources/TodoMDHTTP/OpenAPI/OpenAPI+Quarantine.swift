import Foundation
import TodoMDAPI
import TodoMDCore

extension OpenAPIDocument {
    /// `/api/quarantine`: files held back for review, and the decisions.
    static var quarantinePaths: [(String, JSONValue)] {
        let selection = Schema.object("The held files (paths), or all of them.", [
            ("files", .object([("type", .string("array")), ("items", Schema.nonEmpty), ("minItems", .int(1))])), ("all", Schema.boolean),
        ], optional: ["files", "all"])
        return [
            ("/api/quarantine", .object([("get", op(
                "quarantine", "New files held back for review (untrusted source, or a burst), oldest first; empty when the quarantine is off.",
                ok: "QuarantineDocument"))])),
            ("/api/quarantine/approve", .object([("post", op(
                "approveQuarantined", "Show held files in the views from now on.", body: selection, ok: "QuarantineDecisionDocument"))])),
            ("/api/quarantine/reject", .object([("post", op(
                "rejectQuarantined", "Move held files to the trash (one undoable action).", body: selection, ok: "QuarantineDecisionDocument"))])),
        ]
    }
}

extension Schema {
    static var quarantineSchemas: [(String, JSONValue)] {
        [
            ("QuarantineDocument", document("What the quarantine holds.", [
                ("enabled", boolean), ("count", integer),
                ("files", array(object("A held file (task null: not a readable task file).", [
                    ("path", string), ("task", .object([("oneOf", .array([ref("Task"), .object([("type", .string("null"))])]))])),
                    ("problem", nullable("string")), ("at", string), ("source", nullable("string")), ("reason", oneOf(["source", "burst"])),
                ]))),
                ("alert", .object([("oneOf", .array([
                    object("The burst files were held for.", [
                        ("total", integer), ("window_seconds", integer),
                        ("sources", array(object("A source.", [("source", string), ("count", integer)]))),
                    ]),
                    .object([("type", .string("null"))]),
                ]))])),
                ("burst", integer), ("window_seconds", integer),
            ])),
            ("QuarantineDecisionDocument", document("What a decision did: approved paths, or rejected files and where they went.", [
                ("approved", array(string)),
                ("rejected", array(object("A file moved to the trash.", [("path", string), ("trash_path", string)]))),
            ], optional: ["approved", "rejected"])),
        ]
    }
}
