// IPv4 and IPv6 host parsing and serialisation (WHATWG URL Standard, "hosts").
//
// Browsers accept the old inet_aton number forms (hex "0x7f.1", octal "0177.0.0.1",
// fewer than four parts "127.1", one big number "2130706433"), so links written that way
// still reach a real address; we must read them the same way.

extension WebURL {
    enum IPv4 {
        enum Result {
            case address(UInt32)
            case failure
        }

        /// The "ends in a number checker": the last label (ignoring one trailing empty label)
        /// is all digits or a "0x" hex number. Such domains must parse as IPv4 or fail.
        static func endsInANumber(_ domain: [UInt8]) -> Bool {
            var end = domain.count
            if end > 0, domain[end - 1] == UInt8(ascii: ".") { end -= 1 }
            var start = end
            while start > 0, domain[start - 1] != UInt8(ascii: ".") { start -= 1 }
            if start == end { return false }
            var allDigits = true
            for index in start..<end where !Byte.isDigit(domain[index]) {
                allDigits = false
                break
            }
            if allDigits { return true }
            // "0x" followed by hex digits only (possibly none) is a number too.
            guard end - start >= 2, domain[start] == UInt8(ascii: "0"),
                  domain[start + 1] | 0x20 == UInt8(ascii: "x") else { return false }
            for index in (start + 2)..<end where PercentEncoding.hexValue(domain[index]) == nil {
                return false
            }
            return true
        }

        /// The IPv4 parser; `domain` is already ASCII and lower-cased.
        static func parse(_ domain: [UInt8]) -> Result {
            var parts = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            if parts.count > 1, parts.last!.isEmpty { parts.removeLast() }
            if parts.count > 4 { return .failure }
            var numbers: [UInt64] = []
            numbers.reserveCapacity(parts.count)
            for part in parts {
                guard let number = parseNumber(part) else { return .failure }
                numbers.append(number)
            }
            for number in numbers.dropLast() where number > 255 { return .failure }
            let last = numbers.last!
            if last >= UInt64(1) << (8 * UInt64(5 - numbers.count)) { return .failure }
            var address = last
            for (index, number) in numbers.dropLast().enumerated() {
                address += number << (8 * UInt64(3 - index))
            }
            return .address(UInt32(address))
        }

        /// The IPv4 number parser: decimal, "0x" hex, or leading-"0" octal. Values are capped
        /// just above 2^32 so huge inputs fail the range check instead of overflowing.
        private static func parseNumber(_ input: ArraySlice<UInt8>) -> UInt64? {
            if input.isEmpty { return nil }
            var digits = input
            var radix: UInt64 = 10
            if digits.count >= 2, digits.first == UInt8(ascii: "0"),
               digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x") {
                digits = digits.dropFirst(2)
                radix = 16
            } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
                digits = digits.dropFirst()
                radix = 8
            }
            var value: UInt64 = 0
            for byte in digits {
                guard let digit = PercentEncoding.hexValue(byte), UInt64(digit) < radix else { return nil }
                value = min(value * radix + UInt64(digit), 1 << 33)
            }
            return value
        }

        /// Appends the decimal digits of a non-negative integer.
        static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
            if value >= 10 { appendDecimal(value / 10, to: &output) }
            output.append(UInt8(ascii: "0") + UInt8(value % 10))
        }

        static func serialize(_ address: UInt32, into output: inout [UInt8]) {
            for shift in stride(from: 24, through: 0, by: -8) {
                appendDecimal(Int((address >> UInt32(shift)) & 0xFF), to: &output)
                if shift != 0 { output.append(UInt8(ascii: ".")) }
            }
        }
    }

    enum IPv6 {
        /// The IPv6 parser, on the text between the brackets. Returns eight 16-bit pieces.
        static func parse<C: RandomAccessCollection>(_ input: C) -> [UInt16]?
        where C.Element == UInt8, C.Index == Int {
            var address = [UInt16](repeating: 0, count: 8)
            var pieceIndex = 0
            var compress: Int? = nil
            var pointer = input.startIndex
            let end = input.endIndex
            func at(_ index: Int) -> UInt8? { index < end ? input[index] : nil }

            if at(pointer) == UInt8(ascii: ":") {
                guard at(pointer + 1) == UInt8(ascii: ":") else { return nil }
                pointer += 2
                pieceIndex += 1
                compress = pieceIndex
            }
            while let c = at(pointer) {
                if pieceIndex == 8 { return nil }
                if c == UInt8(ascii: ":") {
                    if compress != nil { return nil }
                    pointer += 1
                    pieceIndex += 1
                    compress = pieceIndex
                    continue
                }
                var value: UInt16 = 0
                var length = 0
                while length < 4, let digit = at(pointer).flatMap(PercentEncoding.hexValue) {
                    value = value << 4 | UInt16(digit)
                    pointer += 1
                    length += 1
                }
                if at(pointer) == UInt8(ascii: ".") {
                    // An embedded IPv4 address fills the last two pieces.
                    if length == 0 { return nil }
                    pointer -= length
                    if pieceIndex > 6 { return nil }
                    var numbersSeen = 0
                    while let c = at(pointer) {
                        var ipv4Piece: Int? = nil
                        if numbersSeen > 0 {
                            guard c == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                            pointer += 1
                        }
                        guard let first = at(pointer), Byte.isDigit(first) else { return nil }
                        while let digit = at(pointer), Byte.isDigit(digit) {
                            let number = Int(digit - UInt8(ascii: "0"))
                            if let piece = ipv4Piece {
                                if piece == 0 { return nil }
                                ipv4Piece = piece * 10 + number
                            } else {
                                ipv4Piece = number
                            }
                            if ipv4Piece! > 255 { return nil }
                            pointer += 1
                        }
                        address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(ipv4Piece!)
                        numbersSeen += 1
                        if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                    }
                    if numbersSeen != 4 { return nil }
                    break
                } else if at(pointer) == UInt8(ascii: ":") {
                    pointer += 1
                    if at(pointer) == nil { return nil }
                } else if at(pointer) != nil {
                    return nil
                }
                address[pieceIndex] = value
                pieceIndex += 1
            }
            if let compress {
                var swaps = pieceIndex - compress
                pieceIndex = 7
                while pieceIndex != 0, swaps > 0 {
                    address.swapAt(pieceIndex, compress + swaps - 1)
                    pieceIndex -= 1
                    swaps -= 1
                }
            } else if pieceIndex != 8 {
                return nil
            }
            return address
        }

        /// Serialises with brackets, lower-case hex, and the first longest run (length >= 2)
        /// of zero pieces compressed to "::".
        static func serialize(_ address: [UInt16], into output: inout [UInt8]) {
            var compress = -1
            var bestLength = 1
            var index = 0
            while index < 8 {
                if address[index] == 0 {
                    var runEnd = index
                    while runEnd < 8, address[runEnd] == 0 { runEnd += 1 }
                    if runEnd - index > bestLength {
                        bestLength = runEnd - index
                        compress = index
                    }
                    index = runEnd
                } else {
                    index += 1
                }
            }
            output.append(UInt8(ascii: "["))
            var ignoreZero = false
            for pieceIndex in 0..<8 {
                if ignoreZero, address[pieceIndex] == 0 { continue }
                ignoreZero = false
                if compress == pieceIndex {
                    output.append(UInt8(ascii: ":"))
                    if pieceIndex == 0 { output.append(UInt8(ascii: ":")) }
                    ignoreZero = true
                    continue
                }
                appendHex(address[pieceIndex], to: &output)
                if pieceIndex != 7 { output.append(UInt8(ascii: ":")) }
            }
            output.append(UInt8(ascii: "]"))
        }

        private static func appendHex(_ piece: UInt16, to output: inout [UInt8]) {
            var started = false
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = Int((piece >> UInt16(shift)) & 0xF)
                if digit != 0 || started || shift == 0 {
                    output.append(digit < 10 ? UInt8(ascii: "0") + UInt8(digit)
                                             : UInt8(ascii: "a") + UInt8(digit - 10))
                    started = true
                }
            }
        }
    }
}
