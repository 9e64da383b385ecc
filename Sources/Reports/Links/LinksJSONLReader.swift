import Foundation
import LinkAuditModel

/// Reads `links.jsonl` and `pages.jsonl` back into `Navigation` and `PageRecord`, for
/// `linkaudit report` and baselines: `links.jsonl` in either form (`LinksFormat`: format 2,
/// its verdict sets defined once and referred to by key, and format 1, which has no format
/// line and spells them out on every line). A malformed line is reported as one line
/// naming the file and line (`run/links.jsonl:17: missing key 'url'`) and skipped: one bad
/// record must not cost a whole night's report.
public enum LinksJSONLReader {
    /// Each navigation with the bytes of its line (so a merge can copy records verbatim).
    public static func navigations(_ path: String, warn: (String) -> Void,
                                   _ body: (Navigation, Data) throws -> Void) throws {
        try records(JSONLines(path: path), warn: warn) { try body($0.navigation, $0.line) }
    }

    /// As above, from `lines` as they are cut (the fuzzing harness, `Fuzz/`).
    package static func navigations(_ lines: JSONLines, warn: (String) -> Void,
                                    _ body: (Navigation, Data) throws -> Void) throws {
        try records(lines, warn: warn) { try body($0.navigation, $0.line) }
    }

    /// Each navigation with its line and the key its line refers to its verdicts by.
    package static func records(_ path: String, warn: (String) -> Void, _ body: (LinkRecord) throws -> Void) throws {
        try records(JSONLines(path: path), warn: warn, body)
    }

    package static func records(_ lines: JSONLines, warn: (String) -> Void, _ body: (LinkRecord) throws -> Void) throws {
        let decoder = JSONDecoder()
        let path = lines.path
        var sets = DefinedSets()
        var newerFormat = false
        try lines.forEach(overlong: { warn(Self.overlong(lines, $0)) }) { number, line in
            if PageRecordLine.isWrapped(line) { return }  // a streamed page record, not a navigation
            do {
                switch try decoder.decode(LinksLine.self, from: line) {
                case .format(let version):
                    // Every definition before it is forgotten: a writer starts again there.
                    sets.removeAll()
                    if version > LinksFormat.version, !newerFormat {
                        newerFormat = true
                        warn("\(path):\(number): links format \(version) is newer than this linkaudit reads "
                            + "(\(LinksFormat.version)); its records are read as format \(LinksFormat.version)")
                    }
                case .verdictSet(let key, let set):
                    if !sets.define(key, set) {
                        warn("\(path):\(number): more than \(LinksFormat.setsInForce) verdict sets defined without a "
                            + "format line between them; the sets defined before this line are forgotten")
                    }
                case .navigation(var navigation, let reference):
                    var writtenKey: String?
                    if let reference {
                        guard let set = sets[reference] else {
                            warn("\(path):\(number): verdict set '\(reference)' is not defined before this line")
                            return
                        }
                        navigation.verdicts = set
                        writtenKey = reference
                    }
                    try body(LinkRecord(navigation: navigation, line: line, writtenKey: writtenKey))
                }
            } catch let error as LinkAuditError {
                throw error
            } catch {
                warn("\(path):\(number): \(JSONErrorText.describe(error))")
            }
        }
    }

    /// Page records from a pages.jsonl, or (`streamed`) the wrapped ones a streaming run
    /// (`--jsonl-out -`) mixes into its links output.
    public static func pages(_ path: String, streamed: Bool = false, warn: (String) -> Void,
                             _ body: (PageRecord, Data) throws -> Void) throws {
        try pages(JSONLines(path: path), streamed: streamed, warn: warn, body)
    }

    /// As above, from `lines` as they are cut (the fuzzing harness, `Fuzz/`).
    package static func pages(_ lines: JSONLines, streamed: Bool = false, warn: (String) -> Void,
                              _ body: (PageRecord, Data) throws -> Void) throws {
        let decoder = JSONDecoder()
        let path = lines.path
        try lines.forEach(overlong: { warn(Self.overlong(lines, $0)) }) { number, line in
            if streamed && !PageRecordLine.isWrapped(line) { return }
            do {
                if streamed {
                    let record = try decoder.decode(PageRecordLine.self, from: line).pageRecord
                    try body(record, Data(record.jsonBytes))
                    return
                }
                try body(try decoder.decode(PageRecord.self, from: line), line)
            } catch let error as LinkAuditError {
                throw error
            } catch {
                warn("\(path):\(number): \(JSONErrorText.describe(error))")
            }
        }
    }

    static func overlong(_ lines: JSONLines, _ number: Int) -> String {
        "\(lines.path):\(number): the line is over \(lines.maxLineBytes >> 20) MiB and was skipped"
    }

    /// One record on its own, its verdicts written out in it (`Navigation.jsonLine`).
    public static func navigation(_ line: String) throws -> Navigation {
        try JSONDecoder().decode(NavigationLine.self, from: Data(line.utf8)).navigation
    }

    /// `run/links.jsonl` → `run/pages.jsonl` (`a.links.jsonl` → `a.pages.jsonl`).
    public static func pagesPath(forLinks path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard let range = name.range(of: "links", options: .backwards) else {
            return url.deletingLastPathComponent().appendingPathComponent("pages.jsonl").path
        }
        let dir = (path as NSString).deletingLastPathComponent
        let pagesName = name.replacingCharacters(in: range, with: "pages")
        return dir.isEmpty ? pagesName : dir + "/" + pagesName
    }
}

/// A page record inside a streamed links output: `{"pageRecord": {...}}`.
struct PageRecordLine: Decodable {
    var pageRecord: PageRecord

    static let prefix = Array(#"{"pageRecord":"#.utf8)

    static func isWrapped(_ line: Data) -> Bool { line.starts(with: prefix) }
}

/// One navigation read from `links.jsonl`.
package struct LinkRecord {
    package var navigation: Navigation
    /// The line as it was read.
    package var line: Data
    /// The key the line refers to its verdict set by (format 2), when it does not also
    /// carry them itself.
    package var writtenKey: String?
}

/// A line of `links.jsonl`, told apart by its keys: the format line, a verdict set's
/// definition, or a navigation (anything else, reported as the navigation it fails to be).
private enum LinksLine: Decodable {
    case format(Int)
    case verdictSet(String, VerdictSet)
    /// The navigation, and the key of its verdict set when its line refers to one.
    case navigation(Navigation, reference: String?)

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if container.contains(AnyKey("linksFormat")) {
            self = .format(try container.decode(Int.self, forKey: AnyKey("linksFormat")))
        } else if !container.contains(AnyKey("page")), container.contains(AnyKey("verdictSet")) {
            let key = try container.decode(String.self, forKey: AnyKey("verdictSet"))
            let verdicts = try container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("verdicts"))
            self = .verdictSet(key, try FlatVerdicts.decode(verdicts))
        } else {
            let line = try NavigationLine(from: decoder)
            let reference = line.navigation.verdicts == nil
                ? try container.decodeIfPresent(String.self, forKey: AnyKey("verdictSet")) : nil
            self = .navigation(line.navigation, reference: reference)
        }
    }
}

/// The verdict sets defined since the last format line, up to `LinksFormat.setsInForce`.
private struct DefinedSets {
    private var table: [String: VerdictSet] = [:]

    subscript(key: String) -> VerdictSet? { table[key] }

    /// False when the table was full and had to be emptied first.
    mutating func define(_ key: String, _ set: VerdictSet) -> Bool {
        var kept = true
        if table[key] == nil, table.count == LinksFormat.setsInForce {
            table.removeAll()
            kept = false
        }
        table[key] = set
        return kept
    }

    mutating func removeAll() {
        table.removeAll()
    }
}

/// A record with its verdicts in it: the navigation's own fields, and verdicts whose
/// details are flattened next to `outcome` and `reason` (as `Verdict.jsonBytes` writes them).
private struct NavigationLine: Decodable {
    var navigation: Navigation

    init(from decoder: Decoder) throws {
        navigation = try Navigation(from: decoder)
        let container = try decoder.container(keyedBy: AnyKey.self)
        let key = AnyKey("verdicts")
        if container.contains(key), try !container.decodeNil(forKey: key) {
            navigation.verdicts = try FlatVerdicts.decode(try container.nestedContainer(keyedBy: AnyKey.self, forKey: key))
        }
    }
}

private enum FlatVerdicts {
    /// Profile by profile in name order, so that of several bad verdicts the same one is
    /// named each time (a dictionary decodes in no fixed order; found by FuzzLinksJSONL).
    static func decode(_ verdicts: KeyedDecodingContainer<AnyKey>) throws -> VerdictSet {
        VerdictSet(try verdicts.allKeys.sorted(by: AnyKey.byName).map {
            ($0.stringValue, try verdicts.decode(FlatVerdict.self, forKey: $0).verdict)
        })
    }
}

private struct FlatVerdict: Decodable {
    var verdict: Verdict

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let outcome = try container.decode(Outcome.self, forKey: AnyKey("outcome"))
        // Any code is carried, declared or not: the file may come from a newer version.
        let reason = Reason(rawValue: try container.decode(String.self, forKey: AnyKey("reason")))
        var details: [String: String] = [:]
        for key in container.allKeys.sorted(by: AnyKey.byName) where !["outcome", "reason"].contains(key.stringValue) {
            if let text = try? container.decode(String.self, forKey: key) {
                details[key.stringValue] = text
            } else if let flag = try? container.decode(Bool.self, forKey: key) {
                details[key.stringValue] = String(flag)
            } else if let number = try? container.decode(Int.self, forKey: key) {
                details[key.stringValue] = String(number)
            } else {
                details[key.stringValue] = String(try container.decode(Double.self, forKey: key))
            }
        }
        verdict = Verdict(outcome, reason, details: details.isEmpty ? nil : details)
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    static func byName(_ a: AnyKey, _ b: AnyKey) -> Bool { a.stringValue < b.stringValue }
}
