import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDService

/// `/login?token=` (sets the token cookie for browsers) and `/api/openapi.json`.
struct PageRoutes {
    let config: APIServerConfig

    func register(_ router: Router<APIContext>) {
        let openAPI = ByteBuffer(bytes: OpenAPIDocument.json)
        router.get("/api/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: Responses.jsonType], body: .init(byteBuffer: openAPI))
        }
        router.get("/login") { request, _ in
            // `next`: where to go after (the capture app asks for /capture); only a path of this server.
            let next = request.query("next").flatMap { n in
                n.hasPrefix("/") && !n.hasPrefix("//") && !n.contains("\\") && !n.contains("://") && n.count <= 200 ? n : nil
            } ?? "/"
            guard let token = config.token else { return Self.redirect(to: next) }
            guard let given = request.query("token"), TokenStore.matches(given, token) else {
                return Self.html("<h1>Wrong token</h1><p>Run <code>todomd token</code> on the computer that serves the vault.</p>",
                                 status: .unauthorized)
            }
            var response = Self.redirect(to: next)
            response.headers[.setCookie] = "\(GuardMiddleware<APIContext>.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
            return response
        }
    }

    static func redirect(to path: String = "/") -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    static func html(_ body: String, status: HTTPResponse.Status = .ok) -> Response {
        let page = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>todo.md</title></head><body>\(body)</body></html>"
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: page)))
    }
}
