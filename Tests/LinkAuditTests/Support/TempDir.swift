import Foundation

/// A scratch folder for a test, removed when the test object goes away.
final class TempDir {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "linkaudit-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        write(relative, data: Data(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, data: Data) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: data)
        return full
    }
}
