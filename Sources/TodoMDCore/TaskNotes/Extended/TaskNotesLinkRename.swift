import Foundation

/// Rewriting link references when a file moves (tasknotes-spec §11.9).
public enum TaskNotesLinkRename {
    /// What happened to one reference.
    public enum Outcome: Equatable, Sendable {
        /// It pointed at the old path; this is its rewritten text.
        case rewritten(String)
        /// It points elsewhere (or could not be parsed or resolved) and is left as written.
        case unchanged
        /// It could be the renamed file but cannot be decided (an ambiguous simple name, or a
        /// relative path without a known source file): reported, left as written.
        case undecided
    }

    /// Rewrites `reference` if it designates `oldPath`, keeping its format, alias and anchor
    /// (§11.9 items 3–4); with `dropAliasAndAnchor` (a `blocked_by.uid`, §11.6) both go.
    ///
    /// Simple wikilink names match the old file's name and are rewritten to the new one's;
    /// path-qualified targets are resolved from `sourcePath` (when nil, only root-relative
    /// targets can be decided) and rewritten in the same style: extension kept or omitted as
    /// written, relative paths kept relative.
    public static func rewrite(_ reference: String, oldPath: String, newPath: String, sourcePath: String? = nil,
                               resolver: TaskNotesLinkResolver = TaskNotesLinkResolver(),
                               dropAliasAndAnchor: Bool = false) -> Outcome {
        guard var link = try? TaskNotesLink.parse(reference),
              let old = TaskNotesLinkResolver.normalize([], oldPath, mayReachRoot: true),
              let new = TaskNotesLinkResolver.normalize([], newPath, mayReachRoot: true) else { return .unchanged }
        let target = link.target
        let keepsExtension = TaskNotesLinkResolver.hasExtension(TaskNotesLinkResolver.components(target).last ?? "")
        func stem(_ p: String) -> String {
            TaskNotesLinkResolver.hasExtension(TaskNotesLinkResolver.components(p).last ?? "")
                ? String(p[..<p.lastIndex(of: ".")!]) : p
        }

        let simple = link.format == .wikilink && !link.isRelative && !target.contains("/")
        if simple {
            let oldName = TaskNotesLinkResolver.components(old).last ?? ""
            guard target == stem(oldName) || target == oldName else { return .unchanged }
            // With other files of the same name in scope the name may mean another file.
            var scope = resolver
            if !scope.files.contains(old) { scope.files.append(old) }
            switch scope.simpleName(target) {
            case .path(let p) where p == old: break
            case .ambiguous: return .undecided
            default: return .unchanged
            }
            let newName = TaskNotesLinkResolver.components(new).last ?? ""
            link.target = keepsExtension ? newName : stem(newName)
            // §11.6: path-qualify when the new name would be ambiguous in the scope.
            scope.files = scope.files.filter { $0 != old } + [new]
            if scope.simpleName(link.target) != .path(new) { link.target = keepsExtension ? new : stem(new) }
        } else {
            // A relative path needs the referring file's folder to be decided.
            if sourcePath == nil, link.isRelative { return .undecided }
            let dir = TaskNotesLinkResolver.components(sourcePath ?? "").dropLast()
            guard case .path(let resolved) = resolver.resolve(link, from: sourcePath ?? ""), resolved == old else {
                return .unchanged
            }
            var written: String
            if target.hasPrefix("/") {
                written = "/" + new
            } else if link.format == .wikilink && !link.isRelative {
                written = new
            } else {
                // Relative wikilinks, markdown links and bare paths are relative to the referring
                // file's folder.
                written = relativePath(from: dir, to: new)
                // Drop a `./` the original did not have, where the result still parses the same.
                let rest = written.dropFirst(2)
                if !target.hasPrefix("./"), written.hasPrefix("./"), link.format == .markdown || (link.format == .path && rest.contains("/")) {
                    written = String(rest)
                }
                // A relative wikilink may not climb to the root (see the resolver): root-qualify.
                if link.format == .wikilink, TaskNotesLinkResolver.normalize(Array(dir), written, mayReachRoot: false) == nil {
                    written = new
                }
            }
            if !keepsExtension { written = stem(written) }
            link.target = written
        }
        if dropAliasAndAnchor {
            link.alias = nil
            link.anchor = nil
        }
        return .rewritten(link.formatted)
    }

    /// `path` written relative to the folder `dir` (`./x.md`, `../a/x.md`).
    static func relativePath(from dir: ArraySlice<String>, to path: String) -> String {
        let to = TaskNotesLinkResolver.components(path)
        let from = Array(dir)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let ups = from.count - common
        let rest = to[common...].joined(separator: "/")
        return ups == 0 ? "./" + rest : String(repeating: "../", count: ups) + rest
    }
}
