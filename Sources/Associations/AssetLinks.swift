import WHATWGURL

/// A site's `assetlinks.json` (Digital Asset Links statement list) as Android verification
/// reads it (Docs/PLATFORM.md §C.2): statements "this site → relation → that app or site", and the
/// `include` statements that pull further lists in.
public struct AssetLinks: Sendable, Equatable {
    public var statements: [AssetStatement]
    /// Files named by `include` statements, in order. Their statements count as this file's:
    /// the fetch stage fetches them (HTTPS, status 200, no redirects) and adds them with
    /// `merging(_:)`. Until then the queries below see only this file's own statements.
    public var includes: [WebURL]

    public init(statements: [AssetStatement] = [], includes: [WebURL] = []) {
        self.statements = statements
        self.includes = includes
    }

    /// This list plus an included file's statements (its own includes are added to be fetched).
    public func merging(_ included: AssetLinks) -> AssetLinks {
        AssetLinks(statements: statements + included.statements, includes: includes + included.includes)
    }

    /// One fact per (relation, target), an app with several certificates counting once per
    /// certificate, in file order: the Digital Asset Links `List` call on this list.
    public func links(relation: AssetRelation? = nil) -> [AssetLink] {
        var seen = Set<AssetLink>()
        var links: [AssetLink] = []
        for statement in statements {
            for statementRelation in statement.relations where relation == nil || statementRelation == relation {
                for target in statement.target.singleCertificateTargets {
                    let link = AssetLink(relation: statementRelation, target: target)
                    if seen.insert(link).inserted { links.append(link) }
                }
            }
        }
        return links
    }

    /// Whether some statement makes `relation` hold for `target`: the `Check` call. An app
    /// target matches when the package is the same and each of its fingerprints is listed.
    public func contains(relation: AssetRelation, target: AssetTarget) -> Bool {
        statements.contains { statement in
            statement.relations.contains(relation) && statement.target.covers(target)
        }
    }

    /// "This site lets that app handle all its URLs": a `handle_all_urls` statement for the
    /// package, listing `fingerprint` (any certificate when nil). What App Links
    /// verification needs from each host of the app's filters.
    public func verifies(package: String, fingerprint: CertificateFingerprint? = nil) -> Bool {
        contains(relation: .handleAllURLs,
                 target: .androidApp(AndroidAppAsset(packageName: package, fingerprints: fingerprint.map { [$0] } ?? [])))
    }

    /// The apps this site delegates `handle_all_urls` to.
    public var appLinkApps: [AndroidAppAsset] {
        statements.compactMap { statement in
            guard statement.relations.contains(.handleAllURLs), case .androidApp(let app) = statement.target else { return nil }
            return app
        }
    }
}

/// One statement: the relations it asserts and their target.
public struct AssetStatement: Hashable, Sendable {
    public var relations: [AssetRelation]
    public var target: AssetTarget

    public init(relations: [AssetRelation], target: AssetTarget) {
        self.relations = relations
        self.target = target
    }
}

/// A statement's target: an Android app or a web site. (The specification also describes
/// `ios_app`; Android verification never uses it, so it is read as an unrecognised namespace.)
public enum AssetTarget: Hashable, Sendable, CustomStringConvertible {
    case androidApp(AndroidAppAsset)
    case web(AssetSite)

    public var description: String {
        switch self {
        case .androidApp(let app): return "android_app " + app.description
        case .web(let site): return "web " + site.description
        }
    }

    var singleCertificateTargets: [AssetTarget] {
        guard case .androidApp(let app) = self, app.fingerprints.count > 1 else { return [self] }
        return app.fingerprints.map { .androidApp(AndroidAppAsset(packageName: app.packageName, fingerprints: [$0])) }
    }

    /// Whether this (stated) target covers the queried one.
    func covers(_ query: AssetTarget) -> Bool {
        switch (self, query) {
        case (.web(let site), .web(let wanted)):
            return site == wanted
        case (.androidApp(let app), .androidApp(let wanted)):
            return app.packageName == wanted.packageName && wanted.fingerprints.allSatisfy(app.fingerprints.contains)
        default:
            return false
        }
    }
}

/// One (relation, target) fact of a statement list.
public struct AssetLink: Hashable, Sendable, CustomStringConvertible {
    public var relation: AssetRelation
    public var target: AssetTarget

    public init(relation: AssetRelation, target: AssetTarget) {
        self.relation = relation
        self.target = target
    }

    public var description: String { "\(relation) → \(target)" }
}
