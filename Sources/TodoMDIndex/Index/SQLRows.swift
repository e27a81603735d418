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

/// A value to bind to a statement parameter.
enum SQLValue {
    case int(Int64)
    case text(String?)
    case blob([UInt8])
}

/// Binds and steps a prepared statement with SQLite's C API: on a cold index this runs a few
/// hundred thousand times on the one thread that writes.
enum SQLBind {
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func run(_ statement: Statement, _ values: [SQLValue], _ db: Database) throws {
        let s = statement.sqliteStatement
        sqlite3_reset(s)
        for (i, v) in values.enumerated() {
            let n = Int32(i + 1)
            switch v {
            case .int(let x): sqlite3_bind_int64(s, n, x)
            case .text(nil): sqlite3_bind_null(s, n)
            case .text(var t?):
                t.withUTF8 { b in _ = sqlite3_bind_text(s, n, UnsafeRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(b.count), transient) }
            case .blob(let b):
                b.withUnsafeBytes { r in _ = sqlite3_bind_blob(s, n, r.baseAddress, Int32(r.count), transient) }
            }
        }
        let rc = sqlite3_step(s)
        sqlite3_reset(s)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
