import Glibc
import SegmentedTitles
import SegmentedX11

let programName = "segmented-demo"
let version = "0.1.0"

/// One line on stderr (control characters in echoed input are escaped) and exit.
func fail(_ message: String, status: Int32) -> Never {
    ProcessOutput.error("\(programName): \(TerminalText.oneLine(message))")
    exit(status)
}

/// One warning line on stderr, escaped as `fail` escapes; the program goes on.
func warn(_ message: String) {
    ProcessOutput.error("\(programName): warning: \(TerminalText.oneLine(message))")
}

/// Prints `text` on stdout and exits 0; exits 1 with a message when stdout
/// cannot take it (`--help >/dev/full`), as GNU tools do.
func printAndExit(_ text: String, newline: Bool = true) -> Never {
    guard ProcessOutput.write(newline ? text + "\n" : text, to: 1) else {
        fail("cannot write to standard output: \(String(cString: strerror(errno)))", status: 1)
    }
    exit(0)
}
