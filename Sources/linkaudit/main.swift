import Foundation
import Reports

// The command line only: parse arguments, call the library, map errors to exit codes.
// A reader that goes away (`linkaudit explain … | head -1`) makes writes fail with EPIPE
// instead of killing the process, and a file size limit (`ulimit -f`) makes them fail with
// EFBIG instead of SIGXFSZ, so every write failure ends the same way: exit 3.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
setvbuf(stdout, nil, _IOFBF, 1 << 16)
var status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
if fflush(stdout) != 0 || ferror(stdout) != 0 {
    StandardError.line("linkaudit: cannot write to standard output: \(String(cString: strerror(errno)))")
    status = 3
}
if StandardError.failed { status = 3 }
exit(status)
