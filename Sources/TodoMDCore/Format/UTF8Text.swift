import Foundation

/// Strict UTF-8 decoding: invalid bytes are an error to report, never silently replaced.
enum UTF8Text {
    static func decode(_ bytes: some Collection<UInt8>) -> String? {
        String(bytes: bytes, encoding: .utf8)
    }
}
