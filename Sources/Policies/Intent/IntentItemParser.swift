/// The `#Intent;key=value;…;end` loop, applied to the intent or, after `SEL;`, to its selector.
struct IntentItemParser {
    struct OutOfBounds: Error { let reason: String }

    let s: JavaString
    let flags: IntentParseFlags
    private(set) var scheme: String?
    private(set) var explicitAction = false
    private var base = AndroidIntent(action: AndroidIntent.actionView)
    private var selector: AndroidIntent?

    init(s: JavaString, flags: IntentParseFlags) {
        self.s = s
        self.flags = flags
    }

    /// The base intent with the selector attached — only when the base names no package.
    func result() -> AndroidIntent {
        var intent = base
        if let selector, intent.package == nil { intent.selector = selector }
        return intent
    }

    mutating func run(from i: inout Int) throws {
        while i >= 0, !s.startsWith("end", at: i) {
            var eq = s.indexOf("=", from: i)
            if eq < 0 { eq = i - 1 }
            let semi = s.indexOf(";", from: i)
            if semi < 0 { throw IntentURIError.missingEnd(at: i) }
            let value = eq < semi ? AndroidUriCodec.decode(try s.substring(eq + 1, semi)) : ""
            try item(at: i, eq: eq, semi: semi, value: value)
            i = semi + 1
        }
    }

    private mutating func item(at i: Int, eq: Int, semi: Int, value: String) throws {
        // Each name tested only where the item starts with its first letter (`startsWith` is
        // false otherwise): the same answers in the same order, without a call per name.
        let first = s.units[i]   // i < semi < count
        if first == 0x61, s.startsWith("action=", at: i) {
            update { $0.action = value }
            if selector == nil { explicitAction = true }
        } else if first == 0x63, s.startsWith("category=", at: i) {
            update { $0.addCategory(value) }
        } else if first == 0x74, s.startsWith("type=", at: i) {
            update { $0.type = value }
        } else if first == 0x69, s.startsWith("identifier=", at: i) {
            update { $0.identifier = value }
        } else if first == 0x6C, s.startsWith("launchFlags=", at: i) {
            var bits = try number("launchFlags") {
                flags.contains(.signedLaunchFlags) ? try JavaNumbers.decodeInt(value) : try JavaNumbers.decodeLaunchFlags(value)
            }
            if !flags.contains(.allowUnsafe) { bits &= ~IntentFlags.uriGrantFlags }
            update { $0.flags = bits }
        } else if first == 0x65, s.startsWith("extendedLaunchFlags=", at: i) {
            let bits = try number("extendedLaunchFlags") {
                flags.contains(.signedLaunchFlags) ? try JavaNumbers.decodeInt(value) : try JavaNumbers.decodeLaunchFlags(value)
            }
            update { $0.extendedFlags = bits }
        } else if first == 0x70, s.startsWith("package=", at: i) {
            update { $0.package = value }
        } else if first == 0x63, s.startsWith("component=", at: i) {
            update { $0.component = ComponentName.unflatten(value) }
        } else if first == 0x73, s.startsWith("scheme=", at: i) {
            // Inside a selector the scheme becomes its whole data; outside it prefixes the data later.
            if selector != nil { update { $0.data = value + ":" } } else { scheme = value }
        } else if first == 0x73, s.startsWith("sourceBounds=", at: i) {
            let bounds = try number("sourceBounds") { try SourceBounds.unflatten(value) }
            update { $0.sourceBounds = bounds }
        } else if semi == i + 3, first == 0x53, s.startsWith("SEL", at: i) {
            selector = AndroidIntent()   // a second SEL; starts the selector over
        } else {
            try extra(at: i, eq: eq, semi: semi, value: value)
        }
    }

    private mutating func extra(at i: Int, eq: Int, semi: Int, value: String) throws {
        guard let rawKey = try? s.substring(i + 2, eq) else {
            let item = (try? s.substring(i, semi)) ?? ""
            throw OutOfBounds(reason: "item '\(item)' has no '=' so its extra key cannot be read")
        }
        let key = AndroidUriCodec.decode(rawKey)
        let extra: IntentExtra
        if s.startsWith("S.", at: i) {
            extra = .string(value)
        } else if s.startsWith("B.", at: i) {
            extra = .boolean(JavaNumbers.parseBoolean(value))
        } else if s.startsWith("b.", at: i) {
            extra = .byte(try number("byte extra '\(key)'") { try JavaNumbers.parseByte(value) })
        } else if s.startsWith("c.", at: i) {
            guard let first = value.utf16.first else {
                throw OutOfBounds(reason: "char extra '\(key)' has an empty value")
            }
            extra = .char(first)
        } else if s.startsWith("d.", at: i) {
            extra = .double(try number("double extra '\(key)'") { try JavaNumbers.parseDouble(value) })
        } else if s.startsWith("f.", at: i) {
            extra = .float(try number("float extra '\(key)'") { try JavaNumbers.parseFloat(value) })
        } else if s.startsWith("i.", at: i) {
            extra = .int(try number("int extra '\(key)'") { try JavaNumbers.parseInt(value) })
        } else if s.startsWith("l.", at: i) {
            extra = .long(try number("long extra '\(key)'") { try JavaNumbers.parseLong(value) })
        } else if s.startsWith("s.", at: i) {
            extra = .short(try number("short extra '\(key)'") { try JavaNumbers.parseShort(value) })
        } else {
            let name = (try? s.substring(i, eq > i && eq < semi ? eq : semi)) ?? ""
            throw IntentURIError.unknownKey(name, at: i)
        }
        update { $0.extras[key] = extra }
    }

    private mutating func update(_ change: (inout AndroidIntent) -> Void) {
        if selector != nil { change(&selector!) } else { change(&base) }
    }

    private func number<T>(_ field: String, _ parse: () throws -> T) throws -> T {
        do { return try parse() } catch let error as JavaNumbers.FormatError {
            throw IntentURIError.badNumber(field, error)
        }
    }
}
