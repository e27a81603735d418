import Foundation
import GRDB
import GRDBSQLite

/// The tasks a loaded set of tasks depends on (issue 21, `Prefilter.withRelated`): those they
/// name as parent or blocker, all the way up (`refs.task` names `tasks.name_key`), and with
/// `dependents` the tasks naming them. The names are file names, so a reference may bring a
/// namesake too (never too few).
enum RelatedClosure {
    /// The ids of those tasks that are not among `seeds` (the ids loaded); `references`: the
    /// rows of `refs`. `inMemory` picks the walk (tests compare both); by default the cheaper
    /// one for this many seeds.
    static func extra(_ db: Database, seeds: [Int64], references: Int, dependents: Bool, inMemory: Bool? = nil) throws -> [Int64] {
        let loaded = Set(seeds)
        let found: Set<Int64>
        if !(inMemory ?? (seeds.count * 2 >= references)) {
            // Few tasks (Today, one project): follow their references through the indexes.
            let json = jsonArray(seeds)
            let down = dependents ? " UNION SELECT r.task FROM json_each(?1) j JOIN tasks s ON s.id = j.value JOIN refs r ON r.name = s.name_key" : ""
            found = Set(try Int64.fetchAll(db, sql: """
                WITH RECURSIVE up(id) AS (SELECT value FROM json_each(?1) UNION SELECT n.id FROM up JOIN refs r ON r.task = up.id JOIN tasks n ON n.name_key = r.name)
                SELECT id FROM up\(down)
                """, arguments: [json]))
        } else {
            // Many (Anytime: most of the vault): one pass over every reference beats an index
            // probe per task; the walk up is done here.
            var up: [Int64: [Int64]] = [:], back: [Int64: [Int64]] = [:]
            up.reserveCapacity(references)
            try SQLRows.each(db, "SELECT r.task, n.id FROM refs r JOIN tasks n ON n.name_key = r.name") { s in
                let from = sqlite3_column_int64(s, 0), to = sqlite3_column_int64(s, 1)
                up[from, default: []].append(to)
                if dependents { back[to, default: []].append(from) }
            }
            var seen = loaded
            var frontier = seeds
            while !frontier.isEmpty {
                var next: [Int64] = []
                for id in frontier { for n in up[id] ?? [] where seen.insert(n).inserted { next.append(n) } }
                frontier = next
            }
            if dependents { for id in seeds { for d in back[id] ?? [] { seen.insert(d) } } }
            found = seen
        }
        return found.filter { !loaded.contains($0) }.sorted()
    }

    /// `[1,2,3]`: ids bound as one parameter (`json_each`), whatever their number.
    static func jsonArray(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
