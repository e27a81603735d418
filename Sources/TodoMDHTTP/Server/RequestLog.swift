import Foundation
import Hummingbird
import Logging

/// One log line per request at `info`: method, path, status, time.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let response: Response
        do { response = try await next(request, context) } catch {
            response = Responses.error(error)
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        logger.info("\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", ms)) ms")
        return response
    }
}
