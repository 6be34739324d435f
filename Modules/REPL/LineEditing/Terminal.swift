import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum Terminal {
    /// Whether both stdin and stdout are terminals.
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
    }

    /// Columns of the terminal on stdout (TIOCGWINSZ), else `$COLUMNS`, else 80.
    public static var width: Int {
        let columns = ceditline_terminal_columns(STDOUT_FILENO)
        if columns > 0 {
            return Int(columns)
        }
        if let raw = getenv("COLUMNS"), let value = Int(String(cString: raw)), value > 0 {
            return value
        }
        return 80
    }
}
