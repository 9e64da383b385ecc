import Foundation

// The command line only: parse arguments, call the library, map errors to exit codes.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
fflush(stdout)
exit(status)
