import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore

/// An error to answer with a status and a JSON error document.
public struct APIError: Error, Sendable {
    public var status: Int
    public var code: String
    public var message: String
    public var headers: HTTPFields = [:]

    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func badRequest(_ message: String) -> APIError { APIError(400, "invalid_argument", message) }
}

enum Responses {
    static let jsonType = "application/json; charset=utf-8"

    /// A contract document as compact JSON.
    static func json<T: JSONWritable>(_ value: T, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var h = headers
        h[.contentType] = jsonType
        return Response(status: status, headers: h, body: .init(byteBuffer: ByteBuffer(bytes: APIJSON.encode(value, pretty: false))))
    }

    /// The JSON error for anything a handler threw: the service's errors with their statuses,
    /// the router's own (no such route), anything else as a 500.
    static func error(_ e: Error) -> Response {
        if let api = e as? APIError {
            return json(ErrorDocument(code: api.code, message: api.message), status: .init(code: api.status), headers: api.headers)
        }
        if let http = e as? HTTPError {
            let code: String
            switch http.status.code {
            case 404: code = "not_found"
            case 405: code = "method_not_allowed"
            case 413: code = "payload_too_large"
            default: code = "http_\(http.status.code)"
            }
            return json(ErrorDocument(code: code, message: http.body ?? http.status.reasonPhrase), status: http.status, headers: http.headers)
        }
        let (status, doc) = ErrorDocument.from(e)
        return json(doc, status: .init(code: status))
    }

    /// An `ETag` for a version.
    static func etag(_ version: String?) -> HTTPFields {
        guard let version else { return [:] }
        return [.eTag: "\"\(version)\""]
    }
}

/// Turns every error into a JSON error response, so no handler answers with an empty 500.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do { return try await next(request, context) } catch { return Responses.error(error) }
    }
}
