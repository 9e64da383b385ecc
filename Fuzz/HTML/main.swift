import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    HTMLFuzzing.run(FuzzDriver.bytes(data, size))
    return 0
}

FuzzDriver.main("FuzzHTML", reads: "page reading, extraction and classification", entry: fuzzHTML)
