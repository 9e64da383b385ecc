/// The mobile platform a runtime profile or a device belongs to.
public enum Platform: String, Codable, Sendable, CaseIterable {
    case android, ios
}
