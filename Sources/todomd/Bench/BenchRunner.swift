import Foundation
import TodoMDCore
import TodoMDIndex
import TodoMDAPI
import TodoMDService

/// One size's measurements, in seconds and kilobytes.
struct BenchResult {
    var files = 0
    var megabytes = 0.0
    var floor1 = 0.0, floor2 = 0.0
    var cold = 0.0, warmToday = 0.0, filtered = 0.0
    var firstSearch = 0.0, search: Double?
    var refreshInProcess = 0.0, searchInProcess = 0.0
    /// JSON: seconds to encode one task (with its body), in process, and how many tasks were encoded.
    var jsonPerTask = 0.0, jsonTasks = 0
    var oneChanged = 0.0
    /// With `todomd watch` running (commands sync with it instead of walking); nil if it did not start.
    var watchedToday: Double?, watchedSearch: Double?
    /// Perspectives (issue 13): a copy of Today saved in `.perspectives.json`, and a query,
    /// next to the built-in views of the closest selectivity (`list today`, `list flagged`).
    var perspectiveToday = 0.0, flagged = 0.0, query = 0.0
    /// Issue 16: merging sync-conflict copies on a read, and a write with and without the history.
    var sync = SyncBench.Result()
    /// Issue 17: importing from every format, and a streamed export.
    var interchange = InterchangeBench.Result()
    /// Issue 21: views on the same vault with 20% subtasks and 10% blocked tasks.
    var plainAnytime = 0.0, structuredToday = 0.0, structuredAnytime = 0.0
    var coldPeakKB = 0, warmPeakKB = 0
    var todayCount = 0

    var rows: [(key: String, label: String, seconds: Double?)] {
        [("floor_1core", "floor: walk + read every file, 1 core", floor1),
         ("floor_2cores", "floor: walk + read every file, 2 cores", floor2),
         ("cold_index", "cold index (`list today`, empty cache)", cold),
         ("warm_list_today", "warm `list today`, whole process", warmToday),
         ("filtered_query", "filtered `list anytime --area --tag`", filtered),
         ("perspective_copy_of_today", "a copy of Today in .perspectives.json, whole process", perspectiveToday),
         ("list_flagged", "warm `list flagged`, whole process", flagged),
         ("query_work_urgent", "query `@Work & (p1 | flagged) & due<+30d`, whole process", query),
         ("first_search", "first search (builds the full-text table)", firstSearch),
         ("search", "warm `search quokka`, whole process", search),
         ("search_query", "search query alone, in process", searchInProcess),
         ("refresh_in_process", "warm refresh alone (walk + compare), in process", refreshInProcess),
         ("json_per_task", "JSON per task (contract, with body), in process", jsonPerTask),
         ("one_file_changed", "one file changed → `list today`", oneChanged),
         ("watched_list_today", "`list today` while `todomd watch` runs", watchedToday),
         ("watched_search", "`search quokka` while `todomd watch` runs", watchedSearch),
         ("merge_sync_copies", "merge 1,000 sync-conflict copies (half the files if fewer) on a read, in process", sync.merge),
         ("write_with_history", "`set` with version history + audit log, in process", sync.writeWithHistory),
         ("write_without_history", "`set` without them, in process", sync.writeWithout)]
            + [("create_files_floor", "create as many files atomically, nothing else (the import's floor)", interchange.floor)]
            + interchange.imports.map { ("import_\($0.format)", "import \(interchange.imported) tasks from \($0.format), in process", $0.seconds) }
            + [("export_json", "export every task as JSON (streamed), whole process", interchange.exportSeconds),
               ("list_anytime", "warm `list anytime`, whole process", plainAnytime),
               ("structured_list_today", "warm `list today`, 20% subtasks + 10% blocked (target ≤ 1.2× plain)", structuredToday),
               ("structured_list_anytime", "warm `list anytime`, 20% subtasks + 10% blocked (target ≤ 1.2× plain)", structuredAnytime)]
    }
}

/// Generates vaults and measures todomd on them as users run it (whole processes), next to the
/// floor of reading every file.
struct BenchRunner {
    let executable = ChildProcess.selfPath
    let clock: Clock
    let runs: Int
    let work: String
    var log: (String) -> Void = { _ in }

    func environment(cache: String) -> [String: String] {
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": work,
                   "XDG_CACHE_HOME": cache, "XDG_CONFIG_HOME": work + "/config",
                   "TODOMD_NOW": Timestamp.format(clock.now)]
        env["TZ"] = ProcessInfo.processInfo.environment["TZ"] ?? clock.timeZone.identifier
        return env
    }

    func todomd(_ args: [String], vault: String, cache: String) throws -> ChildProcess.Measurement {
        let m = try ChildProcess.run(executable, args + ["--vault", vault], env: environment(cache: cache))
        guard m.status == 0 else { throw TodoError.io(path: vault, reason: "todomd \(args.joined(separator: " ")) exited \(m.status)") }
        return m
    }

    /// The same commands while a `todomd watch` keeps the index fresh: they sync with it instead
    /// of walking the vault.
    func measureWithWatch(_ r: inout BenchResult, vault: String, cache: String, index: TaskIndex) throws {
        log("with todomd watch running ×\(runs)…")
        let pid = try ChildProcess.spawn(executable, ["watch", "--vault", vault], env: environment(cache: cache))
        defer { ChildProcess.terminate(pid) }
        let deadline = ChildProcess.now() + 120
        while !IndexClient.sync(index) {
            guard ChildProcess.now() < deadline else { return }
            usleep(50_000)
        }
        r.watchedToday = Self.median(try (0..<runs).map { _ in try todomd(["list", "today"], vault: vault, cache: cache).seconds })
        r.watchedSearch = Self.median(try (0..<runs).map { _ in try todomd(["search", "quokka"], vault: vault, cache: cache).seconds })
    }

    /// Encoding every task of the vault as the contract's JSON (compact, body included): the
    /// median over three passes of the time per task.
    static func jsonCost(_ snap: VaultSnapshot, today: LocalDate) -> (Double, Int) {
        let versions = TaskVersions(snap.fingerprints)
        let tasks = Array(snap.tasks.prefix(20_000))
        var bytes = 0
        let times = (0..<3).map { _ -> Double in
            let t0 = ChildProcess.now()
            for t in tasks { bytes &+= APIJSON.encode(TaskDTO(t, version: versions.version(of: t), today: today), pretty: false).count }
            return (ChildProcess.now() - t0) / Double(max(1, tasks.count))
        }
        _ = bytes
        return (median(times), tasks.count)
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }

    func measure(files n: Int) throws -> BenchResult {
        var r = BenchResult()
        r.files = n
        let vault = work + "/vault-\(n)"
        log("generating \(n) task files…")
        try VaultGenerator(today: clock.today).generate(count: n, into: vault)
        let coldRuns = n >= 50_000 ? min(runs, 3) : runs
        log("floor…")
        var floors1: [Double] = [], floors2: [Double] = []
        for _ in 0..<runs {
            let (s1, bytes) = FloorReader.measure(vault, threads: 1)
            floors1.append(s1)
            r.megabytes = Double(bytes) / 1_048_576
            floors2.append(FloorReader.measure(vault, threads: 2).seconds)
        }
        r.floor1 = floors1.min()!
        r.floor2 = floors2.min()!
        log("cold index ×\(coldRuns)…")
        var colds: [Double] = []
        var cache = ""
        for k in 0..<coldRuns {
            cache = work + "/cache-\(n)-\(k)"
            let m = try todomd(["list", "today"], vault: vault, cache: cache)
            colds.append(m.seconds)
            r.coldPeakKB = max(r.coldPeakKB, m.peakKB)
        }
        r.cold = colds.min()!
        log("warm commands ×\(runs)…")
        var warm: [Double] = [], filtered: [Double] = []
        for _ in 0..<runs {
            let m = try todomd(["list", "today"], vault: vault, cache: cache)
            warm.append(m.seconds)
            r.warmPeakKB = max(r.warmPeakKB, m.peakKB)
            filtered.append(try todomd(["list", "anytime", "--area", "Work", "--tag", "work"], vault: vault, cache: cache).seconds)
        }
        r.warmToday = Self.median(warm)
        r.filtered = Self.median(filtered)
        log("perspectives ×\(runs)…")
        var today = BuiltInPerspectives.named("today")!
        today.id = "my-today"
        try PerspectivesFile.apply(.add(today), root: vault)
        var copies: [Double] = [], flags: [Double] = [], queries: [Double] = []
        for _ in 0..<runs {
            copies.append(try todomd(["list", "my-today"], vault: vault, cache: cache).seconds)
            flags.append(try todomd(["list", "flagged"], vault: vault, cache: cache).seconds)
            queries.append(try todomd(["list", "@Work & (p1 | flagged) & due<+30d"], vault: vault, cache: cache).seconds)
        }
        (r.perspectiveToday, r.flagged, r.query) = (Self.median(copies), Self.median(flags), Self.median(queries))
        let first = try ChildProcess.run(executable, ["search", "quokka", "--vault", vault], env: environment(cache: cache))
        if first.status == 0 {
            r.firstSearch = first.seconds
            r.search = Self.median(try (0..<runs).map { _ in try todomd(["search", "quokka"], vault: vault, cache: cache).seconds })
        }
        // In process: the index's own steps, without process start and printing.
        let v = Vault(root: vault, clock: clock)
        let index = try TaskIndex(vault: v, path: TaskIndex.defaultPath(root: vault, cacheDirectory: cache + "/todomd"))
        r.refreshInProcess = Self.median(try (0..<runs).map { _ in
            let t0 = ChildProcess.now()
            try index.refresh()
            return ChildProcess.now() - t0
        })
        r.searchInProcess = Self.median(try (0..<runs).map { _ in
            let t0 = ChildProcess.now()
            _ = try index.search("quokka", limit: 50)
            return ChildProcess.now() - t0
        })
        r.todayCount = ViewEngine(clock: clock).build(.today, tasks: try index.snapshot(.view(.today, filter: TaskFilter(), today: clock.today)).tasks).tasks.count
        (r.jsonPerTask, r.jsonTasks) = try Self.jsonCost(index.snapshot(), today: clock.today)
        log("one file changed ×\(runs)…")
        let scanned = v.scan().files.filter { !$0.path.hasPrefix("Notes/") }
        var changed: [Double] = []
        for k in 0..<runs {
            let path = vault + "/" + scanned[(k * 7919) % scanned.count].path
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            try (text + "Edited in the benchmark, run \(k).\n").write(toFile: path, atomically: true, encoding: .utf8)
            changed.append(try todomd(["list", "today"], vault: vault, cache: cache).seconds)
        }
        r.oneChanged = Self.median(changed)
        try measureWithWatch(&r, vault: vault, cache: cache, index: index)
        log("sync-conflict copies and writes with the history…")
        r.sync = try SyncBench.measure(vault: vault, cache: cache, runs: runs)
        log("views with subtasks and blocked tasks…")
        r.plainAnytime = Self.median(try (0..<runs).map { _ in try todomd(["list", "anytime"], vault: vault, cache: cache).seconds })
        let structured = work + "/vault-structured-\(n)", structuredCache = work + "/cache-structured-\(n)"
        var generator = VaultGenerator(today: clock.today)
        generator.structured = true
        try generator.generate(count: n, into: structured)
        _ = try todomd(["list", "today"], vault: structured, cache: structuredCache)
        r.structuredToday = Self.median(try (0..<runs).map { _ in try todomd(["list", "today"], vault: structured, cache: structuredCache).seconds })
        r.structuredAnytime = Self.median(try (0..<runs).map { _ in try todomd(["list", "anytime"], vault: structured, cache: structuredCache).seconds })
        log("import from every format, export…")
        r.interchange = try InterchangeBench.measure(self, vault: vault, cache: cache)
        return r
    }
}
