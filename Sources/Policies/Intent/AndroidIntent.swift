/// The fields of an `android.content.Intent` that `Intent.parseUri` can set, as a value.
public struct AndroidIntent: Equatable, Sendable {
    public static let actionView = "android.intent.action.VIEW"
    public static let actionMain = "android.intent.action.MAIN"
    public static let categoryBrowsable = "android.intent.category.BROWSABLE"
    public static let categoryDefault = "android.intent.category.DEFAULT"

    public var action: String?
    /// The data URI exactly as Android stores it (`Uri.parse` keeps the string as given).
    public var data: String?
    public var type: String?
    public var identifier: String?
    public var package: String?
    /// `ComponentName.flattenToString` form: `pkg/full.class.Name`.
    public var component: String?
    /// Unique, in the order added (Android keeps a set; order carries no meaning there).
    public private(set) var categories: [String]
    public var flags: Int32
    /// `extendedLaunchFlags=` (recent platforms); 0 when absent.
    public var extendedFlags: Int32
    public var extras: [String: IntentExtra]
    public var sourceBounds: SourceBounds?
    // An array gives the recursive value its indirection; it holds zero or one intent.
    private var selectorStorage: [AndroidIntent]

    public var selector: AndroidIntent? {
        get { selectorStorage.first }
        set { selectorStorage = newValue.map { [$0] } ?? [] }
    }

    public init(
        action: String? = nil, data: String? = nil, type: String? = nil, identifier: String? = nil,
        package: String? = nil, component: String? = nil, categories: [String] = [],
        flags: Int32 = 0, extendedFlags: Int32 = 0, extras: [String: IntentExtra] = [:],
        sourceBounds: SourceBounds? = nil, selector: AndroidIntent? = nil
    ) {
        self.action = action
        self.data = data
        self.type = type
        self.identifier = identifier
        self.package = package
        self.component = component
        self.categories = []
        self.flags = flags
        self.extendedFlags = extendedFlags
        self.extras = extras
        self.sourceBounds = sourceBounds
        self.selectorStorage = selector.map { [$0] } ?? []
        categories.forEach { addCategory($0) }
    }

    public mutating func addCategory(_ category: String) {
        if !categories.contains(category) { categories.append(category) }
    }

    public mutating func removeCategory(_ category: String) {
        categories.removeAll { $0 == category }
    }

    public func hasCategory(_ category: String) -> Bool { categories.contains(category) }

    /// `Intent.getStringExtra`: nil when absent or not a String extra.
    public func stringExtra(_ key: String) -> String? { extras[key]?.stringValue }

    /// `Intent.getScheme()`: text before the first `:` of the data (case kept), nil if none.
    public var scheme: String? { data.flatMap { AndroidUriParts.scheme(of: $0) } }
    /// `getData().getHost()`: decoded host of a `scheme://host…` data URI.
    public var host: String? { data.flatMap { AndroidUriParts($0).host } }
    /// `getData().getPath()`: decoded path; nil for opaque data such as `mailto:x`.
    public var path: String? { data.flatMap { AndroidUriParts($0).path } }
}
