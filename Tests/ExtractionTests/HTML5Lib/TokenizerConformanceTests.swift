import Foundation
import XCTest
@testable import Extraction
import TestSupport

/// The html5lib tokenizer suite (Tests/Fixtures/html5lib/tokenizer) as a conformance
/// harness: for every case whose expected tokens hold start tags, the start tags and
/// attribute values the extractor's SAX walk sees (libxml2 after `TokenizerAlignment`)
/// must be the ones a browser's tokenizer produces. Cases that do not are listed, each
/// with its reason, in `TokenizerConformanceExceptions.swift`; a listed case that passes
/// fails the test, so the list only shrinks.
final class TokenizerConformanceTests: XCTestCase {
    struct StartTag: Equatable, CustomStringConvertible {
        var name: String
        var attributes: [String: String]
        var description: String {
            "<\(name)" + attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value.debugDescription)" }.joined() + ">"
        }
    }

    struct Case {
        var key: String
        var input: String
        var expected: [StartTag]
    }

    func testStartTagsAndAttributes() throws {
        var passed = 0
        var failures: [String: String] = [:]
        var skipped: [String: String] = [:]
        for file in Self.files {
            let (cases, skips) = try Self.cases(file)
            skipped.merge(skips) { a, _ in a }
            for c in cases {
                let actual = Self.startTags(c.input)
                if Self.agrees(actual, c.expected) {
                    passed += 1
                } else {
                    failures[c.key] = "expected \(c.expected) got \(actual)"
                }
            }
        }
        let exceptions = TokenizerConformanceExceptions.cases
        for (key, detail) in failures.sorted(by: { $0.key < $1.key }) where exceptions[key] == nil {
            XCTFail("\(key): \(detail)")
        }
        for key in exceptions.keys.sorted() where failures[key] == nil {
            XCTFail("\(key) is listed as an exception but passes (or no longer exists): remove it from the list")
        }
        for (key, reason) in skipped.sorted(by: { $0.key < $1.key }) {
            print("skipped \(key): \(reason)")
        }
        print("html5lib tokenizer start tags: \(passed) pass, \(failures.count) listed exceptions, \(skipped.count) skipped")
        XCTAssertGreaterThan(passed, 300)
    }

    // MARK: - Running a case

    /// Start tags (with attributes) the extractor's parse reports for `input`.
    static func startTags(_ input: String) -> [StartTag] {
        var bytes = Array(input.utf8)
        return bytes.withUnsafeMutableBytes { buffer in
            SAXEventLog.startTags(UnsafeRawBufferPointer(buffer)).map { StartTag(name: $0.name, attributes: $0.attributes) }
        }
    }

    /// The expected tags in order; libxml2 may add implied `html`, `head`, `body` and `p`
    /// elements (without attributes) around them, which the tree builder would add too.
    static func agrees(_ actual: [StartTag], _ expected: [StartTag]) -> Bool {
        var j = 0
        for tag in actual {
            if j < expected.count && tag == expected[j] {
                j += 1
            } else if !(tag.attributes.isEmpty && ["html", "head", "body", "p"].contains(tag.name)) {
                return false
            }
        }
        return j == expected.count
    }

    // MARK: - Reading the suite

    static let files = [
        "contentModelFlags", "domjs", "entities", "escapeFlag", "namedEntities", "numericEntities",
        "pendingSpecChanges", "test1", "test2", "test3", "test4", "unicodeChars", "unicodeCharsProblematic",
    ]

    /// Wrappers giving a document the tokenizer state a case starts in.
    static let wrappers = [
        "RCDATA state": "textarea", "RAWTEXT state": "xmp", "Script data state": "script", "PLAINTEXT state": "plaintext",
    ]

    static func cases(_ file: String) throws -> (cases: [Case], skipped: [String: String]) {
        let data = try Fixture.data("html5lib/tokenizer/\(file).test")
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = root["tests"] as? [[String: Any]] ?? []
        var cases: [Case] = []
        var skipped: [String: String] = [:]
        var seen: [String: Int] = [:]
        for test in tests {
            let description = test["description"] as? String ?? ""
            let escaped = test["doubleEscaped"] as? Bool ?? false
            let output = test["output"] as? [[Any]] ?? []
            guard output.contains(where: { $0.first as? String == "StartTag" }) else { continue }
            var key = "\(file): \(description)"
            seen[key, default: 0] += 1
            if seen[key]! > 1 { key += " #\(seen[key]!)" }
            guard let input = text(test["input"] as? String ?? "", escaped),
                  let expected = expectedTags(output, escaped) else {
                skipped[key] = "lone surrogate: a page decoded to UTF-8 can hold none"
                continue
            }
            for state in test["initialStates"] as? [String] ?? ["Data state"] {
                let stateKey = state == "Data state" ? key : "\(key) [\(state)]"
                if state == "Data state" {
                    cases.append(Case(key: stateKey, input: input, expected: expected))
                    continue
                }
                guard let wrapper = (test["lastStartTag"] as? String) ?? wrappers[state] else {
                    skipped[stateKey] = "\(state) exists only in foreign content"
                    continue
                }
                cases.append(Case(key: stateKey, input: "<\(wrapper)>" + input,
                                  expected: [StartTag(name: wrapper, attributes: [:])] + expected))
            }
        }
        return (cases, skipped)
    }

    static func expectedTags(_ output: [[Any]], _ escaped: Bool) -> [StartTag]? {
        var tags: [StartTag] = []
        for token in output where token.first as? String == "StartTag" {
            guard let name = text(token[1] as? String ?? "", escaped) else { return nil }
            var attributes: [String: String] = [:]
            for (k, v) in token.count > 2 ? token[2] as? [String: String] ?? [:] : [:] {
                guard let k = text(k, escaped), let v = text(v, escaped) else { return nil }
                attributes[k] = v
            }
            tags.append(StartTag(name: name, attributes: attributes))
        }
        return tags
    }

    /// The suite's text: with `doubleEscaped`, `\uHHHH` sequences are undone once more
    /// (nil when that leaves a lone surrogate).
    static func text(_ s: String, _ escaped: Bool) -> String? {
        guard escaped else { return s }
        var units: [UInt16] = []
        let u = Array(s.utf16)
        var i = 0
        while i < u.count {
            if u[i] == 0x5C, i + 5 < u.count, u[i + 1] == 0x75,
               let v = UInt16(String(decoding: u[(i + 2)..<(i + 6)], as: UTF16.self), radix: 16) {
                units.append(v)
                i += 6
            } else {
                units.append(u[i])
                i += 1
            }
        }
        var out = ""
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): out.unicodeScalars.append(scalar)
            case .emptyInput: return out
            case .error: return nil
            }
        }
    }
}
