extension ByteBuffer {
    /// `value` in decimal digits, as `String(value)` writes it: the one integer printer of
    /// the reports. The digits are counted first, then stored from the last one back.
    mutating func append(decimal value: Int) {
        write(maxBytes: 20) { start in
            var p = start
            if value < 0 {
                p.pointee = 0x2D
                p += 1
            }
            let magnitude = value.magnitude
            var digits = 1
            var rest = magnitude / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            var n = magnitude
            var k = digits
            repeat {
                k -= 1
                p[k] = 0x30 + UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while k > 0
            return p + digits - start
        }
    }
}
