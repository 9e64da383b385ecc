import Associations
import Foundation
import LinkAuditModel
import WHATWGURL

/// How the classifier hands a page's navigations to the checks (`Classifier.Judge`): the
/// judged-alone question asked with the navigation lent, and the findings of a memo row's
/// first navigation and of navigations a parser stop leaves unreached.
extension Classifier {
    /// `question(navs[i])` with the navigation lent, not copied: moved out of the array for the
    /// call and back after it. Handed over from the array (`navs[i]`, or in place through a
    /// buffer, as this was asked until issue 17), it was copied whole and destroyed again for
    /// every link — a retain and a release of each of its fields, some 700 instructions a link
    /// (Benchmarks/README.md, issue 17). The question sees only the navigation, never the
    /// array, so nothing can read the slot while it is empty.
    /// `judge.judgedAlone(navs[i])`, not asked where the judge says an ASCII `raw` text is never
    /// judged alone (`Judge.aloneOnlyBeyondASCII`) and the text is ASCII: lending the
    /// navigation (`ask`) and the question itself cost some 340 instructions a link, the bytes'
    /// high bits or-ed a word at a time some 60 (Benchmarks/README.md, issue 17). `plain`: always
    /// asked, the reference (`JudgedAloneTests`); debug builds (every test) ask the skipped
    /// question too, and it must answer false.
    static func isJudgedAlone(_ judge: Judge, of navs: inout [Navigation], at i: Int, plain: Bool = false) -> Bool {
        if !plain, judge.aloneOnlyBeyondASCII, navs.withUnsafeBufferPointer({ rawIsASCII($0, at: i) }) {
            assert(!ask(judge.judgedAlone, of: &navs, at: i))
            return false
        }
        return ask(judge.judgedAlone, of: &navs, at: i)
    }

    /// Whether `navigations[i].raw` is all ASCII, its bytes read where they lie and or-ed in a
    /// loop the compiler vectorises (a word a turn cost three times as much on these texts).
    static func rawIsASCII(_ navigations: UnsafeBufferPointer<Navigation>, at i: Int) -> Bool {
        navigations[i].raw.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            return any < 0x80
        } ?? navigations[i].raw.utf8.allSatisfy { $0 < 0x80 }
    }

    @inline(__always)
    static func ask<Answer>(_ question: (Navigation) -> Answer, of navs: inout [Navigation], at i: Int) -> Answer {
        navs.withUnsafeMutableBufferPointer { navs in
            let slot = navs.baseAddress! + i
            let navigation = slot.move()
            let answer = question(navigation)
            slot.initialize(to: navigation)
            return answer
        }
    }

    /// The findings of a navigation some engine never reaches, from the memo row of its
    /// verdicts with each `unreached` one's text left out (`unnamed`): the checks read a
    /// verdict's outcome, reason and `stripped` detail, never the navigation an `unreached`
    /// verdict names (`PageReach.verdict`; `CheckRun` lists what a check reads), so the
    /// navigations one stop leaves unreached on a page, and on every page, share their
    /// findings by their keys. Each was judged alone, some 22,000 instructions a time,
    /// 334 times on the first 100 pages of the dense corpus (Benchmarks/README.md, issue 17).
    /// `judge`: the checks, asked for a row not judged yet (with the row's verdict set).
    @inline(never)
    static func unreachedFindings(_ fixed: [Verdict?], at i: Int, numbers: UnsafeBufferPointer<Int32>,
                                          link: Int32, memo: DecisionMemo,
                                          names: VerdictSet.Names, judge: (VerdictSet) -> [FindingRef]) -> [FindingRef] {
        let count = fixed.count
        var key = [Int32](repeating: -1, count: count)
        for p in 0..<count {
            guard let verdict = fixed[p] else {
                key[p] = numbers[i * count + p]
                continue
            }
            guard verdict.outcome == .unreached else {
                key[p] = memo.number(of: verdict, profile: p)
                continue
            }
            key[p] = memo.unnamedNumber(of: verdict, profile: p)
        }
        let r = key.withUnsafeBufferPointer { key in
            memo.row(link: link, numbers: key) ?? memo.addRow(link: link, numbers: key, names: names)
        }
        let row = memo.row(r)
        if let findings = row.findings { return findings }
        let findings = judge(row.verdicts)
        memo.setRowFindings(r, findings)
        return findings
    }

    /// The findings of a row not judged yet, from its navigation `navs[i]`: those of a row of
    /// the same verdict set and facet where the judge gives facets (`FindingsByFacet`), the
    /// judge's otherwise. (`set`: the row's.)
    @inline(never)
    static func newRowFindings(_ set: VerdictSet, judge: Judge, of navs: inout [Navigation], at i: Int,
                                       memo: DecisionMemo) -> [FindingRef] {
        guard memo.sharesFindings, let facetOf = judge.facet else { return judge.findings(navs[i]) }
        let facet = ask(facetOf, of: &navs, at: i)
        let findings = memo.findings(set, facet) {
            judge.findingsWithFacet.map { findings in ask({ findings($0, facet) }, of: &navs, at: i) } ?? judge.findings(navs[i])
        }
        // The row of the set and facet speaks for this navigation, in debug builds (every test).
        assert(findings == judge.findings(navs[i]))
        return findings
    }

    /// An `unreached` verdict with the navigation it names left out: its outcome and reason,
    /// and an empty `unreachedBy` (no verdict a profile decides is `unreached`).
    static func unnamed(_ verdict: Verdict) -> Verdict {
        Verdict(verdict.outcome, verdict.reason, details: [VerdictDetail.unreachedBy: ""])
    }
}
