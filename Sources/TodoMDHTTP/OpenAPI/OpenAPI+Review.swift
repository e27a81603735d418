import Foundation
import TodoMDAPI
import TodoMDCore

extension OpenAPIDocument {
    /// `/api/review…`: the weekly review (issue 21).
    static var reviewPaths: [(String, JSONValue)] {
        [
            ("/api/review", .object([("get", op(
                "review", "The weekly review: every project with open tasks (due reviews first), its interval, last and next review, "
                    + "open, available and overdue counts, and whether it is stalled (open tasks, none available).", ok: "ReviewDocument"))])),
            ("/api/review/{project}", .object([("post", op(
                "markReviewed", "Mark a project reviewed today (`.reviews.json`).",
                params: [param("project", in: "path", "The project's name (any case).", schema: Schema.nonEmpty)], ok: "ProjectReview"))])),
        ]
    }
}

extension Schema {
    static var reviewSchemas: [(String, JSONValue)] {
        [
            ("ProjectReview", object("A project in the review.", [
                ("project", string), ("area", nullable("string")), ("interval_days", integer), ("last_reviewed", pattern(Self.day, nullable: true)),
                ("next_review", pattern(Self.day)), ("due", boolean), ("open", integer), ("available", integer), ("stalled", boolean),
                ("overdue", integer),
            ])),
            ("ReviewDocument", document("The weekly review.", [("today", pattern(Self.day)), ("projects", array(ref("ProjectReview")))])),
        ]
    }
}
