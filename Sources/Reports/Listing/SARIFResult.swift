import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// One SARIF result, written straight into bytes in `PrettyJSON`'s layout. A result
/// is the same skeleton every time (only its values and a few optional members change),
/// so the text between the values — punctuation, line breaks, indents, keys — is made
/// once per indent (`Joints`) and each result is its values with those joints between
/// them: member-by-member writing spent more on the joints than on the values.
final class SARIFResult {
    private var joints: Joints?

    /// Writes `finding`'s result, its braces at `indent`, to the end of `out`.
    func write(_ finding: Finding, ruleIndex: Int, level: String, fingerprint: String, baselineState: String?,
               artifactURI: String, to out: inout ByteBuffer, indent: Int) {
        if joints?.indent != indent { joints = Joints(indent: indent) }
        let j = joints!
        out.append(j.ruleId)
        out.append(jsonString: finding.code)
        out.append(j.ruleIndex)
        out.append(decimal: ruleIndex)
        out.append(j.level)
        out.append(jsonString: level)
        out.append(j.message)
        out.append(jsonString: finding.line == nil ? finding.message : finding.message + " — " + finding.url)
        out.append(j.locations)
        out.append(jsonString: artifactURI)
        if let line = finding.line, line >= 1 {
            out.append(j.region)
            out.append(decimal: line)
        }
        out.append(j.fingerprint)
        out.append(jsonString: fingerprint)
        out.append(j.fingerprintEnd)
        if let baselineState {
            out.append(j.baselineState)
            out.append(jsonString: baselineState)
        }
        if let reason = finding.suppressed {
            out.append(j.suppression)
            out.append(jsonString: reason)
            out.append(j.suppressionEnd)
        }
        out.append(j.page)
        out.append(jsonString: finding.page)
        out.append(j.url)
        out.append(jsonString: finding.url)
        if !finding.source.isEmpty {
            out.append(j.source)
            out.append(jsonString: finding.source)
        }
        if !finding.trigger.isEmpty {
            out.append(j.trigger)
            out.append(jsonString: finding.trigger)
        }
        if !finding.frame.isEmpty {
            out.append(j.frame)
            out.append(jsonString: finding.frame)
        }
        out.append(j.profiles)
        for (i, profile) in finding.profiles.enumerated() {
            if i > 0 { out.append(", ") }
            out.append(jsonString: profile)
        }
        out.append(j.outcomes)
        if finding.outcomes.isEmpty {
            out.append("{}")
        } else {
            out.append(0x7B)
            for (i, outcome) in finding.outcomes.enumerated() {
                if i > 0 { out.append(0x2C) }
                out.append(j.outcomeIndent)
                out.append(jsonString: outcome.profile)
                out.append(": ")
                out.append(jsonString: outcome.outcome)
            }
            out.append(j.outcomesEnd)
        }
        out.append(j.close)
    }

    /// The fixed text of a result whose braces sit at `indent`, named after what follows it.
    private final class Joints {
        let indent: Int
        let ruleId, ruleIndex, level, message, locations, region, fingerprint, fingerprintEnd: [UInt8]
        let baselineState, suppression, suppressionEnd, page, url, source, trigger, frame, profiles: [UInt8]
        let outcomes, outcomeIndent, outcomesEnd, close: [UInt8]

        init(indent: Int) {
            self.indent = indent
            // A line break and the indent `depth` spaces deeper than the result's braces.
            func at(_ depth: Int) -> String { "\n" + String(repeating: " ", count: indent + depth) }
            func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
            ruleId = bytes("{" + at(2) + "\"ruleId\": ")
            ruleIndex = bytes("," + at(2) + "\"ruleIndex\": ")
            level = bytes("," + at(2) + "\"level\": ")
            message = bytes("," + at(2) + "\"message\": {" + at(4) + "\"text\": ")
            locations = bytes(at(2) + "}," + at(2) + "\"locations\": [" + at(4) + "{" + at(6) + "\"physicalLocation\": {"
                + at(8) + "\"artifactLocation\": {" + at(10) + "\"uri\": ")
            region = bytes(at(8) + "}," + at(8) + "\"region\": {" + at(10) + "\"startLine\": ")
            // Closes the artifact location or the region (whichever came last), the
            // physical location, the location and the list.
            fingerprint = bytes(at(8) + "}" + at(6) + "}" + at(4) + "}" + at(2) + "]," + at(2)
                + "\"partialFingerprints\": {" + at(4) + "\"linkaudit/v1\": ")
            fingerprintEnd = bytes(at(2) + "}")
            baselineState = bytes("," + at(2) + "\"baselineState\": ")
            suppression = bytes("," + at(2) + "\"suppressions\": [" + at(4) + "{" + at(6) + "\"kind\": \"external\","
                + at(6) + "\"status\": \"accepted\"," + at(6) + "\"justification\": ")
            suppressionEnd = bytes(at(4) + "}" + at(2) + "]")
            page = bytes("," + at(2) + "\"properties\": {" + at(4) + "\"page\": ")
            url = bytes("," + at(4) + "\"url\": ")
            source = bytes("," + at(4) + "\"source\": ")
            trigger = bytes("," + at(4) + "\"trigger\": ")
            frame = bytes("," + at(4) + "\"frame\": ")
            profiles = bytes("," + at(4) + "\"profiles\": [")
            outcomes = bytes("]," + at(4) + "\"outcomes\": ")
            outcomeIndent = bytes(at(6))
            outcomesEnd = bytes(at(4) + "}")
            close = bytes(at(2) + "}" + at(0) + "}")
        }
    }
}
