import Associations
import LinkAuditModel
import Policies

/// A finding code: what it means, why it hurts users, what to do, and the HTML examples
/// that must (and must not) raise it. One file per code under `Checks/`; its test method
/// (`CheckExamplesTests.test_CODE`) runs every example through the whole pipeline, so each
/// code documents and tests itself.
public struct Check: Sendable {
    public enum Scope: Sendable { case navigation, page }

    public let code: String
    public let severity: Severity
    public let scope: Scope
    /// One line for tables.
    public let title: String
    /// What the finding says happened.
    public let meaning: String
    /// Why it hurts the user.
    public let impact: String
    /// What to do about it.
    public let advice: String
    public let triggering: [CheckExample]
    public let nonTriggering: [CheckExample]
    /// The profiles on which the check fires for a classified navigation (empty: it does not).
    let fires: @Sendable (Navigation) -> [String]
    /// For page-scope checks: whether a page record raises it.
    package let firesOnPage: @Sendable (PageRecord) -> Bool
    /// For page-scope checks: the reasons its finding gives (default: the record's status).
    package let pageReasons: @Sendable (PageRecord) -> [String]

    public init(code: String, severity: Severity, scope: Scope = .navigation, title: String, meaning: String,
                impact: String, advice: String, triggering: [CheckExample], nonTriggering: [CheckExample],
                fires: @escaping @Sendable (Navigation) -> [String] = { _ in [] },
                firesOnPage: @escaping @Sendable (PageRecord) -> Bool = { _ in false },
                pageReasons: @escaping @Sendable (PageRecord) -> [String] = { [$0.status] }) {
        self.code = code
        self.severity = severity
        self.scope = scope
        self.title = title
        self.meaning = meaning
        self.impact = impact
        self.advice = advice
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.fires = fires
        self.firesOnPage = firesOnPage
        self.pageReasons = pageReasons
    }

    public func profiles(_ navigation: Navigation) -> [String] {
        Self.inNameOrder(fires(navigation))
    }

    /// The profile names a rule gave, sorted (as they usually come already). The pairs read in
    /// place: a `zip` of the array and its slice copied and destroyed its iterator, the array
    /// retained and released, for every check of every row judged (Benchmarks/README.md, issue 17).
    /// Taken owned: handed back as it came, borrowed it was retained once more (issue 17).
    static func inNameOrder(_ names: __owned [String]) -> [String] {
        let sorted = names.withUnsafeBufferPointer { names in
            names.indices.dropFirst().allSatisfy { names[$0 - 1] < names[$0] }
        }
        return sorted ? names : names.sorted()
    }

    /// The profiles whose verdict satisfies `test`, in name order (a verdict set's order).
    /// (The verdicts are read where they lie, `VerdictSet.names(where:)`: a verdict copied out of
    /// the set was a retain and a release of its reason and details, for every verdict of every
    /// check a row is judged by; the set bound out of the navigation, and its arrays out of the
    /// set, a retain and a release each, issue 17.)
    static func profiles(of navigation: Navigation, where test: (String, Verdict) -> Bool) -> [String] {
        navigation.verdicts?.names(where: test) ?? []
    }
}

/// An HTML snippet served at `page`, audited with the named profiles (nil: the default
/// set) on the given device (default: the optimistic one) — or, for `ASSOCIATION_INVALID`,
/// an association file as served, judged as a live crawl judges it (`association`).
///
/// Each example records where it is written (`file`, `line`: the initializers' defaults
/// are the call site), so a test that fails on an example reports it at the example itself.
public struct CheckExample: Sendable {
    public var html: String
    public var page: String
    public var profiles: [String]?
    public var device: DeviceProfile
    public var settings: AuditSettings
    public var options: ProfileOptions
    /// An association file's response (its body, shown as `html`, is the file): the
    /// example's page record is the one the crawl writes for that file.
    public var association: AssociationResponse?
    /// For a triggering example of a navigation check: exactly the profiles, among those the
    /// example runs, that must raise the code (nil: any that raise it will do). Not rendered
    /// in the reference.
    public var raisedBy: Set<String>?
    /// The file the example is written in.
    public let file: StaticString
    /// The line the example starts on.
    public let line: UInt

    /// An association file served at `response.finalURL`.
    public init(association response: AssociationResponse, file: StaticString = #filePath, line: UInt = #line) {
        self.init(String(decoding: response.body, as: UTF8.self), page: response.finalURL.href, file: file, line: line)
        association = response
    }

    /// The page-level record the pipeline makes of an association example; nil for HTML.
    var associationRecord: PageRecord? {
        association.map { AssociationFile.read(AssociationFile.Kind(url: $0.finalURL), url: $0.finalURL, $0).record }
    }

    public init(_ html: String, page: String = "https://shop.example/checkout/", profiles: [String]? = nil,
                device: DeviceProfile = .optimistic, settings: AuditSettings = AuditSettings(),
                options: ProfileOptions = ProfileOptions(), raisedBy: Set<String>? = nil,
                file: StaticString = #filePath, line: UInt = #line) {
        self.html = html
        self.page = page
        self.profiles = profiles
        self.device = device
        self.settings = settings
        self.options = options
        self.raisedBy = raisedBy
        self.file = file
        self.line = line
    }
}

/// Schemes a WebView loads itself; anything else is a deep link to some app.
package enum WebSchemes {
    static let all: Set<String> = ["http", "https", "about", "data", "blob", "javascript", "file", "content",
                                   "filesystem", "ws", "wss", "view-source"]
    package static func isDeepLink(_ scheme: String) -> Bool { !scheme.isEmpty && !all.contains(scheme) }
}
