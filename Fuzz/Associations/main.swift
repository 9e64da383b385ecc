import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssociations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    AssociationsFuzzing.run(FuzzDriver.bytes(data, size))
    return 0
}

FuzzDriver.main("FuzzAssociations", reads: "AASA and assetlinks.json reading and matching", entry: fuzzAssociations)
