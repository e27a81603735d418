import Foundation
import TodoMDCore

extension TodoService {
    /// The vault's `.theme.json` (no file: `theme` nil, the app's default look).
    public func theme() -> ThemeFile {
        locked { ThemeFile.load(root: root) }
    }

    /// Saves the theme document as sent (unknown keys and key order kept); `expected` is the
    /// version the caller read (nil: overwrite whatever is there). Undoable like every write.
    public func saveTheme(_ theme: JSONValue, expected: String?) throws -> ThemeFile {
        try locked {
            try requireVault()
            return try ThemeFile.save(theme, expected: expected, root: root)
        }
    }
}
