import LinkAuditModel

/// The records of `links.jsonl` and `pages.jsonl`, one JSON object per line. Field order
/// is the contract's: page, line, source, trigger, frame, delayMs, raw, url, scheme, …
extension Navigation {
    /// The record on its own, its verdicts written out in it (as format 1 wrote every
    /// line; `links.jsonl` refers to them by key instead: `PageLinks`).
    public var jsonBytes: [UInt8] {
        var json = JSONText(capacity: 512)
        writeJSON(to: &json, verdicts: verdicts.map { .inline(VerdictSetDefinition.json($0)) })
        return json.bytes
    }

    public var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// How a record gives its verdicts.
    enum VerdictsField {
        /// `"verdicts":{…}`.
        case inline([UInt8])
        /// `"verdictSet":"5e0c2b1a"`, defined on a line before it: the key quoted
        /// (`VerdictSetDefinition.reference`).
        case reference(quotedKey: [UInt8])
    }

    /// Appends this record as one JSON object (no newline).
    func writeJSON(to json: inout JSONText, verdicts field: VerdictsField?) {
        json.open()
        json.field("page", page)
        json.field("line", line)
        json.field("source", source)
        json.field("trigger", trigger.rawValue)
        json.field("frame", frame.rawValue)
        json.field("delayMs", delayMs)
        json.field("raw", raw)
        json.field("url", url)
        json.field("scheme", scheme)
        json.field("partial", partial)
        json.field("context", context)
        json.field("condition", condition)
        json.field("framedPage", framedPage)
        json.field("sandbox", sandbox)
        switch field {
        case .inline(let bytes): json.raw("verdicts", bytes)
        case .reference(let quotedKey): json.raw("verdictSet", quotedKey)
        case nil: break
        }
        if let findings {
            json.objects("findings", findings) { item, ref in
                item.field("code", ref.code)
                item.strings("profiles", ref.profiles)
            }
        }
        json.close()
    }
}

/// One page's share of `links.jsonl`, made by the worker that read the page: its lines,
/// each referring to its verdict set by key, and the definitions of those sets in order of
/// first use. The writer (`LinksOutput`) writes the definitions not in force, then the
/// lines as they are.
package struct PageLinks: Sendable {
    let definitions: [VerdictSetDefinition]
    /// The lines, newline-terminated, in one buffer (handed to the writer, not copied).
    let lines: OwnedBytes
    /// Only for a page with more sets than a file keeps defined at once
    /// (`LinksFormat.setsInForce`): each line's set, as an index into `definitions` (-1:
    /// none), so the writer can define them line by line.
    let lineSets: [Int32]?

    /// The lines' bytes (what the page holds while it waits for the writer).
    package var byteCount: Int { lines.count }

    /// A page's navigations, their sets looked up in (and added to) `memo`; the fields
    /// lines repeat written once (`LinkLineCells`).
    package init(_ navigations: [Navigation], memo: inout VerdictSetMemo) {
        self.init(navigations, memo: &memo, plain: false)
    }

    /// `plain`: every line written field by field (`Navigation.writeJSON`), the reference
    /// `LinkLineCells` must equal. The navigations are read in place, not copied out.
    init(_ navigations: [Navigation], memo: inout VerdictSetMemo, plain: Bool) {
        var json = JSONText(capacity: Self.capacity(navigations))
        var cells = LinkLineCells()
        navigations.withUnsafeBufferPointer { links in
            for position in links.indices {
                if links[position].verdicts != nil {
                    // Looked up in place (copied out, each link's set was retained and released).
                    let index = memo.index(ofSetOf: links.baseAddress! + position, link: position,
                                                 none: VerdictSetMemo.noVerdicts)
                    if plain {
                        links[position].writeJSON(to: &json, verdicts: .reference(quotedKey: memo.definition(at: index).reference))
                    } else {
                        // The set defined on the page (in order of first use); its definition,
                        // the run's texts and entry are read by a line only when its set's
                        // fields are not known yet: handed to every line, they were retained
                        // and released on each (Benchmarks/README.md, issue 17).
                        memo.define(at: index)
                        cells.write(links, position, set: index, memo: memo, to: &json)
                    }
                } else if plain {
                    links[position].writeJSON(to: &json, verdicts: nil)
                } else {
                    cells.writeUndecided(links, position, to: &json)
                }
                json.newline()
            }
        }
        lines = json.detach()
        definitions = memo.definitions
        lineSets = Self.lineSets(navigations.map(\.verdicts), definitions, &memo)
    }

    /// Room for a page's lines: ~200 bytes a line and its page, raw text and URL (each
    /// written whole; an `intent:` line is ~700 bytes). A guess of 256 bytes a line fell
    /// short on long links, and the lines were copied again at each doubling of the buffer
    /// (Benchmarks/README.md, issue 17). Capped at 64 MB: past it the buffer grows.
    /// Plus ~40 bytes a finding and 24 a profile it names (`"findings":[{"code":…,"profiles":
    /// […]}]`), and the room a JSON string asks for at most (six bytes a byte: `JSONString`)
    /// for the longest raw text or URL: without them a page with findings outgrew its buffer,
    /// and its lines so far were copied (~500 times on the dense corpus's 100 pages, 3 M
    /// instructions; 6 M on the `intent:` corpus: issue 17).
    static func capacity(_ navigations: [Navigation]) -> Int {
        navigations.withUnsafeBufferPointer { links in
            var bytes = 64, longest = 0
            for position in links.indices {
                let raw = links[position].raw.utf8.count, url = links[position].url.utf8.count
                bytes += 200 + links[position].page.utf8.count + raw + url
                longest = max(longest, raw, url)
                if let findings = links[position].findings {
                    findings.withUnsafeBufferPointer { refs in
                        for ref in refs.indices { bytes += 40 + refs[ref].code.utf8.count + 24 * refs[ref].profiles.count }
                    }
                }
                if bytes >= 64 << 20 { return 64 << 20 }
            }
            return bytes + 6 * longest
        }
    }

    /// The lines of `records` as read from another file (`linkaudit report` merging runs):
    /// a line whose verdicts are already referred to by the key this page gives them is
    /// copied as it is, so that fields of a newer version survive; any other line with
    /// verdicts is written again, in this version's form.
    init(merging records: [LinkRecord], memo: inout VerdictSetMemo) {
        var json = JSONText(capacity: records.reduce(64) { $0 + $1.line.count + 1 })
        for record in records {
            guard let set = record.navigation.verdicts else {
                json.append(record.line)
                json.newline()
                continue
            }
            let definition = memo.definition(at: memo.index(of: set))
            if record.writtenKey == definition.key.text {
                json.append(record.line)
            } else {
                record.navigation.writeJSON(to: &json, verdicts: .reference(quotedKey: definition.reference))
            }
            json.newline()
        }
        lines = json.detach()
        definitions = memo.definitions
        lineSets = Self.lineSets(records.map(\.navigation.verdicts), definitions, &memo)
    }

    /// nil unless the page has more sets than a file keeps defined at once.
    private static func lineSets(_ sets: @autoclosure () -> [VerdictSet?], _ definitions: [VerdictSetDefinition],
                                 _ memo: inout VerdictSetMemo) -> [Int32]? {
        guard definitions.count > LinksFormat.setsInForce else { return nil }
        let position = Dictionary(uniqueKeysWithValues: definitions.enumerated().map { ($1.key, Int32($0)) })
        return sets().map { set in set.map { position[memo.definition(at: memo.index(of: $0)).key]! } ?? -1 }
    }
}

extension Verdict {
    package var jsonBytes: [UInt8] {
        var json = JSONText(capacity: 128)
        writeJSON(to: &json)
        return json.bytes
    }

    /// `{"outcome":…,"reason":…}` with the details flattened after them, keys sorted.
    func writeJSON(to json: inout JSONText) {
        json.open()
        json.field("outcome", outcome.rawValue)
        json.field("reason", reason.rawValue)
        if let details {
            if details.count == 1, let only = details.first {
                // One detail (most verdicts that have any): nothing to sort, where the sort
                // copied the dictionary into an array and freed it (issue 17).
                json.field(dynamic: only.key, only.value)
            } else {
                // In key order (keys are unique: the same order as the keys sorted), each value
                // taken with its key rather than looked up again.
                for (key, value) in details.sorted(by: { $0.key < $1.key }) {
                    json.field(dynamic: key, value)
                }
            }
        }
        json.close()
    }
}

extension PageRecord {
    public var jsonBytes: [UInt8] {
        var json = JSONText()
        json.field("page", page)
        json.field("file", file)
        json.field("bytes", bytes)
        json.field("status", status)
        json.field("encoding", encoding)
        json.field("navigations", navigations)
        json.field("warning", warning)
        json.field("httpStatus", httpStatus)
        json.field("association", association)
        if let problems { json.strings("problems", problems) }
        return json.closed()
    }

    public var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The record as a streaming run writes it among the links: `{"pageRecord":{…}}`.
    package var streamedJSONBytes: [UInt8] {
        PageRecordLine.prefix + jsonBytes + [0x7D]
    }
}
