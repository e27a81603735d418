import Foundation

/// The cache's tables. The cache is disposable: a file with another `user_version`, another
/// vault or other parse settings is dropped and rebuilt, never migrated.
enum IndexSchema {
    /// Bump on any change to the tables or to `TaskCodec`'s layout.
    static let version = 14

    static let create = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        -- One row per Markdown file: its identity as last read, and what it held.
        CREATE TABLE files (
            path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL,  -- FileStamp.changeTime (mtime and ctime)
            inode INTEGER NOT NULL,
            fingerprint INTEGER NOT NULL,
            kind INTEGER NOT NULL,   -- 0 nothing, 1 task file, 2 note with checkbox tasks, 3 special note
            problem TEXT             -- why the file could not be read fully (reasons separated by U+001E)
        ) WITHOUT ROWID;
        -- One row per task: the columns views prefilter on, small so a scan of them is fast
        -- (the file's fingerprint is repeated here so a load needs no join).
        CREATE TABLE tasks (
            id INTEGER PRIMARY KEY, path TEXT NOT NULL, ord INTEGER NOT NULL, fingerprint INTEGER NOT NULL,
            status TEXT NOT NULL, due TEXT, defer TEXT, scheduled TEXT, flagged INTEGER NOT NULL,
            priority TEXT NOT NULL, line INTEGER,  -- line: a checkbox task's (0-based), NULL for a task file
            area_key TEXT, project_key TEXT, tags_key TEXT NOT NULL, title_key TEXT NOT NULL,
            handle TEXT NOT NULL,  -- TaskHandle.hash of the task's id
            name_key TEXT          -- TaskDependencies.lookupKey: what a parent or dependency names it by
        );
        -- The whole task (`TaskCodec`), by task id.
        CREATE TABLE task_data (id INTEGER PRIMARY KEY, data BLOB NOT NULL);
        CREATE INDEX tasks_path ON tasks(path);
        CREATE INDEX tasks_handle ON tasks(handle);
        CREATE INDEX tasks_name ON tasks(name_key) WHERE name_key IS NOT NULL;
        -- What each task names as its parent or dependency (TaskDependencies.referenceKeys): a
        -- view loads the tasks its tasks name, and those naming them, not the whole vault.
        CREATE TABLE refs (task INTEGER NOT NULL, name TEXT NOT NULL);
        CREATE INDEX refs_task ON refs(task);
        CREATE INDEX refs_name ON refs(name);
        -- Small partial indexes, so a load touches only the rows it needs: Today's dates (SQLite
        -- answers the OR of the three through them), special notes, files with problems.
        CREATE INDEX tasks_due ON tasks(due) WHERE due IS NOT NULL;
        CREATE INDEX tasks_scheduled ON tasks(scheduled) WHERE scheduled IS NOT NULL;
        CREATE INDEX tasks_defer ON tasks(defer) WHERE defer IS NOT NULL;
        CREATE INDEX files_special ON files(kind) WHERE kind = 3;
        CREATE INDEX files_problems ON files(kind) WHERE problem IS NOT NULL;
        -- Tasks as they were before their file changed or went (newest `historyLimit` rows), by
        -- version: the base a stale edit is merged against (see `TaskIndex.task(path:version:)`).
        CREATE TABLE history (seq INTEGER PRIMARY KEY, path TEXT NOT NULL, version TEXT NOT NULL, data BLOB NOT NULL);
        CREATE INDEX history_version ON history(path, version);
        -- Files whose names may be sync-conflict copies (few; checked by the service).
        CREATE TABLE copies (path TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE VIRTUAL TABLE fts USING fts5(title, description, tags, body, tokenize = 'unicode61 remove_diacritics 2');
        """

    static let tables: Set<String> = ["meta", "files", "tasks", "task_data", "history", "copies", "fts", "refs"]

    /// How many earlier task versions the history keeps.
    static let historyLimit = 2000

    static let drop = """
        DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS tasks; DROP TABLE IF EXISTS task_data; DROP TABLE IF EXISTS history; DROP TABLE IF EXISTS copies; DROP TABLE IF EXISTS refs; DROP TABLE IF EXISTS fts;
        """
}

/// What a file held, as the `files.kind` column stores it.
enum FileKind: Int {
    case nothing = 0, taskFile = 1, noteWithTasks = 2
    /// A type definition, saved view, typed item or broken definition: re-read on every load
    /// (they are few, and their parsed forms are not worth a codec).
    case special = 3
}
