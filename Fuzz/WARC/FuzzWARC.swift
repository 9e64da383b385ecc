import PageSources

/// The fuzzing harness for WARC and gzip reading (issue 16): any bytes, as a `.warc` or a
/// `.warc.gz` (by their first two bytes, as a real archive is opened), through the archive
/// scan — gzip members and their resynchronisation, record framing and the Content-Length
/// rule, HTTP responses with their transfer and content codings — and, on their own, as
/// an HTTP response block. A crash, a hang or a broken bound is a finding; each found
/// becomes a test in Tests/PageSourcesTests/WARC/.
///
/// Built with libFuzzer (README, "Fuzzing"):
///   swift build --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product FuzzWARC
/// Built without `FUZZING` it replays files instead: `FuzzWARC crash-…` runs one input,
/// under the debugger if need be, with no libFuzzer at all.
enum WARCFuzzing {
    /// Small, so each input is quick; the bounds scale with it.
    static let maxBody = 64 << 10

    static func run(_ bytes: [UInt8]) {
        let scanner = ArchiveScanner(bytes: bytes, maxBody: maxBody, shown: "fuzz.warc")
        var items = 0
        while let page = scanner.next() {
            items += 1
            // Every page is cut at the limit, however its body was coded.
            precondition(page.body.count <= maxBody, "a page body over the limit: \(page.body.count) bytes")
            // Damage is named by a non-empty byte range or a record.
            if page.damage != nil { precondition(page.file.contains("#"), "damage without a place: \(page.file)") }
            _ = page.responseNavigations()
            // An archive yields at most one item per input byte, plus the end.
            precondition(items <= bytes.count + 2, "more items than bytes")
        }
        if let response = HTTPResponse.parse(bytes, maxBody: maxBody) {
            precondition(response.body.count <= maxBody, "a response body over the limit")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWARC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    WARCFuzzing.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

import Foundation

/// The program's entry. Under libFuzzer (`-DFUZZING`) it hands over to libFuzzer's driver
/// (`LLVMFuzzerRunDriver`, looked up at run time so that this file builds without it):
/// SwiftPM names every executable's entry point after its module, so libFuzzer's own
/// `main` cannot be the one that runs. Otherwise it runs the harness on each file named.
@main
struct FuzzWARCMain {
    static func main() {
        #if FUZZING
        typealias Driver = @convention(c) (
            UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
            @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") else {
            fatalError("libFuzzer is not linked in: build with -Xswiftc -sanitize=fuzzer")
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(unsafeBitCast(symbol, to: Driver.self)(&argc, &argv, fuzzWARC))
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }

    /// Runs the harness on each file, and says which passed.
    static func replay(_ paths: ArraySlice<String>) {
        if paths.isEmpty {
            print("usage: FuzzWARC FILE... (runs each through the WARC harness; build with -DFUZZING for libFuzzer)")
            return
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            WARCFuzzing.run([UInt8](data))
            print("\(path): ok")
        }
    }
}
