import Foundation
import Checks
import LinkAuditModel
import Policies

extension SchemeInventory {
    /// One page's deep links, counted by scheme and package on the worker that read the
    /// page (a few entries, where a list of its deep links held one per link).
    /// A scheme is told a deep link's or not once a page, and counted in the same lookup
    /// (a set and a dictionary hashed every link's scheme twice).
    ///
    /// A run of links of one scheme (and of `intent:` links of one package) is counted without
    /// a lookup, and added to the tables when another comes: a page's links mostly come in
    /// runs of a scheme, and hashing each link's scheme and package was ~800 instructions an
    /// `intent:` link (Benchmarks/README.md, issue 17). `ReportPartsTests` compares the counts
    /// with counting each link by lookup (the plain way).
    struct PageCounts: Sendable {
        /// The page's counts by name, once every link is counted (`close()`).
        struct Closed: Sendable {
            var schemes: [(name: String, links: Int)]
            var packages: [(name: String, links: Int)]
        }

        /// Set by `close()`, on the worker that read the page: the writer then adds up two
        /// short lists, where it had made both tables of every page itself, on the run's one
        /// writer (~43,000 instructions a dense page, issue 17). The counting state is
        /// dropped with it.
        private var closedCounts: Closed?

        /// The counts by name, made here unless `close()` made them.
        var closed: Closed {
            closedCounts ?? lists(plain: false)
        }

        /// The counts by name read off the page's tables, when every name in them is ASCII:
        /// names in different bytes are then different names. Else (and `plain`) through the
        /// dictionaries of `schemes` and `packages`, which add up names that are `==` in
        /// different bytes; made through them always, a dense page's ~30 names cost ~40,000
        /// instructions (issue 17). `SchemeInventoryCountsTests` compares the two. Of counts
        /// not yet closed (`closed` reads those).
        func lists(plain: Bool) -> Closed {
            var counts = self
            counts.countRun()
            counts.runLinks = nil
            if let run = counts.packageRun {
                counts.count(package: run)
                counts.packageRun = nil
            }
            var closed = Closed(schemes: [], packages: [])
            if !plain, counts.listed.allSatisfy({ $0.packed.isASCII }), counts.seen.keys.allSatisfy(Self.isASCII) {
                closed.schemes.reserveCapacity(counts.listed.count + counts.seen.count)
                for entry in counts.listed where entry.deep && entry.links > 0 { closed.schemes.append((entry.scheme, entry.links)) }
                for (scheme, entry) in counts.seen where entry.deep && entry.links > 0 { closed.schemes.append((scheme, entry.links)) }
            } else {
                closed.schemes = counts.countedSchemes.map { ($0.key, $0.value) }
            }
            if !plain, counts.recentPackages.allSatisfy({ Self.isASCII($0.name) }), counts.packageLinks.keys.allSatisfy(Self.isASCII) {
                closed.packages = counts.recentPackages
                for (name, links) in counts.packageLinks { closed.packages.append((name, links)) }
            } else {
                closed.packages = counts.countedPackages.map { ($0.key, $0.value) }
            }
            return closed
        }

        private static func isASCII(_ name: String) -> Bool {
            name.utf8.allSatisfy { $0 < 0x80 }
        }

        /// Makes the counts by name and drops what counted them: no link is added after.
        mutating func close() {
            guard closedCounts == nil else { return }
            let made = closed
            self = PageCounts()
            closedCounts = made
        }

        var schemes: [String: Int] {
            guard let closedCounts else { return countedSchemes }
            return Dictionary(closedCounts.schemes, uniquingKeysWith: +)
        }
        var packages: [String: Int] {
            guard let closedCounts else { return countedPackages }
            return Dictionary(closedCounts.packages, uniquingKeysWith: +)
        }

        private var countedSchemes: [String: Int] {
            var counts = self
            counts.countRun()
            // Room for every scheme at once: grown from empty, the table was rehashed as it grew.
            var all: [String: Int] = [:]
            all.reserveCapacity(counts.seen.count + counts.listed.count)
            for (scheme, entry) in counts.seen where entry.deep && entry.links > 0 { all[scheme, default: 0] += entry.links }
            for entry in counts.listed where entry.deep && entry.links > 0 { all[entry.scheme, default: 0] += entry.links }
            return all
        }
        private var countedPackages: [String: Int] {
            var all = packageLinks
            for (name, links) in recentPackages { all[name, default: 0] += links }
            if let packageRun { all[packageRun.name, default: 0] += packageRun.links }
            return all
        }
        private var packageLinks: [String: Int] = [:]
        /// The page's first packages, found by a scan (length first) rather than a hash: a
        /// page names a handful, its links alternating between them.
        private var recentPackages: [(name: String, links: Int)] = []
        private static let recentLimit = 16
        /// The page's first schemes of up to 15 bytes, found by their bytes (`PackedScheme`:
        /// two words compared) rather than by a hash of their names; the rest in `seen`. A
        /// scheme is in one of the two, never both: it is looked for here first.
        private var listed: [(packed: PackedScheme, scheme: String, deep: Bool, links: Int)] = []
        private static let listedLimit = 64
        private var seen: [String: (deep: Bool, links: Int)] = [:]
        /// The scheme of the last links (`runLinks` nil: none yet), whether it is a deep
        /// link's, how many of them, and its place in `listed` (-1: in `seen`). Fields of
        /// their own, read in place: as one optional tuple, the run was copied out on every
        /// link, its scheme retained and released, and a dense page's schemes change from
        /// link to link (~3 calls a link, issue 17).
        private var runScheme = ""
        private var runDeep = false
        private var runLinks: Int?
        private var runPlace = -1
        /// Whether the run's scheme is `intent`, told once a run.
        private var runIntent = false
        /// The package of the last `intent:` links, and how many.
        private var packageRun: (name: String, links: Int)?

        /// One navigation, by its scheme and URL (not the whole navigation: a copy a link).
        mutating func add(scheme: String, url: @autoclosure () -> String) {
            add(packed: PackedScheme(scheme), scheme: scheme, url: url())
        }

        /// `add(scheme:url:)` of a link read in place: its scheme is copied out only where a
        /// lookup needs the string (a scheme not met on the page yet), where handing it over
        /// retained and released it on every link (issue 17).
        @inline(__always)
        mutating func add(_ link: UnsafePointer<Navigation>) {
            add(packed: PackedScheme(link.pointee.scheme), scheme: link.pointee.scheme, url: link.pointee.url)
        }

        /// A listed scheme's run is known by its place (`runPlace`) and compared by its bytes
        /// (`sameAsRun`): kept as a string of its own, the run's scheme was retained and
        /// released on nearly every link of a dense page, where runs are a link long (issue 17).
        @inline(__always)
        private mutating func add(packed: PackedScheme?, scheme: @autoclosure () -> String,
                                  url: @autoclosure () -> String) {
            precondition(closedCounts == nil, "a link counted after the page's counts were closed")
            let deep: Bool
            if runLinks != nil, sameAsRun(scheme, packed) {
                deep = runDeep
                if deep { runLinks! += 1 }
            } else {
                countRun()
                let (known, place) = find(scheme, packed)
                deep = known
                // The string only for a scheme not listed (`seen` counts it by name).
                if place < 0 { runScheme = scheme() }
                runDeep = deep
                runLinks = deep ? 1 : 0
                runPlace = place
                // `intent` by its bytes: a string `==` to it has them (`String.isName`).
                runIntent = deep && (packed.map { $0 == Self.intent } ?? scheme().isName("intent"))
            }
            guard deep, runIntent else { return }
            // The run's packages by fragment (`IntentPackageMemo`); `SchemeInventory.package(of:)`
            // is the plain reading.
            let package = IntentPackageMemo.shared.package(of: url())
            if let current = packageRun, current.name == package {
                packageRun!.links += 1
            } else {
                if let packageRun { count(package: packageRun) }
                packageRun = (package, 1)
            }
        }

        private static let intent = PackedScheme("intent")!

        /// Whether `scheme` is a deep link's, and its place in `listed` (-1: in `seen`, or to
        /// be counted there): listed on first sight while there is room. `scheme` is asked
        /// for only when the scheme is not listed.
        private mutating func find(_ scheme: () -> String, _ packed: PackedScheme?) -> (deep: Bool, place: Int) {
            guard let packed else {
                let scheme = scheme()
                return (seen[scheme]?.deep ?? WebSchemes.isDeepLink(scheme), -1)
            }
            // Read in place (an entry copied out retained its scheme).
            let found = listed.withUnsafeBufferPointer { list -> (place: Int, deep: Bool)? in
                for i in list.indices where list[i].packed == packed { return (i, list[i].deep) }
                return nil
            }
            if let found { return (found.deep, found.place) }
            let scheme = scheme()
            if let known = seen[scheme] { return (known.deep, -1) }
            let deep = WebSchemes.isDeepLink(scheme)
            guard listed.count < Self.listedLimit else { return (deep, -1) }
            // Room for a page's usual few dozen schemes from the first.
            if listed.isEmpty { listed.reserveCapacity(32) }
            listed.append((packed, scheme, deep, 0))
            return (deep, listed.count - 1)
        }

        private mutating func count(package run: (name: String, links: Int)) {
            let known = recentPackages.withUnsafeBufferPointer { list -> Int? in
                for i in list.indices where list[i].name.isName(run.name) { return i }
                return nil
            }
            if let known {
                recentPackages[known].links += run.links
            } else if recentPackages.count < Self.recentLimit {
                recentPackages.append(run)
            } else {
                packageLinks[run.name, default: 0] += run.links
            }
        }

        /// Whether `scheme` (packed: `packed`) is the run's, as `==` tells: a listed scheme by
        /// its bytes, read in place, and by `==` only when they differ and either is not ASCII
        /// (ASCII strings are equal exactly when their bytes are); any other by `==`.
        @inline(__always)
        private func sameAsRun(_ scheme: () -> String, _ packed: PackedScheme?) -> Bool {
            guard runPlace >= 0 else { return runScheme == scheme() }
            return listed.withUnsafeBufferPointer { list in
                precondition(runPlace < list.count, "a listed scheme")
                if let packed {
                    if list[runPlace].packed == packed { return true }
                    if packed.isASCII, list[runPlace].packed.isASCII { return false }
                }
                return list[runPlace].scheme == scheme()
            }
        }

        /// The run so far counted in (none: nothing), read where it is.
        private mutating func countRun() {
            guard let links = runLinks else { return }
            if runPlace >= 0 {
                // In place: the entry copied out and back retained and released its scheme.
                listed.withUnsafeMutableBufferPointer { list in
                    precondition(runPlace < list.count, "a listed scheme")
                    list[runPlace].links += links
                }
            } else {
                seen[runScheme, default: (runDeep, 0)].links += links
            }
        }
    }
}
