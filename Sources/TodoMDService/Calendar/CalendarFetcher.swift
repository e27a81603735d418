import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TodoMDCore

/// Reads subscribed calendars: a file (vault-relative, absolute or `~/…`) each time, a URL at
/// most every `ttl` seconds (a failed fetch keeps showing the last good copy, with the error).
/// A calendar larger than `maxBytes` is refused.
public final class CalendarFetcher: @unchecked Sendable {
    public static let shared = CalendarFetcher()
    public static let maxBytes = 10 << 20
    static let ttl: TimeInterval = 15 * 60
    static let timeout: TimeInterval = 10

    private let lock = NSLock()
    private var cache: [String: (at: Date, text: String)] = [:]

    /// The calendar's text, or why there is none (and the stale text, if any).
    public func text(_ source: CalendarSource, root: String) -> (text: String?, error: String?) {
        guard source.isURL else { return file(source.location, root: root) }
        let url = source.location.lowercased().hasPrefix("webcal://") ? "https://" + source.location.dropFirst(9) : source.location
        if let hit = lock.withLock({ cache[url] }), Date().timeIntervalSince(hit.at) < Self.ttl { return (hit.text, nil) }
        switch fetch(url) {
        case .success(let text):
            lock.withLock { cache[url] = (Date(), text) }
            return (text, nil)
        case .failure(let error):
            return (lock.withLock { cache[url]?.text }, error.description)
        }
    }

    struct FetchError: Error, CustomStringConvertible { var description: String }

    private func fetch(_ address: String) -> Result<String, FetchError> {
        guard let url = URL(string: address) else { return .failure(FetchError(description: "not a URL: \(address)")) }
        var request = URLRequest(url: url, timeoutInterval: Self.timeout)
        request.setValue("text/calendar", forHTTPHeaderField: "Accept")
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<String, FetchError> = .failure(FetchError(description: "timed out"))
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            defer { done.signal() }
            if let error { result = .failure(FetchError(description: error.localizedDescription)); return }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            guard (200..<300).contains(status) else { result = .failure(FetchError(description: "HTTP \(status)")); return }
            guard let data, data.count <= Self.maxBytes else {
                result = .failure(FetchError(description: "larger than \(Self.maxBytes >> 20) MB"))
                return
            }
            result = .success(String(decoding: data, as: UTF8.self))
        }
        task.resume()
        if done.wait(timeout: .now() + Self.timeout + 1) == .timedOut { task.cancel() }
        return result
    }

    private func file(_ location: String, root: String) -> (text: String?, error: String?) {
        let path = location.hasPrefix("~/") ? NSHomeDirectory() + location.dropFirst(1)
            : location.hasPrefix("/") ? location : root + "/" + location
        guard let attrs = try? FileManager.default.attributesOfItem(atPath: path) else { return (nil, "no file at \(location)") }
        if let size = attrs[.size] as? Int, size > Self.maxBytes { return (nil, "larger than \(Self.maxBytes >> 20) MB") }
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, "cannot read \(location)") }
        return (String(decoding: data, as: UTF8.self), nil)
    }
}
