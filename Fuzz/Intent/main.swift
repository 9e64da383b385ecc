import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIntent(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    IntentFuzzing.run(FuzzDriver.bytes(data, size))
    return 0
}

FuzzDriver.main("FuzzIntent", reads: "intent: URI parsing and the clients that launch it", entry: fuzzIntent)
