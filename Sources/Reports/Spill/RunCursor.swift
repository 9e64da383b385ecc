/// Reads one spilled run back, a record at a time, through a buffer of its own (the
/// file may hold many runs; only this run's range is read).
struct RunCursor<Record: SpillRecord> {
    private let file: SpillFile
    private var offset: Int
    private let end: Int
    private var buffer: [UInt8]
    private var start = 0
    private var filled = 0
    private let decode = Record.decoder()

    init(file: SpillFile, range: Range<Int>, bufferSize: Int = 1 << 16) {
        self.file = file
        offset = range.lowerBound
        end = range.upperBound
        buffer = [UInt8](repeating: 0, count: min(bufferSize, max(range.count, 16)))
    }

    mutating func next() -> Record? {
        while true {
            let (from, to) = (start, filled)
            let decoded = buffer.withUnsafeBufferPointer { bytes -> (record: Record, size: Int)? in
                let window = UnsafeBufferPointer(rebasing: bytes[from..<to])
                guard let (length, prefix) = SpillBytes.recordLength(window, at: 0), prefix + length <= window.count else {
                    return nil
                }
                return (decode(UnsafeBufferPointer(rebasing: window[prefix..<prefix + length])), prefix + length)
            }
            if let decoded {
                start += decoded.size
                return decoded.record
            }
            guard refill() else { return nil }
        }
    }

    /// Moves the unread bytes to the front and reads more; grows the buffer for a record
    /// longer than it. False at the end of the run.
    private mutating func refill() -> Bool {
        guard offset < end else { return false }
        let unread = filled - start
        let (from, to) = (start, filled)
        if unread > 0, from > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + from, byteCount: to - from)  // memmove
            }
        }
        start = 0
        filled = unread
        if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        let wanted = min(buffer.count - filled, end - offset)
        let (at, into, file) = (offset, filled, file)
        let count = buffer.withUnsafeMutableBytes { bytes in
            file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[into..<into + wanted]), at: at)
        }
        guard count > 0 else { return false }
        filled += count
        offset += count
        return true
    }
}
