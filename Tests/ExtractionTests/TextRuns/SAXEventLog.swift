import CLibXML2
@testable import Extraction

/// For the equivalence tests: the SAX events the extractor consumes (start tags with
/// their attributes, end tags, script/style text) with the parser's line at each, from
/// the same parser run the extractor uses. Nothing in the audit path calls it.
enum SAXEventLog {
    private final class Log {
        var events: [String] = []
        var parser: htmlParserCtxtPtr?

        var line: Int32 { parser?.pointee.input.pointee.line ?? 0 }
    }

    /// One line per event, e.g. `S a href=/x rel=- @3`, `E a @3`, `C "…" @4`.
    static func record(_ html: UnsafeRawBufferPointer) -> [String] {
        LibXML.initialize()
        let log = Log()
        var sax = htmlSAXHandler()
        sax.startElement = { ctx, name, atts in
            guard let ctx, let name else { return }
            let log = Unmanaged<Log>.fromOpaque(ctx).takeUnretainedValue()
            var text = "S " + String(cString: name)
            if var p = atts {
                while let attr = p.pointee {
                    text += " " + String(cString: attr) + "=" + ((p + 1).pointee.map { String(cString: $0) } ?? "-")
                    p += 2
                }
            }
            log.events.append(text + " @\(log.line)")
        }
        sax.endElement = { ctx, name in
            guard let ctx, let name else { return }
            let log = Unmanaged<Log>.fromOpaque(ctx).takeUnretainedValue()
            log.events.append("E " + String(cString: name) + " @\(log.line)")
        }
        sax.cdataBlock = { ctx, chars, len in
            guard let ctx, let chars, len > 0 else { return }
            let log = Unmanaged<Log>.fromOpaque(ctx).takeUnretainedValue()
            let text = String(decoding: UnsafeBufferPointer(start: chars, count: Int(len)), as: UTF8.self)
            log.events.append("C \(text.debugDescription) @\(log.line)")
        }
        HTMLExtractor.run(html, sax: &sax, user: Unmanaged.passUnretained(log).toOpaque()) { parser, _ in log.parser = parser }
        return log.events
    }

    /// The start tags with their attributes, in order (for the tokenizer conformance
    /// harness; an attribute written without a value has the empty value).
    static func startTags(_ html: UnsafeRawBufferPointer) -> [(name: String, attributes: [String: String])] {
        LibXML.initialize()
        final class Tags { var list: [(name: String, attributes: [String: String])] = [] }
        let tags = Tags()
        var sax = htmlSAXHandler()
        sax.startElement = { ctx, name, atts in
            guard let ctx, let name else { return }
            var attributes: [String: String] = [:]
            if var p = atts {
                while let attr = p.pointee {
                    let key = String(cString: attr)
                    if attributes[key] == nil { attributes[key] = (p + 1).pointee.map { String(cString: $0) } ?? "" }
                    p += 2
                }
            }
            Unmanaged<Tags>.fromOpaque(ctx).takeUnretainedValue().list.append((String(cString: name), attributes))
        }
        HTMLExtractor.run(html, sax: &sax, user: Unmanaged.passUnretained(tags).toOpaque()) { _, _ in }
        return tags.list
    }
}
