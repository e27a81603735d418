import Foundation

/// The outcome of resolving a link (tasknotes-spec §11.4 step 6, §11.5).
public enum TaskNotesLinkResolution: Equatable, Sendable {
    /// The normalized collection-relative path the link designates.
    case path(String)
    /// No file matches a simple name (`unresolved_link_target`, a warning by default).
    case unresolved
    /// Several files match a simple name (`ambiguous_link`); the candidates, sorted.
    case ambiguous([String])
    /// The target escapes the collection root (`path_traversal`, always an error).
    case pathTraversal

    /// The §11.10 issue code, nil when resolved.
    public var issueCode: String? {
        switch self {
        case .path: return nil
        case .unresolved: return "unresolved_link_target"
        case .ambiguous: return "ambiguous_link"
        case .pathTraversal: return "path_traversal"
        }
    }
}

/// Resolves parsed links to collection-relative paths (tasknotes-spec §11.4).
///
/// Path-qualified targets (markdown links, bare paths, wikilinks with a `/` or a `./`/`../`
/// prefix) are computed from the link alone; `files` only picks the extension of an
/// extensionless one, and whether the file exists is the caller's check. Simple wikilink names
/// are searched in `files` (the role's search scope, §11.4 step 3): first by `ids`, then by
/// filename.
public struct TaskNotesLinkResolver: Sendable {
    /// Extension trial order for extensionless targets (`links.extensions`, default `[".md"]`).
    public var extensions: [String]
    /// Collection-relative paths of the files in the search scope.
    public var files: [String]
    /// Semantic `id` values by collection-relative path (§11.4 step 3.2).
    public var ids: [String: String]

    /// An empty `extensions` list means the default `[".md"]`.
    public init(extensions: [String] = [".md"], files: [String] = [], ids: [String: String] = [:]) {
        self.extensions = extensions.isEmpty ? [".md"] : extensions
        self.files = files
        self.ids = ids
    }

    /// Where `link`, written in the file at collection-relative `sourcePath`, points (§11.4):
    /// markdown links and paths resolve against the source's folder (a leading `/`: the root);
    /// `./`/`../` wikilinks likewise but may not climb back to the root; other wikilinks with a
    /// `/` are root-relative; a simple wikilink name is looked up by `ids`, then by file name
    /// in `files` (`unresolved` or `ambiguous` unless exactly one). A path leaving the
    /// collection is `pathTraversal`. An extensionless path takes the first of `extensions`
    /// naming a file in `files`, else the first extension.
    public func resolve(_ link: TaskNotesLink, from sourcePath: String) -> TaskNotesLinkResolution {
        let target = link.target.replacingOccurrences(of: "\\", with: "/")
        let sourceDir = Self.components(sourcePath).dropLast()
        switch link.format {
        case .markdown, .path:
            let base = target.hasPrefix("/") ? [] : Array(sourceDir)
            guard let p = Self.normalize(base, target, mayReachRoot: true) else { return .pathTraversal }
            return .path(withExtension(p))
        case .wikilink:
            if link.isRelative {
                // A relative wikilink that climbs to the collection root counts as escaping it:
                // §11.5's table gives `[[../../secrets/key]]` from `deep/nested/file.md` as
                // `path_traversal` (root-level targets are written root-qualified instead).
                guard let p = Self.normalize(Array(sourceDir), target, mayReachRoot: false) else { return .pathTraversal }
                return .path(withExtension(p))
            }
            if target.hasPrefix("/") || target.contains("/") {
                guard let p = Self.normalize([], target, mayReachRoot: true) else { return .pathTraversal }
                return .path(withExtension(p))
            }
            return simpleName(target)
        }
    }

    /// §11.4 step 3: an `id` match wins; otherwise files named `target` (trying `extensions` in
    /// order when it has none), one per path after dropping the extension (steps 4–5).
    func simpleName(_ name: String) -> TaskNotesLinkResolution {
        let scope = Set(files.compactMap { Self.normalize([], $0, mayReachRoot: true) })
        let idMatches = scope.filter { ids[$0] == name || ids["/" + $0] == name }.sorted()
        if idMatches.count == 1 { return .path(idMatches[0]) }
        if idMatches.count > 1 { return .ambiguous(idMatches) }

        // Candidate files by their path without extension, keeping the best-ranked extension.
        var best: [String: (rank: Int, path: String)] = [:]
        let explicit = Self.hasExtension(name)
        for file in scope {
            let base = Self.components(file).last ?? ""
            let rank: Int
            if explicit {
                guard base == name else { continue }
                rank = 0
            } else {
                guard let i = extensions.firstIndex(where: { base == name + $0 }) else { continue }
                rank = i
            }
            let stem = explicit ? file : String(file.dropLast(extensions[rank].count))
            if let b = best[stem], b.rank <= rank { continue }
            best[stem] = (rank, file)
        }
        switch best.count {
        case 0: return .unresolved
        case 1: return .path(best.values.first!.path)
        default: return .ambiguous(best.values.map(\.path).sorted())
        }
    }

    /// §11.4 step 4: an extensionless target gets the first configured extension whose file is
    /// known, else the first configured extension.
    func withExtension(_ path: String) -> String {
        guard !Self.hasExtension(Self.components(path).last ?? "") else { return path }
        let known = Set(files.compactMap { Self.normalize([], $0, mayReachRoot: true) })
        return extensions.first { known.contains(path + $0) }.map { path + $0 } ?? path + extensions[0]
    }

    static func components(_ path: String) -> [String] {
        path.replacingOccurrences(of: "\\", with: "/").split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// `base` joined with `path`, `.` and `..` applied; nil when `..` leaves the root (or, unless
    /// `mayReachRoot`, climbs back to it).
    static func normalize(_ base: [String], _ path: String, mayReachRoot: Bool) -> String? {
        var stack = path.hasPrefix("/") ? [] : base
        for part in components(path) {
            switch part {
            case ".": continue
            case "..":
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                if stack.isEmpty, !mayReachRoot { return nil }
            default: stack.append(part)
            }
        }
        return stack.isEmpty ? nil : stack.joined(separator: "/")
    }

    /// A last path component ending in `.ext`: 1–8 letters and digits, at least one a letter.
    static func hasExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...]
        return (1...8).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && ext.contains { $0.isLetter }
    }
}
