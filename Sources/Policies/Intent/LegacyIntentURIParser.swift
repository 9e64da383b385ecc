/// Android's pre-1.0 intent URI format, `Intent.getIntentOld`:
/// `data#action(A)categories(c1!c2)type(T)launchFlags(N)component(pkg!cls)extras(Sk=v!ik=1)`.
///
/// It matters today because `parseUri` falls back to it whenever the *last* `#` of an
/// `intent:` URI does not start `#Intent;` — typically a raw `#` inside a fallback URL. With no
/// old-format section after that `#`, the result is a VIEW intent whose data is the whole
/// `intent:` string, which no app handles.
enum LegacyIntentURIParser {
    static func parse(_ s: JavaString, flags: IntentParseFlags) throws -> AndroidIntent {
        let uri = try s.substring(0)
        let hash = s.lastIndexOf("#")
        guard hash >= 0 else { return AndroidIntent(action: AndroidIntent.actionView, data: uri) }
        var intent = AndroidIntent()
        var isIntentFragment = false
        var i = hash + 1

        /// `name(` at i: returns the text up to the next `)` and moves past it.
        func section(_ name: String) throws -> String? {
            guard s.startsWith(name + "(", at: i) else { return nil }
            isIntentFragment = true
            i += name.utf16.count + 1
            let close = s.indexOf(")", from: i)
            defer { i = close + 1 }
            return try s.substring(i, close)
        }

        intent.action = try section("action")
        if s.startsWith("categories(", at: i) {
            isIntentFragment = true
            i += 11
            let close = s.indexOf(")", from: i)
            while i < close {
                var sep = s.indexOf("!", from: i)
                if sep < 0 || sep > close { sep = close }
                if i < sep { intent.addCategory(try s.substring(i, sep)) }
                i = sep + 1
            }
            i = close + 1
        }
        if let type = try section("type") { intent.type = type }
        if let text = try section("launchFlags") {
            do { intent.flags = try JavaNumbers.decodeLaunchFlags(text) } catch let e as JavaNumbers.FormatError {
                throw IntentURIError.badNumber("launchFlags", e)
            }
            if !flags.contains(.allowUnsafe) { intent.flags &= ~IntentFlags.uriGrantFlags }
        }
        if s.startsWith("component(", at: i) {
            // No substring before the `!` test: an unclosed component( is skipped, not an error.
            isIntentFragment = true
            i += 10
            let close = s.indexOf(")", from: i)
            let sep = s.indexOf("!", from: i)
            if sep >= 0, sep < close {
                intent.component = try s.substring(i, sep) + "/" + s.substring(sep + 1, close)
            }
            i = close + 1
        }
        if s.startsWith("extras(", at: i) {
            isIntentFragment = true
            i += 7
            try LegacyExtras.read(s, from: &i, into: &intent)
        }
        intent.data = isIntentFragment ? try s.substring(0, hash) : uri
        if intent.action == nil { intent.action = AndroidIntent.actionView }
        return intent
    }
}

/// The `extras(…)` section of the old format: `<type><key>=<value>` items separated by `!`.
/// Unlike the new format, bad numbers here become URISyntaxException.
enum LegacyExtras {
    static func read(_ s: JavaString, from i: inout Int, into intent: inout AndroidIntent) throws {
        let close = s.indexOf(")", from: i)
        guard close != -1 else { throw syntax("EXTRA missing trailing ')'", i) }
        while i < close {
            var j = s.indexOf("=", from: i)
            guard j > i + 1, i < close else { throw syntax("EXTRA missing '='", i) }
            let type = s.units[i]
            i += 1
            let key = try s.substring(i, j)
            i = j + 1
            j = s.indexOf("!", from: i)
            if j == -1 || j >= close { j = close }
            guard i < j else { throw syntax("EXTRA missing '!'", i) }
            let value = try s.substring(i, j)
            i = j
            intent.extras[key] = try extra(type: type, value: value, s: s, at: i)
            let ch = try s.charAt(i)
            if ch == 0x29 { break }            // ')'
            guard ch == 0x21 else { throw syntax("EXTRA missing '!'", i) }
            i += 1
        }
    }

    private static func extra(type: UInt16, value: String, s: JavaString, at i: Int) throws -> IntentExtra {
        do {
            switch type {
            case 0x53: return .string(AndroidUriCodec.decode(value))                   // S
            case 0x42: return .boolean(JavaNumbers.parseBoolean(value))                 // B
            case 0x62: return .byte(try JavaNumbers.parseByte(value))                   // b
            case 0x63: return .char(try charAt0(AndroidUriCodec.decode(value)))         // c
            case 0x64: return .double(try JavaNumbers.parseDouble(value))               // d
            case 0x66: return .float(try JavaNumbers.parseFloat(value))                 // f
            case 0x69: return .int(try JavaNumbers.parseInt(value))                     // i
            case 0x6C: return .long(try JavaNumbers.parseLong(value))                   // l
            case 0x73: return .short(try JavaNumbers.parseShort(value))                 // s
            default: throw syntax("EXTRA has unknown type", i)
            }
        } catch is JavaNumbers.FormatError {
            throw syntax("EXTRA value can't be parsed", i)
        }
    }

    private static func charAt0(_ s: String) throws -> UInt16 {
        guard let first = s.utf16.first else { throw JavaIndexOutOfBounds(index: 0) }
        return first
    }

    private static func syntax(_ message: String, _ index: Int) -> IntentURIError {
        IntentURIError(.uriSyntax, javaMessage: message, reason: "legacy intent URI: \(message)", index: index)
    }
}
