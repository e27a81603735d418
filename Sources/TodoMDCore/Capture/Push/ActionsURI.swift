import Foundation

/// Obsidian's Actions URI (the Actions URI plugin by Carlo Zottmann) for a push to a vault that
/// lives on another machine (spec 002 §6 steps 3–6): today's entries go to
/// `daily-note/append`, another day's to `note/append` with the note's path; the plugin opens
/// `x-success` or `x-error` when done, which marks the entries synced or keeps them queued.
public enum ActionsURI {
    /// The URI appending `content` to the daily note of `date`.
    /// - Parameters:
    ///   - notePath: the day's note, vault-relative (used for days other than today).
    ///   - heading: appended under this heading (`below-headline`), when set.
    ///   - success, failure: the callback URLs.
    public static func append(vault: String, date: LocalDate, today: LocalDate, notePath: String, content: String,
                              heading: String?, success: String?, failure: String?) -> String {
        var query: [(String, String)] = [("vault", vault)]
        let action: String
        if date == today {
            action = "daily-note/append"
        } else {
            action = "note/append"
            query.append(("file", notePath.hasSuffix(".md") ? String(notePath.dropLast(3)) : notePath))
        }
        query.append(("content", content))
        if let heading, !heading.isEmpty { query.append(("below-headline", heading)) }
        query += [("ensure-newline", "true"), ("create-if-not-found", "true"), ("silent", "true")]
        if let success { query.append(("x-success", success)) }
        if let failure { query.append(("x-error", failure)) }
        return "obsidian://actions-uri/" + action + "?" + query.map { $0.0 + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters (Obsidian asks for `/`
    /// as `%2F` and spaces as `%20`).
    public static func encode(_ s: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }
}
