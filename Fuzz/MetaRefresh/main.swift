import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMetaRefresh(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    MetaRefreshFuzzing.run(FuzzDriver.bytes(data, size))
    return 0
}

FuzzDriver.main("FuzzMetaRefresh", reads: "the refresh parser and a page holding it", entry: fuzzMetaRefresh)
