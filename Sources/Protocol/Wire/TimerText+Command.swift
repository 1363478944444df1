extension TimerText {
    /// Longest `exec` command, in bytes: a line of a shell script, never a script's worth.
    public static let maxCommandBytes = 4_096

    /// Nil when `command` can be a timer's `exec`: shell text of at most `maxCommandBytes`,
    /// tabs and newlines allowed (a small script), no other control character. It is shown by
    /// `show`, so it may not hold what reorders text on a terminal either.
    public static func problem(withCommand command: String) -> String? {
        if command.utf8.count > maxCommandBytes {
            return "The command is too long; give at most \(maxCommandBytes) bytes, or put it in a script and give the script's path."
        }
        if command.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && isControl($0) }) {
            return "The command contains a control character; use printable text (tabs and newlines are fine)."
        }
        if command.unicodeScalars.contains(where: isBidiFormatting) {
            return "The command contains \(bidiFormattingProblem)"
        }
        return nil
    }
}
