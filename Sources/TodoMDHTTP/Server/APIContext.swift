import Foundation
import Hummingbird
import NIOCore

/// Each request's context: the router's storage and who sent it.
public struct APIContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer (nil when there is none, as in in-process tests).
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Bodies are JSON of at most 1 MB.
    public var maxUploadSize: Int { APIServer.maxBodyBytes }
}
