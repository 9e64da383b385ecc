/// The known name a mistyped one is closest to, for "did you mean …?": the smallest edit
/// distance (insertions, deletions, substitutions), offered only when it is small against
/// the name's length — one edit for names of up to four letters, two for longer ones —
/// so an unrelated word gets no suggestion. Ties go to the alphabetically first name.
enum NearestName {
    static func find(_ name: String, among known: some Collection<String>) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        // A command line is short; anything longer is no typo of a flag name.
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        let limit = typed.count <= 4 ? 1 : 2
        var best: (distance: Int, name: String)?
        for candidate in known {
            let d = distance(typed, Array(candidate.unicodeScalars))
            guard d <= limit, d < typed.count else { continue }
            if best == nil || d < best!.distance || (d == best!.distance && candidate < best!.name) {
                best = (d, candidate)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, one row at a time.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
