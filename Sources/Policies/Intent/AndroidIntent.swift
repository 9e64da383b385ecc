/// The fields of an `android.content.Intent` that `Intent.parseUri` can set, as a value.
public struct AndroidIntent: Equatable, Sendable {
    public static let actionView = "android.intent.action.VIEW"
    public static let actionMain = "android.intent.action.MAIN"
    public static let categoryBrowsable = "android.intent.category.BROWSABLE"
    public static let categoryDefault = "android.intent.category.DEFAULT"

    /// The fields, held by reference and copied on write: a link's intent is copied several
    /// times a decision (the resolution's target, Chrome's fields, its launch intent), and a copy
    /// of the ten fields was some ten retains and releases, about five a link on the dense
    /// corpus; a copy is now one (issue 17).
    private final class Fields: @unchecked Sendable {
        var action: String?
        var data: String?
        var type: String?
        var identifier: String?
        var package: String?
        var component: String?
        var categories: [String]
        var flags: Int32
        var extendedFlags: Int32
        var extras: [String: IntentExtra]
        var sourceBounds: SourceBounds?
        var selector: AndroidIntent?

        init(action: String?, data: String?, type: String?, identifier: String?, package: String?,
             component: String?, categories: [String], flags: Int32, extendedFlags: Int32,
             extras: [String: IntentExtra], sourceBounds: SourceBounds?, selector: AndroidIntent?) {
            self.action = action
            self.data = data
            self.type = type
            self.identifier = identifier
            self.package = package
            self.component = component
            self.categories = categories
            self.flags = flags
            self.extendedFlags = extendedFlags
            self.extras = extras
            self.sourceBounds = sourceBounds
            self.selector = selector
        }

        func copy() -> Fields {
            Fields(action: action, data: data, type: type, identifier: identifier, package: package,
                   component: component, categories: categories, flags: flags, extendedFlags: extendedFlags,
                   extras: extras, sourceBounds: sourceBounds, selector: selector)
        }
    }

    private var fields: Fields

    /// The fields for writing: this intent's own (copied first when another intent shares them).
    private var written: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
            return fields
        }
    }

    public var action: String? {
        get { fields.action }
        set { written.action = newValue }
    }
    /// The data URI exactly as Android stores it (`Uri.parse` keeps the string as given).
    public var data: String? {
        get { fields.data }
        set { written.data = newValue }
    }
    public var type: String? {
        get { fields.type }
        set { written.type = newValue }
    }
    public var identifier: String? {
        get { fields.identifier }
        set { written.identifier = newValue }
    }
    public var package: String? {
        get { fields.package }
        set { written.package = newValue }
    }
    /// `ComponentName.flattenToString` form: `pkg/full.class.Name`.
    public var component: String? {
        get { fields.component }
        set { written.component = newValue }
    }
    /// Unique, in the order added (Android keeps a set; order carries no meaning there).
    public var categories: [String] { fields.categories }
    public var flags: Int32 {
        get { fields.flags }
        set { written.flags = newValue }
    }
    /// `extendedLaunchFlags=` (recent platforms); 0 when absent.
    public var extendedFlags: Int32 {
        get { fields.extendedFlags }
        set { written.extendedFlags = newValue }
    }
    public var extras: [String: IntentExtra] {
        get { fields.extras }
        set { written.extras = newValue }
    }
    public var sourceBounds: SourceBounds? {
        get { fields.sourceBounds }
        set { written.sourceBounds = newValue }
    }
    public var selector: AndroidIntent? {
        get { fields.selector }
        set { written.selector = newValue }
    }

    public init(
        action: String? = nil, data: String? = nil, type: String? = nil, identifier: String? = nil,
        package: String? = nil, component: String? = nil, categories: [String] = [],
        flags: Int32 = 0, extendedFlags: Int32 = 0, extras: [String: IntentExtra] = [:],
        sourceBounds: SourceBounds? = nil, selector: AndroidIntent? = nil
    ) {
        fields = Fields(action: action, data: data, type: type, identifier: identifier, package: package,
                        component: component, categories: [], flags: flags, extendedFlags: extendedFlags,
                        extras: extras, sourceBounds: sourceBounds, selector: selector)
        categories.forEach { addCategory($0) }
    }

    /// Every field equal (the same fields shared: equal without a look).
    public static func == (a: AndroidIntent, b: AndroidIntent) -> Bool {
        if a.fields === b.fields { return true }
        let x = a.fields, y = b.fields
        return x.action == y.action && x.data == y.data && x.type == y.type && x.identifier == y.identifier
            && x.package == y.package && x.component == y.component && x.categories == y.categories
            && x.flags == y.flags && x.extendedFlags == y.extendedFlags && x.extras == y.extras
            && x.sourceBounds == y.sourceBounds && x.selector == y.selector
    }

    public mutating func addCategory(_ category: String) {
        if !fields.categories.contains(category) { written.categories.append(category) }
    }

    public mutating func removeCategory(_ category: String) {
        written.categories.removeAll { $0 == category }
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
