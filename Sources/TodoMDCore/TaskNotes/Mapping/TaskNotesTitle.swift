import Foundation

/// Where a task's semantic title lives (tasknotes-spec §9.13 `title.storage`).
public enum TaskNotesTitleStorage: String, Sendable, CaseIterable {
    /// The mapped title key is authoritative; the file name comes from `filename_format`.
    case frontmatter
    /// The file basename is the title; a frontmatter title is at most a mirror.
    case filename
}

/// Semantic title resolution (tasknotes-spec §2.2.2, §9.13).
public enum TaskNotesTitle {
    /// The resolved title, or nil when neither source yields one (`unresolvable_title`).
    ///
    /// - frontmatter storage: the display key, then the title role (canonical key, then its
    ///   alias spelling), when non-blank; then the file basename.
    /// - filename storage: the basename first, then the frontmatter candidates.
    /// A frontmatter value is returned as written; blank values do not count.
    public static func resolve(frontmatter: [(String, JSONValue)], mapping: TaskNotesFieldMapping,
                               path: String?, storage: TaskNotesTitleStorage = .frontmatter) -> String? {
        let fromFrontmatter = frontmatterTitle(frontmatter, mapping: mapping)
        let fromPath = path.flatMap(basename)
        switch storage {
        case .frontmatter: return fromFrontmatter ?? fromPath
        case .filename: return fromPath ?? fromFrontmatter
        }
    }

    /// Whether the frontmatter title and the basename both exist and differ
    /// (`title_source_conflict`, §2.2.2). For validation and diagnostics: resolution itself
    /// just follows the storage policy.
    public static func sourcesConflict(frontmatter: [(String, JSONValue)], mapping: TaskNotesFieldMapping, path: String?) -> Bool {
        guard let a = frontmatterTitle(frontmatter, mapping: mapping), let b = path.flatMap(basename) else { return false }
        return a != b
    }

    static func frontmatterTitle(_ frontmatter: [(String, JSONValue)], mapping: TaskNotesFieldMapping) -> String? {
        func usable(_ v: JSONValue?) -> String? {
            guard case .string(let s)? = v, !s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return s
        }
        if let s = usable(TaskNotesMembers.value(frontmatter, mapping.displayNameKey)) { return s }
        return usable(mapping.value(of: .title, in: frontmatter)?.value)
    }

    /// The note name (`MarkdownTaskFormat.noteName`; a backslash also separates folders), trimmed;
    /// nil when blank.
    public static func basename(_ path: String) -> String? {
        let name = MarkdownTaskFormat.noteName(path.replacingOccurrences(of: "\\", with: "/")).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }
}
