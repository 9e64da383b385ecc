import CLibXML2

/// A start tag's attributes as libxml2 hands them to SAX: a NULL-terminated array of
/// name/value pairs. Names are already lower-cased and entities in values decoded.
/// Lookups scan the C array, so elements nobody cares about cost no allocation.
struct Attributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    subscript(_ name: StaticString) -> String? {
        guard var p = pointer else { return nil }
        while let attrName = p.pointee {
            if name.withUTF8Buffer({ equals(attrName, $0) }) {
                guard let value = p.advanced(by: 1).pointee else { return "" }
                return String(cString: value)
            }
            p = p.advanced(by: 2)
        }
        return nil
    }

    func has(_ name: StaticString) -> Bool {
        guard var p = pointer else { return false }
        while let attrName = p.pointee {
            if name.withUTF8Buffer({ equals(attrName, $0) }) { return true }
            p = p.advanced(by: 2)
        }
        return false
    }

    /// Every `on…` attribute with its value, in document order.
    func eventHandlers() -> [(name: String, code: String)] {
        guard var p = pointer else { return [] }
        var out: [(String, String)] = []
        while let attrName = p.pointee {
            if attrName[0] == 0x6F, attrName[1] == 0x6E, attrName[2] != 0,   // "on" + event
               let value = p.advanced(by: 1).pointee {
                out.append((String(cString: attrName), String(cString: value)))
            }
            p = p.advanced(by: 2)
        }
        return out
    }

    private func equals(_ c: UnsafePointer<xmlChar>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<name.count where c[i] != name[i] { return false }
        return c[name.count] == 0
    }
}
