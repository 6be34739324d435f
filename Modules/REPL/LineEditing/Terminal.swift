import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum Terminal {
    /// Whether a person types at standard input: it is a terminal. Standard output may go to a
    /// pipe or a file (`agora | tee log`), as with psql; prompts are then drawn on standard error.
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) != 0
    }

    /// Whether standard output is a terminal: when it is not, dates use plain spaces.
    public static var isOutputInteractive: Bool {
        isatty(STDOUT_FILENO) != 0
    }

    /// Whether standard error is a terminal (where a spinner may be drawn).
    public static var isErrorInteractive: Bool {
        isatty(STDERR_FILENO) != 0
    }

    /// Whether output may be coloured: only on a terminal, and never when `NO_COLOR` is set to
    /// a non-empty value (https://no-color.org).
    public static func allowsColor(environment: [String: String], isTerminal: Bool) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// `text` dimmed, for a libedit prompt: the escape sequences sit between `\u{1}` markers
    /// (readline's RL_PROMPT_START_IGNORE), so libedit does not count them as columns.
    public static func dimmedPromptText(_ text: String) -> String {
        "\u{1}\u{1B}[2m\u{1}" + text + "\u{1}\u{1B}[0m\u{1}"
    }

    /// Columns of the terminal on stdout (TIOCGWINSZ), else `$COLUMNS`, else 80.
    public static var width: Int { width(of: STDOUT_FILENO) }

    /// Columns of the terminal on `descriptor` (TIOCGWINSZ), else `$COLUMNS`, else 80.
    public static func width(of descriptor: Int32) -> Int {
        let columns = ceditline_terminal_columns(descriptor)
        return columns > 0 ? Int(columns) : environmentSize("COLUMNS") ?? 80
    }

    /// Rows of the terminal on `descriptor` (TIOCGWINSZ), else `$LINES`, else 24.
    public static func rows(of descriptor: Int32) -> Int {
        let rows = ceditline_terminal_rows(descriptor)
        return rows > 0 ? Int(rows) : environmentSize("LINES") ?? 24
    }

    private static func environmentSize(_ name: String) -> Int? {
        guard let raw = getenv(name), let value = Int(String(cString: raw)), value > 0 else { return nil }
        return value
    }
}
