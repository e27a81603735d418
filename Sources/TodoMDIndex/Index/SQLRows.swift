import Foundation
import GRDB
import GRDBSQLite

/// A tight loop over a query's rows with SQLite's C API: the warm path reads tens of thousands
/// of rows per command, and decoding straight from SQLite's buffers avoids a copy per value.
enum SQLRows {
    static func each(_ db: Database, _ sql: String, _ arguments: [String] = [],
                     _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments))
        let s = statement.sqliteStatement
        defer { sqlite3_reset(s) }
        while true {
            let rc = sqlite3_step(s)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: rc),
                                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
            try body(s)
        }
    }

    static func text(_ s: OpaquePointer, _ column: Int32) -> String {
        guard let p = sqlite3_column_text(s, column) else { return "" }
        let n = Int(sqlite3_column_bytes(s, column))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    static func bytes(_ s: OpaquePointer, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: sqlite3_column_text(s, column), count: Int(sqlite3_column_bytes(s, column)))
    }

    static func blob(_ s: OpaquePointer, _ column: Int32) -> UnsafeRawBufferPointer {
        let n = Int(sqlite3_column_bytes(s, column))
        guard let p = sqlite3_column_blob(s, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: p, count: n)
    }
}
