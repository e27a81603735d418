import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/formats`, `/api/import` and `/api/export/{format}` (README, "Import and export").
struct InterchangeRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/formats") { _, _ in Responses.json(FormatListDocument()) }

        router.post("/api/import") { request, _ in
            var request = request
            let members = try await request.jsonObject(limit: APIServer.maxImportBytes)
            func text(_ key: String) throws -> String? {
                switch members.first(where: { $0.0 == key })?.1 {
                case nil, .null?: return nil
                case .string(let s)?: return s.isEmpty ? nil : s
                default: throw APIError.badRequest("\(key) must be text")
                }
            }
            guard let content = try text("content") else { throw APIError.badRequest("content (the file's text) is required") }
            var dryRun = false
            switch members.first(where: { $0.0 == "dry_run" })?.1 {
            case nil, .null?: break
            case .bool(let b)?: dryRun = b
            default: throw APIError.badRequest("dry_run must be true or false")
            }
            var mapping: [String: String] = [:]
            switch members.first(where: { $0.0 == "map" })?.1 {
            case nil, .null?: break
            case .object(let pairs)?:
                for (column, field) in pairs {
                    guard case .string(let f) = field else { throw APIError.badRequest("map values must be field names") }
                    mapping[column] = f
                }
            default: throw APIError.badRequest("map must be an object of column: field")
            }
            let input = ImportInput(text: content.hasPrefix("\u{FEFF}") ? String(content.dropFirst()) : content, name: try text("name"))
            let importRequest = ImportRequest(format: try text("format"), input: input, area: try text("area"), project: try text("project"),
                                              mapping: mapping, dryRun: dryRun)
            return Responses.json(try await runner.run { s in ImportDocument(try s.importTasks(importRequest), today: s.clock.today) })
        }

        router.get("/api/export/:format") { request, context in
            let format = decodedSegment(Substring(try context.parameters.require("format")))
            func value(_ name: String) -> String? { request.query(name).flatMap { $0.isEmpty ? nil : $0 } }
            let view = value("view"), query = value("query"), area = value("area"), project = value("project"), since = value("since")
            let plan = try await runner.run { s in
                try s.exportPlan(ExportRequest(format: format, view: view, query: query, area: area, project: project,
                                               since: try since.map { try AuditSince.parse($0, clock: s.clock) }))
            }
            var headers = HTTPFields()
            headers[.contentType] = plan.exporter.mediaType
            headers[.contentDisposition] = "attachment; filename=\"todomd.\(plan.exporter.fileExtension)\""
            return Response(status: .ok, headers: headers, body: ChunkPipe.body(plan))
        }
    }
}

/// Hands an export's output from the thread writing it to the response, a few 64 KB chunks at
/// a time: a slow client slows the writer down instead of the output piling up in memory.
final class ChunkPipe: @unchecked Sendable {
    private let room = DispatchSemaphore(value: 4)
    private let lock = NSLock()
    private var cancelled = false

    struct Cancelled: Error {}

    func start(_ plan: ExportPlan) -> AsyncThrowingStream<[UInt8], Error> {
        AsyncThrowingStream { continuation in
            continuation.onTermination = { [self] _ in
                lock.withLock { cancelled = true }
                room.signal()
            }
            Thread.detachNewThread { [self] in
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16)
                func send() throws {
                    room.wait()
                    if lock.withLock({ cancelled }) { throw Cancelled() }
                    continuation.yield(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
                do {
                    try plan.run { piece in
                        buffer.append(contentsOf: piece.utf8)
                        if buffer.count >= 1 << 16 { try send() }
                    }
                    if !buffer.isEmpty { try send() }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    func consumed() { room.signal() }

    /// A response body that writes `plan` as it is made.
    static func body(_ plan: ExportPlan) -> ResponseBody {
        let pipe = ChunkPipe()
        return ResponseBody { writer in
            for try await chunk in pipe.start(plan) {
                try await writer.write(ByteBuffer(bytes: chunk))
                pipe.consumed()
            }
            try await writer.finish(nil)
        }
    }
}
