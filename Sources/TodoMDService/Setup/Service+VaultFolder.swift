import Foundation
import TodoMDCore

extension TodoService {
    /// Checks the vault folder before a command uses it. Reading a vault that does not exist (or
    /// is not a folder) is an error naming the path and how it was chosen, never an empty list:
    /// a mistyped `--vault` must not look like a vault with nothing to do. With `creating` (a
    /// command that makes a task), the default vault (`~/todo.md`) is created; the returned line
    /// says so, once. Any other vault is never created by accident (a mistyped `--vault`).
    public func prepareVault(creating: Bool) throws -> String? {
        var st = stat()
        let chosen = options.vaultOrigin.map { " (chosen by \($0))" } ?? ""
        if stat(root, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw TodoError.io(path: root, reason: "is not a folder, so it cannot be the vault\(chosen)")
            }
            return nil
        }
        if creating, options.mayCreateVault {
            do { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) } catch {
                throw TodoError.io(path: root, reason: "cannot create the vault folder: \(error.localizedDescription)")
            }
            return "created the vault folder \(root)"
        }
        let how = options.mayCreateVault
            ? "; `todomd add` creates it, or name another with --vault or TODOMD_VAULT"
            : "; create it with `mkdir -p`, or fix the path"
        throw TodoError.io(path: root, reason: "no vault here\(chosen)\(how)")
    }

    /// Throws when the vault folder is missing (see `prepareVault`).
    func requireVault() throws { _ = try prepareVault(creating: false) }
}
