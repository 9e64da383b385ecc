// Punycode (RFC 3492), used by IDNA to turn non-ASCII domain labels into "xn--" labels
// and to check that existing "xn--" labels decode.

extension WebURL {
    enum Punycode {
        private static let base = 36
        private static let tMin = 1
        private static let tMax = 26
        private static let skew = 38
        private static let damp = 700
        private static let initialBias = 72
        private static let initialN = 128
        /// Deltas are bounded by this, as in the RFC's overflow handling for 32-bit integers.
        private static let maxValue = Int(UInt32.max)

        /// Encodes code points into Punycode digits (without the "xn--" prefix); nil on overflow.
        static func encode(_ input: [UInt32]) -> [UInt8]? {
            var output: [UInt8] = []
            for scalar in input where scalar < 0x80 { output.append(UInt8(scalar)) }
            let basicCount = output.count
            var handled = basicCount
            if basicCount > 0 { output.append(UInt8(ascii: "-")) }
            var n = initialN
            var delta = 0
            var bias = initialBias
            while handled < input.count {
                var next = Int.max
                for scalar in input where Int(scalar) >= n && Int(scalar) < next { next = Int(scalar) }
                delta += (next - n) * (handled + 1)
                if delta > maxValue { return nil }
                n = next
                for scalar in input {
                    if Int(scalar) < n {
                        delta += 1
                        if delta > maxValue { return nil }
                    }
                    if Int(scalar) == n {
                        var q = delta
                        var k = base
                        while true {
                            let t = threshold(k, bias)
                            if q < t { break }
                            output.append(digit(t + (q - t) % (base - t)))
                            q = (q - t) / (base - t)
                            k += base
                        }
                        output.append(digit(q))
                        bias = adapt(delta, handled + 1, handled == basicCount)
                        delta = 0
                        handled += 1
                    }
                }
                delta += 1
                n += 1
            }
            return output
        }

        /// Decodes Punycode digits (without "xn--") into code points; nil when malformed.
        static func decode<C: Collection>(_ input: C) -> [UInt32]? where C.Element == UInt8 {
            let bytes = Array(input)
            var output: [UInt32] = []
            var position = 0
            if let dash = bytes.lastIndex(of: UInt8(ascii: "-")) {
                for byte in bytes[..<dash] {
                    if byte >= 0x80 { return nil }
                    output.append(UInt32(byte))
                }
                position = dash + 1
            }
            var n = initialN
            var i = 0
            var bias = initialBias
            while position < bytes.count {
                let oldI = i
                var w = 1
                var k = base
                while true {
                    guard position < bytes.count, let value = digitValue(bytes[position]) else { return nil }
                    position += 1
                    i += value * w
                    if i > maxValue { return nil }
                    let t = threshold(k, bias)
                    if value < t { break }
                    w *= base - t
                    if w > maxValue { return nil }
                    k += base
                }
                let count = output.count + 1
                bias = adapt(i - oldI, count, oldI == 0)
                n += i / count
                i %= count
                if n > 0x10FFFF || (0xD800...0xDFFF).contains(n) { return nil }
                output.insert(UInt32(n), at: i)
                i += 1
            }
            return output
        }

        private static func threshold(_ k: Int, _ bias: Int) -> Int {
            if k <= bias { return tMin }
            if k >= bias + tMax { return tMax }
            return k - bias
        }

        private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
            var delta = first ? delta / damp : delta / 2
            delta += delta / count
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }

        private static func digit(_ value: Int) -> UInt8 {
            value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
        }

        private static func digitValue(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0")) + 26
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(byte - UInt8(ascii: "a"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A"))
            default: return nil
            }
        }
    }
}
