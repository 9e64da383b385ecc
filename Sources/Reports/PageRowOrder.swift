/// A page's finding rows put in report order (`Finding.ordered`: page, line, code, URL;
/// ties as made) on the page's worker. Every row of a page names the same page, so the
/// order is by line, then code, then URL; a page's few codes are ranked once, and each
/// row compared by its line and its code's rank, where `Finding.ordered` compared two
/// codes of a dozen bytes or more through the standard library's ordering on every
/// comparison of two rows of one line — a deep link's three or four findings are one line
/// (`intent:` corpus, 100 pages: ~1,700 instructions a link, Benchmarks/README.md, issue 17).
/// `order(_:plain: true)` is the plain version (a stable sort by `Finding.ordered`);
/// `PageRowOrderTests` compares the two.
enum PageRowOrder {
    /// The positions of `rows` in report order: `rows[result[0]]` comes first; equal rows
    /// keep the order they had.
    static func order(_ rows: UnsafeBufferPointer<Finding>, plain: Bool = false) -> [Int] {
        var order = Array(rows.indices)
        guard rows.count > 1 else { return order }
        let page = rows[0].page
        if plain || !rows.allSatisfy({ $0.page == page }) {
            order.sort { Finding.ordered(rows[$0], rows[$1]) }
            return order
        }
        // Each row's code as its rank among the page's codes (`String` order, codes equal
        // by `==` sharing a rank).
        var codes: [String] = []
        var codeOf = [Int](repeating: 0, count: rows.count)
        for i in rows.indices {
            let code = rows[i].code
            if let known = codes.firstIndex(where: { $0.isName(code) }) ?? codes.firstIndex(of: code) {
                codeOf[i] = known
            } else {
                codeOf[i] = codes.count
                codes.append(code)
            }
        }
        let ranked = codes.indices.sorted { codes[$0] < codes[$1] }
        var rank = [Int](repeating: 0, count: codes.count)
        for (position, code) in ranked.enumerated() { rank[code] = position }
        let keys = rows.indices.map { (line: rows[$0].line ?? 0, code: rank[codeOf[$0]]) }
        order.sort { a, b in
            if keys[a].line != keys[b].line { return keys[a].line < keys[b].line }
            if keys[a].code != keys[b].code { return keys[a].code < keys[b].code }
            if rows[a].url != rows[b].url { return rows[a].url < rows[b].url }
            return a < b
        }
        return order
    }
}
