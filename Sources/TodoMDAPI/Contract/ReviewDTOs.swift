import Foundation
import TodoMDCore
import TodoMDService

/// A project in the review: `{"project", "area", "interval_days", "last_reviewed",
/// "next_review", "due", "open", "available", "stalled", "overdue"}`.
public struct ProjectReviewDTO: Decodable, Equatable, Sendable, JSONObject {
    public var project: String
    public var area: String?
    public var intervalDays: Int
    public var lastReviewed: String?
    public var nextReview: String
    public var due: Bool
    public var open: Int
    public var available: Int
    public var stalled: Bool
    public var overdue: Int

    enum CodingKeys: String, CodingKey {
        case project, area, intervalDays = "interval_days", lastReviewed = "last_reviewed", nextReview = "next_review", due, open, available
        case stalled, overdue
    }

    public init(_ s: ProjectReviewState) {
        project = s.project
        area = s.area
        intervalDays = s.intervalDays
        lastReviewed = s.lastReviewed?.description
        nextReview = s.nextReview.description
        due = s.due
        open = s.open
        available = s.available
        stalled = s.stalled
        overdue = s.overdue
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("project", project)
        v.field("area", area)
        v.field("interval_days", intervalDays)
        v.field("last_reviewed", lastReviewed)
        v.field("next_review", nextReview)
        v.field("due", due)
        v.field("open", open)
        v.field("available", available)
        v.field("stalled", stalled)
        v.field("overdue", overdue)
    }
}

/// `{"schema_version", "today", "projects"}`: the review, due projects first.
public struct ReviewDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var today: String
    public var projects: [ProjectReviewDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", today, projects }

    public init(_ states: [ProjectReviewState], today: LocalDate) {
        self.today = today.description
        projects = states.map(ProjectReviewDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("today", today)
        v.field("projects", projects)
    }
}
