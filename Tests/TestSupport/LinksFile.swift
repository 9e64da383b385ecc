import Foundation

/// A `links.jsonl` read the way a script would (README, "Output": the `jq` recipe): the
/// format line and the verdict-set lines are taken in, and each navigation comes out with
/// its verdicts in it, as format 1 wrote every line. Written apart from `LinksJSONLReader`
/// so the tests that use it also check the format itself.
package enum LinksFile {
    /// Each navigation line's object, `verdicts` filled in from its `verdictSet` (which is
    /// removed). A reference to a set not defined before it fails the test run.
    package static func records(_ path: String) throws -> [[String: Any]] {
        var sets: [String: Any] = [:]
        var out: [[String: Any]] = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard var record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if record["linksFormat"] != nil {
                sets = [:]
            } else if record["page"] == nil, let key = record["verdictSet"] as? String {
                sets[key] = record["verdicts"]
            } else if record["page"] != nil {
                if let key = record.removeValue(forKey: "verdictSet") as? String {
                    guard let verdicts = sets[key] else { throw Undefined(key: key, path: path) }
                    record["verdicts"] = verdicts
                }
                out.append(record)
            }
        }
        return out
    }

    /// The navigation lines as they are written (no format line, no verdict sets).
    package static func navigationLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix(#"{"linksFormat":"#) && !$0.hasPrefix(#"{"verdictSet":"#)
        }
    }

    struct Undefined: Error {
        var key: String
        var path: String
    }
}
