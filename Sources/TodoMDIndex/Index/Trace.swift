import Foundation

/// `TODOMD_TRACE=1` prints how long each step of a command took, on stderr: the profile the
/// benchmark's numbers are explained with.
public enum Trace {
    public static let enabled = ProcessInfo.processInfo.environment["TODOMD_TRACE"] == "1"
    private static var last = DispatchTime.now().uptimeNanoseconds

    public static func mark(_ step: @autoclosure () -> String) {
        guard enabled else { return }
        let previous = last  // initialised lazily: read it before taking the time
        let now = DispatchTime.now().uptimeNanoseconds
        FileHandle.standardError.write(Data(String(format: "trace %7.1f ms  %@\n", Double(now &- previous) / 1e6, step()).utf8))
        last = now
    }
}
