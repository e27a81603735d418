import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TodoMDCore
import TodoMDService

/// Reading what a request says: its query (filters as `todomd list` takes them), its JSON body,
/// the version it read (`If-Match`), and task ids in paths.
extension Request {
    /// Every value of a query parameter (`tag=a&tag=b`), decoded once as a form is (`+` is a
    /// space, as browsers' URLSearchParams write it; a plus is `%2B`).
    func queryValues(_ name: String) -> [String] {
        guard let raw = uri.query else { return [] }
        func decode(_ s: Substring) -> String {
            let spaced = s.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        return raw.split(separator: "&").compactMap { pair in
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard decode(kv[0]) == name else { return nil }
            return kv.count > 1 ? decode(kv[1]) : ""
        }
    }

    func query(_ name: String) -> String? { queryValues(name).last }

    /// The filters of `GET /api/views/{view}` and `/api/search`: `area`, `project`, `tag`…,
    /// `status`, `source`, `folder`, `not_tag`.
    func filter() throws -> TaskFilter {
        TaskFilter(area: query("area"), project: query("project"), tags: queryValues("tag"), statuses: try TaskFilter.parseStatuses(queryValues("status")),
                          source: query("source"), folders: queryValues("folder"), excludedTags: queryValues("not_tag"))
    }

    /// The version the client read, from `If-Match` (`*` or none: no check).
    func expectedVersion() throws -> String? {
        guard let raw = headers[.ifMatch], raw.trimmingCharacters(in: .whitespaces) != "*" else { return nil }
        guard let v = TaskVersion.parse(raw) else {
            throw APIError(400, "invalid_argument", "If-Match must be a task version as given in its ETag, like \"0123456789abcdef\"")
        }
        return v
    }

    /// The body as a JSON object; an empty body is an empty object.
    mutating func jsonObject(limit: Int = APIServer.maxBodyBytes) async throws -> [(String, JSONValue)] {
        let buffer: ByteBuffer
        do { buffer = try await collectBody(upTo: limit) } catch is NIOTooManyBytesError {
            // A chunked body grew past the limit (a declared Content-Length is refused earlier).
            throw APIError(413, "payload_too_large", "bodies are at most \(limit >> 20) MB")
        }
        guard buffer.readableBytes > 0 else { return [] }
        let value: JSONValue
        // Read in order (JSONText keeps key order, as `.theme.json` and perspectives are kept as sent).
        do { value = try JSONText.parse(Array(buffer.readableBytesView)) } catch {
            throw APIError.badRequest("the body is not valid JSON")
        }
        guard case .object(let members) = value else { throw APIError.badRequest("the body must be a JSON object") }
        return members
    }
}

/// A decoded path segment (`%2F` is a slash inside a task id).
func decodedSegment(_ s: Substring) -> String { String(s).removingPercentEncoding ?? String(s) }
