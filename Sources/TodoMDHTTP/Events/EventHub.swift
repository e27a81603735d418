import Foundation
import TodoMDAPI
import TodoMDCore

/// The live events of `GET /api/events` (Server-Sent Events): every watch change, encoded once,
/// numbered, kept in a ring of the last `capacity` events, and sent to every subscriber.
///
/// Ids are `<epoch>-<n>`: the epoch is new each time the server starts, so a client that
/// reconnects with a `Last-Event-ID` from this run gets exactly the events it missed, and one
/// whose id is from another run, or older than the ring, is told to reload instead.
///
/// `@unchecked Sendable`: all state is behind `lock`.
public final class EventHub: @unchecked Sendable {
    /// One encoded event, ready to write.
    struct Event {
        var seq: UInt64
        var bytes: [UInt8]
    }

    public let epoch: String
    let capacity: Int
    private let lock = NSLock()
    private var seq: UInt64 = 0
    private var ring: [Event] = []
    private var subscribers: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]
    private var closed = false

    public init(capacity: Int = 1000) {
        self.capacity = capacity
        epoch = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    }

    /// Whether `close` was called (the server is stopping).
    public var isClosed: Bool { lock.withLock { closed } }

    /// Numbers, encodes and sends a batch of watch changes.
    public func publish(_ changes: [WatchChange], today: LocalDate) {
        for c in changes {
            let dto = WatchEventDTO(c, today: today)
            publish(kind: dto.event, json: APIJSON.encode(dto, pretty: false))
        }
    }

    func publish(kind: String, json: [UInt8]) {
        lock.withLock {
            guard !closed else { return }
            seq += 1
            var bytes = Array("id: \(epoch)-\(seq)\nevent: \(kind)\ndata: ".utf8)
            bytes += json
            bytes += [0x0A, 0x0A]
            ring.append(Event(seq: seq, bytes: bytes))
            if ring.count > capacity { ring.removeFirst(ring.count - capacity) }
            for c in subscribers.values { c.yield(bytes) }
        }
    }

    /// A new subscriber: what it missed since `lastEventID` (or a `reload` event when that cannot
    /// be known), then every event from now on, in order. The replay and the registration happen
    /// under one lock, so no event falls between them.
    func subscribe(lastEventID: String?) -> (id: UUID, stream: AsyncStream<[UInt8]>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(capacity))
        lock.withLock {
            if let last = lastEventID, !last.isEmpty {
                let parts = last.split(separator: "-")
                if parts.count == 2, parts[0] == Substring(epoch), let n = UInt64(parts[1]), n <= seq,
                   n + 1 >= (ring.first?.seq ?? seq + 1) {
                    for e in ring where e.seq > n { continuation.yield(e.bytes) }
                } else {
                    continuation.yield(Array("id: \(epoch)-\(seq)\nevent: reload\ndata: {\"schema_version\":\(APISchema.version),\"event\":\"reload\"}\n\n".utf8))
                }
            }
            if closed { continuation.finish() } else { subscribers[id] = continuation }
        }
        return (id, stream)
    }

    /// A keep-alive comment for one subscriber (writing it finds out whether it is still there).
    func publishComment(to id: UUID) {
        lock.withLock { _ = subscribers[id]?.yield(Array(": ping\n\n".utf8)) }
    }

    func unsubscribe(_ id: UUID) {
        let c = lock.withLock { subscribers.removeValue(forKey: id) }
        c?.finish()
    }

    /// Ends every stream (the server is stopping).
    public func close() {
        let all = lock.withLock { () -> [AsyncStream<[UInt8]>.Continuation] in
            closed = true
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for c in all { c.finish() }
    }
}
