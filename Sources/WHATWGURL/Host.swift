// The host parser: turns the raw host text of a URL into its serialised host.

extension WebURL {
    enum HostParser {
        /// Parses `input` (raw bytes between the authority and the port/path) and returns the
        /// serialised host: a domain, dotted IPv4, bracketed IPv6, or an opaque host for
        /// non-special schemes. nil means failure, which fails the whole URL.
        static func parse(_ input: UnsafeBufferPointer<UInt8>, isOpaque: Bool) -> [UInt8]? {
            if input.first == UInt8(ascii: "[") {
                guard input.count >= 2, input.last == UInt8(ascii: "]"),
                      let address = IPv6.parse(input.dropFirst().dropLast()) else { return nil }
                var output: [UInt8] = []
                output.reserveCapacity(41)
                IPv6.serialize(address, into: &output)
                return output
            }
            if isOpaque { return parseOpaque(input) }

            let domain = input.contains(UInt8(ascii: "%")) ? PercentEncoding.decode(input) : Array(input)
            guard let asciiDomain = IDNA.domainToASCII(domain) else { return nil }
            guard IPv4.endsInANumber(asciiDomain) else { return asciiDomain }
            // A domain whose last label is numeric must be a valid IPv4 address.
            switch IPv4.parse(asciiDomain) {
            case .failure:
                return nil
            case .address(let address):
                var output: [UInt8] = []
                output.reserveCapacity(15)
                IPv4.serialize(address, into: &output)
                return output
            }
        }

        /// Opaque hosts (non-special schemes such as `gojek://pay`) are kept as written,
        /// except that forbidden host code points fail and non-ASCII is percent-encoded.
        private static func parseOpaque(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            for byte in input where IDNA.isForbiddenHostByte(byte) { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(input.count)
            PercentEncoding.append(contentsOf: input, .c0Control, to: &output)
            return output
        }
    }
}
