import CLibXML2

/// libxml2's global state must be set up once before parses run on several threads;
/// each parse then gets its own context.
public enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Call before any parse; cheap after the first time.
    public static func initialize() {
        _ = initialized
    }

    public static var version: String { LIBXML_DOTTED_VERSION }
}
