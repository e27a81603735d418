import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The web app's files (`Sources/TodoMDHTTP/Web`): served at their paths (`/js/main.js`,
/// `/sw.js`), and `index.html` for every other page path (`/today`, `/project/Meal%20Prep`,
/// `/task/…`), where the app's router takes over. They hold no user data, so they load without
/// the token (the app then asks for it when the API answers 401).
struct WebRoutes {
    let assets: WebAssets

    /// The app's policy: its own scripts, styles, images and connections only; no inline script.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; frame-ancestors 'none'; "
        + "base-uri 'none'; form-action 'self'"

    /// The app's page paths' first segments.
    static let pages: Set<String> = ["inbox", "today", "upcoming", "anytime", "next", "someday", "flagged", "logbook", "trash", "area",
                                     "project", "tag", "perspective", "view", "list", "task", "search", "settings", "builder"]

    func register(_ router: Router<APIContext>) {
        router.get("/") { request, _ in try response(for: "/index.html", request) }
        // The capture app (spec 002): a page of its own, installable on its own.
        router.get("/capture") { request, _ in try response(for: "/capture.html", request) }
        // What the service worker caches as the app shell: every file shipped.
        router.get("/app-files.json") { _, _ in
            let list = assets.paths.map { "\"" + $0 + "\"" }.joined(separator: ",")
            return Response(status: .ok, headers: [.contentType: Responses.jsonType, .cacheControl: "no-cache"],
                            body: .init(byteBuffer: ByteBuffer(string: "{\"files\":[" + list + "]}")))
        }
        router.get("/**") { request, _ in
            let path = request.uri.path
            if path.hasPrefix("/api/") || path == "/api" { throw APIError(404, "not_found", "no route GET \(path)") }
            if assets.has(path) { return try response(for: path, request) }
            // A page of the app: the shell, whose router shows it. Task ids end in `.md`, so a
            // known first segment decides; otherwise a name with an extension is a missing file.
            let segments = path.split(separator: "/")
            guard segments.first.map({ Self.pages.contains(String($0)) }) ?? true || !(segments.last ?? "").contains(".") else {
                throw APIError(404, "not_found", "no file \(path)")
            }
            return try response(for: "/index.html", request)
        }
    }

    func response(for path: String, _ request: Request) throws -> Response {
        guard let file = assets.file(path) else {
            if path == "/index.html" {
                return PageRoutes.html("<h1>todo.md</h1><p>The web app's files are not installed beside this binary; "
                    + "the HTTP API is described at <a href=\"/api/openapi.json\">/api/openapi.json</a>.</p>")
            }
            throw APIError(404, "not_found", "no file \(path)")
        }
        var headers: HTTPFields = [.contentType: file.contentType, .eTag: file.etag, .cacheControl: "no-cache"]
        headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        if request.headers[.ifNoneMatch] == file.etag { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}

/// The web app's files, read once at start (or on every request from `TODOMD_WEB_ROOT`, for
/// working on them without rebuilding).
final class WebAssets: @unchecked Sendable {
    struct File {
        var bytes: [UInt8]
        var contentType: String
        var etag: String
    }

    /// The folder the files come from; nil: not installed.
    let root: String?
    private let live: Bool
    private var files: [String: File] = [:]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let dev = environment["TODOMD_WEB_ROOT"], !dev.isEmpty {
            root = dev
            live = true
            return
        }
        live = false
        root = Self.installed()
        if let root { files = Self.load(root) }
    }

    /// Where a build or an install put the files: SwiftPM's resource bundle beside the binary
    /// (`swift build`), else `../share/todomd/Web` (an installed copy).
    static func installed() -> String? {
        // The executable itself (`todomd serve` starts this program with argv[0] "todomd serve").
        let exe = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ""))
            .resolvingSymlinksInPath().deletingLastPathComponent().path
        let candidates = [
            exe + "/todomd_TodoMDHTTP.resources/Web",
            exe + "/todomd_TodoMDHTTP.bundle/Contents/Resources/Web",
            exe + "/todomd_TodoMDHTTP.bundle/Web",
            exe + "/../share/todomd/Web",
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/index.html") }
    }

    static func load(_ root: String) -> [String: File] {
        var out: [String: File] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return out }
        while let rel = walker.nextObject() as? String {
            if let f = read(root + "/" + rel, name: rel, compact: true) { out["/" + rel] = f }
        }
        return out
    }

    static func read(_ path: String, name: String, compact: Bool = false) -> File? {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        var bytes = [UInt8](data)
        if compact, ["js", "css"].contains((name as NSString).pathExtension), let text = String(bytes: bytes, encoding: .utf8) {
            bytes = Array(Self.compact(text).utf8)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        return File(bytes: bytes, contentType: contentType(name), etag: "\"" + String(hash, radix: 16) + "\"")
    }

    /// The source without what only its readers need: comment lines (`// …`, `/* … */` that
    /// start a line), indentation and blank lines. Nothing inside a line changes, so code means
    /// the same (the app has no multi-line template literals; `Tests/Web` checks it still works).
    static func compact(_ source: String) -> String {
        var out = "", inComment = false
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.drop { $0 == " " || $0 == "\t" }
            if inComment {
                guard let end = line.range(of: "*/") else { continue }
                line = line[end.upperBound...].drop { $0 == " " }
                inComment = false
            }
            while line.hasPrefix("/*") {
                guard let end = line.range(of: "*/") else { inComment = true; line = ""; break }
                line = line[end.upperBound...].drop { $0 == " " }
            }
            if line.isEmpty || line.hasPrefix("//") { continue }
            out += line
            out += "\n"
        }
        return out
    }

    static func contentType(_ name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "webmanifest": return "application/manifest+json; charset=utf-8"
        case "png": return "image/png"
        case "svg": return "image/svg+xml"
        case "ico": return "image/x-icon"
        case "txt", "md": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    func has(_ path: String) -> Bool { file(path) != nil }

    /// Every file's URL path, sorted (file names are plain ASCII: no JSON escaping needed).
    var paths: [String] {
        let all = live ? root.map { Array(Self.load($0).keys) } ?? [] : Array(files.keys)
        return all.filter { $0.allSatisfy { $0.isASCII && $0 != "\"" && $0 != "\\" } }.sorted()
    }

    /// The file at a URL path, if it is one of the app's (never outside the folder).
    func file(_ path: String) -> File? {
        guard let root, !path.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }) else { return nil }
        if !live { return files[path] }
        return Self.read(root + path, name: path, compact: true)
    }

    /// Whether a request may have the file without the token: any GET of a non-API path.
    static func isPublic(_ path: String) -> Bool {
        // `/open` looks names up (a project, a task): it needs the token as the API does.
        !(path == "/api" || path.hasPrefix("/api/") || path == "/mcp" || path.hasPrefix("/mcp/") || path == "/open")
    }
}
