import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinksJSONL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LinksJSONLFuzzing.run(FuzzDriver.bytes(data, size))
    return 0
}

FuzzDriver.main("FuzzLinksJSONL", reads: "links.jsonl and pages.jsonl reading and the reports rebuilt from them", entry: fuzzLinksJSONL)
