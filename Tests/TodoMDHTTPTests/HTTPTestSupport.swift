import Foundation
import Hummingbird
import HummingbirdTesting
import TodoMDCore
import TodoMDHTTP
import TodoMDService
@_exported import TodoMDTestSupport

/// A temp vault served in process: the router, and the service behind it.
struct HTTPFixture {
    let vault = TempDir()
    let cache = TempDir()
    let server: APIServer

    init(token: String? = nil, allowedHosts: [String] = [], feedKeyPath: String? = nil) {
        var o = ServiceOptions(vaultRoot: vault.path, clock: { clock("2026-11-24T09:00") })
        o.indexPath = cache.path + "/index.sqlite"
        o.longRunning = true
        var config = APIServerConfig(token: token, allowedHosts: allowedHosts)
        config.feedKeyPath = feedKeyPath ?? cache.path + "/feed-key"
        server = APIServer(service: TodoService(o), config: config)
    }

    /// Runs `body` with a client that sends requests straight to the router.
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: server.router())
        try await app.test(.router, body)
    }
}

extension TestClientProtocol {
    /// A request with a JSON body (the router client's Host is always `localhost`).
    func send(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var h = headers
        if json != nil, h[.contentType] == nil { h[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: h, body: json.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    /// The body as a JSON object.
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }

    /// The body as text (an export).
    var text: String { String(buffer: body) }

    /// `error.code` of an error document.
    var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
}
