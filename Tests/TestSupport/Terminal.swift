import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension CLI {
    /// Runs the built binary with its stderr on a pseudo-terminal (so `isatty(2)` is true, as
    /// in a user's shell) and stdout on a pipe; returns what each received. The terminal is
    /// put in raw mode so the bytes are the program's own (no `\n` → `\r\n`).
    package static func runOnTerminal(_ args: [String], cwd: String? = nil) throws -> Result {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0, PTY.grantpt(master) == 0, PTY.unlockpt(master) == 0, let name = PTY.ptsname(master) else {
            throw CocoaError(.fileReadUnknown)
        }
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        var mode = termios()
        tcgetattr(slave, &mode)
        cfmakeraw(&mode)
        tcsetattr(slave, TCSANOW, &mode)
        var size = winsize(ws_row: 24, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

        let process = Process()
        process.executableURL = binary
        process.arguments = args
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let output = Pipe()
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = output
        process.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: false)

        // Read the terminal as the program writes to it, so it never blocks on a full buffer.
        let reader = TerminalReader(master)
        let thread = Thread { reader.readToEnd() }
        thread.start()
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        close(slave)  // the last writer gone, reading the master ends (EIO)
        let err = reader.wait()
        close(master)
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }
}

/// glibc's pseudo-terminal calls, which Swift's Glibc module leaves out (they need
/// `_XOPEN_SOURCE`): looked up in the C library itself.
private enum PTY {
    private typealias FDCall = @convention(c) (Int32) -> Int32
    private typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("no \(name) in libc") }
        return unsafeBitCast(pointer, to: type)
    }

    static func grantpt(_ fd: Int32) -> Int32 { symbol("grantpt", as: FDCall.self)(fd) }
    static func unlockpt(_ fd: Int32) -> Int32 { symbol("unlockpt", as: FDCall.self)(fd) }
    static func ptsname(_ fd: Int32) -> UnsafeMutablePointer<CChar>? { symbol("ptsname", as: NameCall.self)(fd) }
}

private final class TerminalReader: @unchecked Sendable {
    private let fd: Int32
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ fd: Int32) { self.fd = fd }

    func readToEnd() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 { bytes += buffer[0..<n]; continue }
            if n < 0, errno == EINTR { continue }
            break
        }
        done.signal()
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}
