import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWARC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    WARCFuzzing.run(FuzzDriver.bytes(data, size))
    return 0
}

FuzzDriver.main("FuzzWARC", reads: "WARC and gzip reading", entry: fuzzWARC)
