/// Whether bytes are all ASCII (each below 0x80), read eight at a time: asked of an
/// `intent:` URI by the classifier's common-shape parse and by the scheme inventory's
/// package memo, which must agree on which URIs they take.
public enum ASCIIBytes {
    @inlinable
    public static func all(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var k = 0
        var high: UInt64 = 0
        while k + 8 <= raw.count {
            high |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            k += 8
        }
        while k < raw.count {
            high |= UInt64(raw[k])
            k += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
