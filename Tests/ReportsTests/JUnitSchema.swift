import CLibXML2
import Foundation
import TestSupport

/// junit.xml checked against the JUnit schema Jenkins' xUnit plugin publishes
/// (`Fixtures/junit/junit-10.xsd`, provenance in `Fixtures/SOURCES.md`), with libxml2's
/// XML Schema validator — in process, no network, no xmllint needed.
enum JUnitSchema {
    struct Unusable: Error, CustomStringConvertible {
        var description: String
    }

    /// The schema's complaints about `xml` (empty: valid), or what made it impossible to
    /// check (the schema unreadable, the document not well-formed XML).
    static func problems(_ xml: String) throws -> [String] {
        let errors = Messages()
        let context = Unmanaged.passUnretained(errors).toOpaque()
        guard let parser = xmlSchemaNewParserCtxt(Fixture.url("junit/junit-10.xsd").path) else {
            throw Unusable(description: "cannot read the schema")
        }
        defer { xmlSchemaFreeParserCtxt(parser) }
        xmlSchemaSetParserStructuredErrors(parser, { context, error in Messages.collect(context, error) }, context)
        guard let schema = xmlSchemaParse(parser) else {
            throw Unusable(description: "the schema does not parse: \(errors.lines)")
        }
        defer { xmlSchemaFree(schema) }
        guard let validator = xmlSchemaNewValidCtxt(schema) else { throw Unusable(description: "no validation context") }
        defer { xmlSchemaFreeValidCtxt(validator) }
        xmlSchemaSetValidStructuredErrors(validator, { context, error in Messages.collect(context, error) }, context)

        let bytes = Array(xml.utf8)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory($0, Int32(buffer.count), "junit.xml", "UTF-8", options)
            }
        }
        guard let document else { throw Unusable(description: "junit.xml is not well-formed XML") }
        defer { xmlFreeDoc(document) }
        let status = xmlSchemaValidateDoc(validator, document)
        if status != 0, errors.lines.isEmpty { return ["invalid (libxml2 status \(status))"] }
        return errors.lines
    }

    /// Where libxml2's structured errors land: "line N: message".
    private final class Messages {
        var lines: [String] = []

        static func collect(_ context: UnsafeMutableRawPointer?, _ error: UnsafePointer<xmlError>?) {
            guard let context, let error else { return }
            let messages = Unmanaged<Messages>.fromOpaque(context).takeUnretainedValue()
            let text = error.pointee.message.map { String(cString: $0) } ?? "(no message)"
            messages.lines.append("line \(error.pointee.line): " + text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
