import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TodoMDService

/// Who may call the server, checked before any route:
/// - **Token** (when the server is reachable beyond loopback, or a token was asked for): every
///   request but `/login` and the web app's files (GET of a non-`/api` path) needs `Authorization: Bearer TOKEN` or the cookie `/login` sets.
/// - **DNS rebinding**: without a token, the `Host` must be a loopback name (or one allowed with
///   `--allowed-host`), so a web page whose name was rebound to 127.0.0.1 is refused.
/// - **CSRF**: a state-changing request (POST, PUT, PATCH, DELETE) whose `Origin` is not the
///   server's own, or that a browser marks cross-site, is refused.
/// - **Bodies** are JSON (`415` otherwise) of at most 1 MB (`413`).
struct GuardMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let config: APIServerConfig

    static var cookieName: String { "todomd_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try Self.check(request, config)
        return try await next(request, context)
    }

    /// Throws the `APIError` a request is refused with, if it is.
    static func check(_ request: Request, _ config: APIServerConfig) throws {
        let host = request.head.authority ?? ""
        if config.token == nil, !config.isAllowedHost(host) {
            throw APIError(403, "forbidden_host", "Host \"\(host)\" is not a loopback name; add it with --allowed-host if you proxy to this server")
        }
        let path = request.uri.path
        let isPage = (request.method == .get || request.method == .head) && WebAssets.isPublic(path) && !CalendarRoutes.paths.contains(path)
        // A calendar app subscribing to the feed cannot send the token: the feed's own key in its URL.
        let isFeed = CalendarRoutes.paths.contains(path) && CalendarRoutes.keyMatches(request, config)
        if let token = config.token, path != "/login", !isPage, !isFeed, !authorized(request, token: token) {
            var e = APIError(401, "unauthorized", "this server needs its token: Authorization: Bearer TOKEN (todomd token prints it)")
            e.headers[.wwwAuthenticate] = "Bearer realm=\"todomd\""
            throw e
        }
        // MCP's streamable HTTP asks servers to check Origin on every request (its GET stream too).
        if [.post, .put, .patch, .delete].contains(request.method) || path == "/mcp" {
            if let origin = request.headers[.origin], !sameOrigin(origin, host: host) {
                throw APIError(403, "forbidden_origin", "requests from \(origin) may not change anything here")
            }
            if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" {
                throw APIError(403, "forbidden_origin", "cross-site requests may not change anything here")
            }
        }
        // An import carries a whole export file.
        let limit = path == "/api/import" ? APIServer.maxImportBytes : APIServer.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError(413, "payload_too_large", "bodies are at most \(limit >> 20) MB")
        }
        let hasBody = request.headers[.contentLength].flatMap(Int.init).map { $0 > 0 } ?? (request.headers[.transferEncoding] != nil)
        if hasBody {
            let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            guard type == "application/json" else {
                throw APIError(415, "unsupported_media_type", "bodies must be JSON (Content-Type: application/json)")
            }
        }
    }

    /// The bearer token or the login cookie matches (compared in constant time).
    static func authorized(_ request: Request, token: String) -> Bool {
        if let auth = request.headers[.authorization], auth.lowercased().hasPrefix("bearer "),
           TokenStore.matches(String(auth.dropFirst(7)).trimmingCharacters(in: .whitespaces), token) {
            return true
        }
        for cookieHeader in request.headers[values: .cookie] {
            for pair in cookieHeader.split(separator: ";") {
                let kv = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if kv.count == 2, kv[0] == cookieName, TokenStore.matches(kv[1], token) { return true }
            }
        }
        return false
    }

    static func sameOrigin(_ origin: String, host: String) -> Bool {
        guard let url = URL(string: origin), let scheme = url.scheme, ["http", "https"].contains(scheme), let h = url.host else { return false }
        let port = url.port.map { ":\($0)" } ?? ""
        let hostPart = h.contains(":") && !h.hasPrefix("[") ? "[\(h)]" : h
        return (hostPart + port).lowercased() == host.lowercased()
    }
}

/// How the server is reached and guarded.
public struct APIServerConfig: Sendable {
    public var host: String
    public var port: Int
    /// The token every request needs; nil: none (loopback only).
    public var token: String?
    /// Host names besides the loopback ones that requests may name (a reverse proxy's).
    public var allowedHosts: [String]
    /// The calendar feed's key file (`FeedKey`); read on every feed request, so a rotation applies at once.
    public var feedKeyPath: String = FeedKey.defaultPath()

    public init(host: String = "127.0.0.1", port: Int = 7878, token: String? = nil, allowedHosts: [String] = []) {
        self.host = host
        self.port = port
        self.token = token
        self.allowedHosts = allowedHosts
    }

    /// A loopback address or name: only this machine can connect.
    public static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if h == "localhost" || h == "::1" || h.hasSuffix(".localhost") { return true }
        // 127.0.0.0/8 as an address literal only: `127.0.0.1.evil.example` is a name anyone can rebind.
        let parts = h.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { p in Int(p).map { (0...255).contains($0) } ?? false }
    }

    /// Whether a request's `Host` (with its port) names this server.
    func isAllowedHost(_ hostHeader: String) -> Bool {
        var name = hostHeader.lowercased()
        var port = ""
        if name.hasPrefix("["), let close = name.firstIndex(of: "]") {
            port = String(name[name.index(after: close)...])
            name = String(name[name.index(after: name.startIndex)..<close])
        } else if let colon = name.lastIndex(of: ":"), name.filter({ $0 == ":" }).count == 1 {
            port = String(name[colon...])
            name = String(name[..<colon])
        }
        // After the name only a port may follow: `[::1].evil.example` is not `[::1]`.
        guard port.isEmpty || (port.hasPrefix(":") && port.count > 1 && port.dropFirst().allSatisfy(\.isASCII) && port.dropFirst().allSatisfy(\.isNumber)) else {
            return false
        }
        return Self.isLoopback(name) || allowedHosts.contains { $0.lowercased() == name }
    }
}
