/// One SARIF result, written straight into bytes in `PrettyJSON`'s layout. A result
/// is the same skeleton every time (only its values and a few optional members change),
/// so the text between the values — punctuation, line breaks, indents, keys — is made
/// once per indent (`Joints`) and each result is its values with those joints between
/// them: member-by-member writing spent more on the joints than on the values.
final class SARIFResult {
    private var joints: Joints?

    /// Writes `finding`'s result, its braces at `indent`, to the end of `out`.
    func write(_ finding: Finding, ruleIndex: Int, level: String, fingerprint: String, baselineState: String?,
               artifact: SARIFArtifact, to out: inout ByteBuffer, indent: Int) {
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
        out.append(jsonString: artifact.uri)
        if let baseId = artifact.baseId {
            out.append(j.uriBaseId)
            out.append(jsonString: baseId)
        }
        if artifact.hasLines, let line = finding.line, line >= 1 {
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
        let ruleId, ruleIndex, level, message, locations, uriBaseId, region, fingerprint, fingerprintEnd: [UInt8]
        let baselineState, suppression, suppressionEnd, page, url, source, trigger, frame, profiles: [UInt8]
        let outcomes, outcomeIndent, outcomesEnd, close: [UInt8]

        init(indent: Int) {
            self.indent = indent
            // Printed by PrettyJSON at the depths below the result's braces, once.
            func joint(_ body: (inout ByteBuffer) -> Void) -> [UInt8] {
                var out = ByteBuffer()
                body(&out)
                return out.bytes
            }
            let i = indent
            ruleId = joint { $0.append("{"); PrettyJSON.key("ruleId", first: true, indent: i + 2, to: &$0) }
            ruleIndex = joint { PrettyJSON.key("ruleIndex", indent: i + 2, to: &$0) }
            level = joint { PrettyJSON.key("level", indent: i + 2, to: &$0) }
            message = joint {
                PrettyJSON.key("message", indent: i + 2, to: &$0)
                $0.append("{")
                PrettyJSON.key("text", first: true, indent: i + 4, to: &$0)
            }
            locations = joint {
                PrettyJSON.close(0x7D, indent: i + 2, to: &$0)
                PrettyJSON.key("locations", indent: i + 2, to: &$0)
                $0.append("[")
                PrettyJSON.newline(comma: false, indent: i + 4, to: &$0)
                $0.append("{")
                PrettyJSON.key("physicalLocation", first: true, indent: i + 6, to: &$0)
                $0.append("{")
                PrettyJSON.key("artifactLocation", first: true, indent: i + 8, to: &$0)
                $0.append("{")
                PrettyJSON.key("uri", first: true, indent: i + 10, to: &$0)
            }
            uriBaseId = joint { PrettyJSON.key("uriBaseId", indent: i + 10, to: &$0) }
            region = joint {
                PrettyJSON.close(0x7D, indent: i + 8, to: &$0)
                PrettyJSON.key("region", indent: i + 8, to: &$0)
                $0.append("{")
                PrettyJSON.key("startLine", first: true, indent: i + 10, to: &$0)
            }
            // Closes the artifact location or the region (whichever came last), the
            // physical location, the location and the list.
            fingerprint = joint {
                PrettyJSON.close(0x7D, indent: i + 8, to: &$0)
                PrettyJSON.close(0x7D, indent: i + 6, to: &$0)
                PrettyJSON.close(0x7D, indent: i + 4, to: &$0)
                PrettyJSON.close(0x5D, indent: i + 2, to: &$0)
                PrettyJSON.key("partialFingerprints", indent: i + 2, to: &$0)
                $0.append("{")
                PrettyJSON.key("linkaudit/v1", first: true, indent: i + 4, to: &$0)
            }
            fingerprintEnd = joint { PrettyJSON.close(0x7D, indent: i + 2, to: &$0) }
            baselineState = joint { PrettyJSON.key("baselineState", indent: i + 2, to: &$0) }
            suppression = joint {
                PrettyJSON.key("suppressions", indent: i + 2, to: &$0)
                $0.append("[")
                PrettyJSON.newline(comma: false, indent: i + 4, to: &$0)
                $0.append("{")
                PrettyJSON.member("kind", "external", first: true, indent: i + 6, to: &$0)
                PrettyJSON.member("status", "accepted", indent: i + 6, to: &$0)
                PrettyJSON.key("justification", indent: i + 6, to: &$0)
            }
            suppressionEnd = joint {
                PrettyJSON.close(0x7D, indent: i + 4, to: &$0)
                PrettyJSON.close(0x5D, indent: i + 2, to: &$0)
            }
            page = joint {
                PrettyJSON.key("properties", indent: i + 2, to: &$0)
                $0.append("{")
                PrettyJSON.key("page", first: true, indent: i + 4, to: &$0)
            }
            url = joint { PrettyJSON.key("url", indent: i + 4, to: &$0) }
            source = joint { PrettyJSON.key("source", indent: i + 4, to: &$0) }
            trigger = joint { PrettyJSON.key("trigger", indent: i + 4, to: &$0) }
            frame = joint { PrettyJSON.key("frame", indent: i + 4, to: &$0) }
            profiles = joint { PrettyJSON.key("profiles", indent: i + 4, to: &$0); $0.append("[") }
            outcomes = joint { $0.append("]"); PrettyJSON.key("outcomes", indent: i + 4, to: &$0) }
            outcomeIndent = joint { PrettyJSON.newline(comma: false, indent: i + 6, to: &$0) }
            outcomesEnd = joint { PrettyJSON.close(0x7D, indent: i + 4, to: &$0) }
            close = joint {
                PrettyJSON.close(0x7D, indent: i + 2, to: &$0)
                PrettyJSON.close(0x7D, indent: i, to: &$0)
            }
        }
    }
}
