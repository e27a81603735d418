import ArgumentParser
import Foundation
import TodoMDCore
import TodoMDService

struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print the token `todomd serve` requires beyond loopback (made on first use).",
        discussion: "On a terminal, also prints the login URL and its QR code, for a phone on the same network.")
    @Option(name: .customLong("token-file"), help: "The token file (default: $XDG_CONFIG_HOME/todomd/token).") var tokenFile: String?
    @Option(help: "The server's address for the login URL (default: this machine's first network address).") var host: String?
    @Option(help: "The server's port for the login URL.") var port = 7878
    @Flag(help: "Without colour (NO_COLOR): draw the QR code for a dark terminal background.") var invert = false

    func run() throws {
        do {
            let path = tokenFile ?? TokenStore.defaultPath()
            let token = try TokenStore.loadOrCreate(path: path)
            print(token)
            guard isatty(STDOUT_FILENO) == 1 else { return }
            let url = "http://\(host ?? NetworkAddress.firstNonLoopback() ?? "127.0.0.1"):\(port)/login?token=\(token)"
            print("")
            print("login URL (open it on your phone; `todomd serve --host 0.0.0.0` must be running):")
            print(url)
            // Dark on light in fixed colours scans on dark and light themes alike; without colour,
            // the plain blocks are drawn in the text colour (--invert for dark themes).
            if let qr = try? QRCode(text: url) {
                let colour = ProcessInfo.processInfo.environment["NO_COLOR"] == nil && ProcessInfo.processInfo.environment["TERM"] != "dumb"
                print(colour ? qr.ansiTerminalText() : qr.terminalText(invert: invert))
            }
        } catch let e as TodoError {
            Printer.error(e.description)
            throw ExitCode(e.exitCode)
        }
    }
}

/// This machine's addresses.
enum NetworkAddress {
    /// The first IPv4 address of an interface that is up and not loopback.
    static func firstNonLoopback() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let c = cursor {
            defer { cursor = c.pointee.ifa_next }
            guard let addr = c.pointee.ifa_addr, addr.pointee.sa_family == UInt16(AF_INET),
                  c.pointee.ifa_flags & UInt32(IFF_UP) != 0, c.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(addr, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                return String(cString: host)
            }
        }
        return nil
    }
}
