import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExplain(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ExplainFuzzing.run(FuzzDriver.bytes(data, size))
    return 0
}

FuzzDriver.main("FuzzExplain", reads: "explain requests and their verdicts", entry: fuzzExplain)
