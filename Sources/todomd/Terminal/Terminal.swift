import Foundation

/// Questions asked at a terminal.
enum Terminal {
    /// Whether stdin is a terminal someone can answer at.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// Asks `question [y/N]` on stderr and reads the answer: yes only for `y` or `yes`.
    static func ask(_ question: String) -> Bool {
        FileHandle.standardError.write(Data((question + " [y/N] ").utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
