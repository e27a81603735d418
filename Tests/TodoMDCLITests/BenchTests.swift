import Foundation
import XCTest

/// The benchmark's generator writes valid, deterministic vaults, and `todomd bench` runs end to
/// end and reports every row.
final class BenchTests: XCTestCase {
    func env(_ tmp: String) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": tmp, "XDG_CACHE_HOME": tmp + "/cache", "XDG_CONFIG_HOME": tmp + "/config",
         "TZ": "UTC", "TODOMD_NOW": "2026-11-24T09:00:00"]
    }

    func tempDir() -> String {
        let tmp = NSTemporaryDirectory() + "todomd-bench-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: tmp) }
        return tmp
    }

    func files(_ root: String) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: root)
        while let p = e?.nextObject() as? String {
            if p.hasSuffix(".md") { out[p] = FileManager.default.contents(atPath: root + "/" + p) }
        }
        return out
    }

    func testGeneratedVaultsAreDeterministicAndValid() throws {
        let tmp = tempDir()
        for name in ["a", "b"] {
            let r = try runTodomd(["bench", "--generate", tmp + "/" + name, "--count", "200"], env: env(tmp), cwd: tmp)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let a = files(tmp + "/a"), b = files(tmp + "/b")
        XCTAssertEqual(a.count, 204, "200 task files and 4 notes")
        XCTAssertEqual(a, b, "same seed, same bytes")
        XCTAssertGreaterThan(Set(a.keys.map { ($0 as NSString).deletingLastPathComponent }).count, 10, "nested folders")

        let doctor = try runTodomd(["doctor", "--vault", tmp + "/a"], env: env(tmp), cwd: tmp)
        XCTAssertEqual(doctor.status, 0, "every generated file reads cleanly: \(doctor.stdout)")
        let all = try runTodomd(["list", "all", "--json", "--vault", tmp + "/a"], env: env(tmp), cwd: tmp)
        let json = try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as! [String: Any]
        XCTAssertGreaterThan(json["count"] as! Int, 200, "task files plus checkbox tasks")
        let today = try runTodomd(["list", "today", "--json", "--vault", tmp + "/a"], env: env(tmp), cwd: tmp)
        let todayCount = (try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as! [String: Any])["count"] as! Int
        XCTAssertTrue((2...40).contains(todayCount), "a realistic Today: \(todayCount) of 200")
    }

    func testBenchRunsEndToEnd() throws {
        let tmp = tempDir()
        let r = try runTodomd(["bench", "--sizes", "150", "--runs", "1", "--json"], env: env(tmp), cwd: tmp)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let size = (json["sizes"] as! [[String: Any]])[0]
        XCTAssertEqual(size["files"] as? Int, 150)
        for key in ["floor_1core_ms", "floor_2cores_ms", "cold_index_ms", "warm_list_today_ms", "filtered_query_ms", "first_search_ms",
                    "search_ms", "search_query_ms", "refresh_in_process_ms", "one_file_changed_ms", "watched_list_today_ms",
                    "watched_search_ms", "cold_peak_kb", "bytes_per_task"] {
            XCTAssertNotNil(size[key] as? NSNumber, key)
        }
        let table = try runTodomd(["bench", "--sizes", "50", "--runs", "1"], env: env(tmp), cwd: tmp)
        XCTAssertTrue(table.stdout.contains("warm `list today`, whole process"), table.stdout)
    }
}
