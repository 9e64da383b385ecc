import Foundation

/// What every fuzzing harness (`Fuzz/`, README "Fuzzing") shares: the program's entry and
/// the input as bytes. A harness defines `LLVMFuzzerTestOneInput` and calls
/// `FuzzDriver.main` from its `main.swift`.
///
/// Under libFuzzer (`-DFUZZING`) the entry hands over to libFuzzer's driver
/// (`LLVMFuzzerRunDriver`, looked up at run time so that this file builds without it):
/// SwiftPM names every executable's entry point after its module, so libFuzzer's own
/// `main` cannot be the one that runs. Otherwise it replays the files (or every file of the
/// folders) named, with no libFuzzer at all: `swift run FuzzHTML crash-…`.
public enum FuzzDriver {
    /// libFuzzer's `LLVMFuzzerTestOneInput`.
    public typealias Entry = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    public static func main(_ name: String, reads: String, entry: Entry) -> Never {
        #if FUZZING
        typealias Driver = @convention(c) (
            UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
            Entry) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") else {
            fatalError("libFuzzer is not linked in: build with -Xswiftc -sanitize=fuzzer")
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(unsafeBitCast(symbol, to: Driver.self)(&argc, &argv, entry))
        #else
        exit(replay(CommandLine.arguments.dropFirst(), name: name, reads: reads, entry: entry))
        #endif
    }

    /// The bytes libFuzzer hands over, as the parsers take them.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// Runs the harness on each file, and says which passed (a failing one stops the run
    /// with its trap, as under libFuzzer). Exit 2 when a file cannot be read.
    static func replay(_ paths: ArraySlice<String>, name: String, reads: String, entry: Entry) -> Int32 {
        if paths.isEmpty {
            print("usage: \(name) FILE|FOLDER... (runs each input through \(reads); build with -DFUZZING for libFuzzer)")
            return 2
        }
        var status: Int32 = 0
        for path in paths.flatMap(files) {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                status = 2
                continue
            }
            _ = data.withUnsafeBytes { entry($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }
            print("\(path): ok")
        }
        return status
    }

    /// A folder's files in name order (a corpus, a fixture folder); any other path as is.
    private static func files(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [path] }
        return names.sorted().map { path + "/" + $0 }.filter {
            var sub: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &sub) && !sub.boolValue
        }
    }
}
