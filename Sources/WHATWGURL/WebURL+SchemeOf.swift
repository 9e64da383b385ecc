// A cheap scheme check for raw attribute values, for hot paths that only need to know
// what kind of link something is ("javascript:", "intent:", "tel:", relative …).

extension WebURL {
    /// The lower-cased scheme a browser would see in `input` (after stripping leading
    /// C0 controls and spaces and ignoring ASCII tabs and newlines), or nil when the input
    /// is a relative reference. This is lexical: it does not check that the rest parses
    /// ("http://[" has scheme "http" here but `parse` rejects it).
    ///
    /// Allocates nothing for schemes of up to 15 bytes (Swift's small-string size).
    public static func schemeOf(_ input: String) -> String? {
        if let result = input.utf8.withContiguousStorageIfAvailable(scheme(in:)) { return result }
        // Bridged or otherwise non-contiguous strings: copy the bytes once.
        return Array(input.utf8).withUnsafeBufferPointer(scheme(in:))
    }

    private static func scheme(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var start = 0
        while start < bytes.count, bytes[start] <= 0x20 { start += 1 }
        guard start < bytes.count, Byte.isAlpha(bytes[start]) else { return nil }
        var length = 0
        var needsCopy = false  // upper-case letters, or tabs/newlines inside the scheme
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.colon { break }
            if byte == 0x09 || byte == 0x0A || byte == 0x0D {
                needsCopy = true
            } else if Byte.isAlpha(byte) || Byte.isDigit(byte) || byte == Byte.plus || byte == Byte.minus
                        || byte == Byte.dot {
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { needsCopy = true }
                length += 1
            } else {
                return nil
            }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let colon = index
        if !needsCopy {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<colon]), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var count = 0
            for byte in bytes[start..<colon] where byte != 0x09 && byte != 0x0A && byte != 0x0D {
                buffer[count] = Byte.isAlpha(byte) ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }
}
