import Foundation
import WHATWGURL

/// One association-file response as fetched or as kept on disk.
struct StoredResponse: Sendable {
    var status: Int
    var headers: HeaderFields
    var body: [UInt8]
    /// The body went past the fetch limit and was cut there (never kept on disk).
    var cut = false
}

/// `--cache DIR`: association files kept between runs under HTTP caching rules
/// (`HTTPFreshness`). One JSON file per URL, named after the URL with every byte but
/// letters, digits, `-` and `.` escaped as `_XX` (so no name can leave the folder). A fresh
/// entry is used without a request; a stale one with an `ETag` or `Last-Modified` is
/// revalidated (`If-None-Match` / `If-Modified-Since`) and a 304 refreshes it; anything
/// else is fetched again. Entries that cannot be read are ignored; the first entry that
/// cannot be written is reported once.
final class AssociationCache: @unchecked Sendable {
    struct Entry: Codable {
        var url: String
        var status: Int
        var headers: [[String]]
        /// Base64.
        var body: String
        /// When it was received or last revalidated, in seconds since 1970.
        var storedAt: Double

        var response: StoredResponse {
            var fields = HeaderFields()
            for pair in headers where pair.count == 2 { fields.append(pair[0], pair[1]) }
            return StoredResponse(status: status, headers: fields, body: Array(Data(base64Encoded: body) ?? Data()))
        }

        var freshness: HTTPFreshness { HTTPFreshness(headers: response.headers) }
    }

    let directory: String
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    private(set) var writeProblem: String?

    init(directory: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.now = now
    }

    var currentDate: Date { now() }

    static func fileName(for url: WebURL) -> String {
        let text = (url.hostname ?? "") + url.pathname + url.search
        var name = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                name += "_" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return name + ".json"
    }

    private func path(for url: WebURL) -> String { directory + "/" + Self.fileName(for: url) }

    func load(_ url: WebURL) -> Entry? {
        guard let data = FileManager.default.contents(atPath: path(for: url)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.url == url.href else { return nil }
        return entry
    }

    func isFresh(_ entry: Entry) -> Bool {
        entry.freshness.isFresh(storedAt: Date(timeIntervalSince1970: entry.storedAt), now: now())
    }

    /// Keeps `response` when its status and headers allow.
    func store(_ response: StoredResponse, for url: WebURL) {
        guard !response.cut, HTTPFreshness(headers: response.headers).isStorable(status: response.status) else { return }
        save(Entry(url: url.href, status: response.status, headers: response.headers.pairs.map { [$0.name, $0.value] },
                   body: Data(response.body).base64EncodedString(), storedAt: now().timeIntervalSince1970))
    }

    /// A 304 answer to a revalidation: the stored response with the 304's headers over its
    /// own (RFC 9111 §4.3.4), received now.
    func refresh(_ entry: Entry, for url: WebURL, with headers: HeaderFields) -> StoredResponse {
        var updated = entry
        let replaced = Set(headers.pairs.map { $0.name.lowercased() }).subtracting(["content-length", "content-encoding",
                                                                                   "transfer-encoding", "connection"])
        updated.headers = entry.headers.filter { $0.count == 2 && !replaced.contains($0[0].lowercased()) }
            + headers.pairs.filter { replaced.contains($0.name.lowercased()) }.map { [$0.name, $0.value] }
        updated.storedAt = now().timeIntervalSince1970
        if updated.freshness.noStore {
            try? FileManager.default.removeItem(atPath: path(for: url))
        } else {
            save(updated)
        }
        return updated.response
    }

    private func save(_ entry: Entry) {
        guard let url = WebURL.parse(entry.url), let data = try? JSONEncoder().encode(entry) else { return }
        do {
            try data.write(to: URL(fileURLWithPath: path(for: url)), options: .atomic)
        } catch {
            lock.withLock { if writeProblem == nil { writeProblem = "--cache: cannot write \(path(for: url))" } }
        }
    }
}
