import Foundation
import TodoMDCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with output discarded, and measures it as a whole process:
/// wall time from spawn to exit and peak resident memory (`wait4`'s `ru_maxrss`).
struct ChildProcess {
    struct Measurement {
        var seconds: Double
        var peakKB: Int
        var status: Int32
    }

    static func run(_ executable: String, _ args: [String], env: [String: String]) throws -> Measurement {
        let start = now()
        let pid = try spawn(executable, args, env: env)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = now() - start
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Measurement(seconds: seconds, peakKB: Int(usage.ru_maxrss), status: exit)
    }

    /// Starts a program, output discarded; `run` waits for it, `terminate` stops it.
    static func spawn(_ executable: String, _ args: [String], env: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard rc == 0 else { throw TodoError.io(path: executable, reason: "cannot start: " + String(cString: strerror(rc))) }
        return pid
    }

    /// SIGTERM, then waits for the exit.
    static func terminate(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// This program's own executable, to measure it as users run it.
    static var selfPath: String {
        if let p = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return p }
        return CommandLine.arguments[0]
    }
}
