import Foundation

/// A scratch folder for a test, removed when the test object goes away.
package final class TempDir {
    package let path: String

    package init() {
        path = NSTemporaryDirectory() + "linkaudit-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    @discardableResult
    package func write(_ relative: String, _ text: String) -> String {
        write(relative, data: Data(text.utf8))
    }

    @discardableResult
    package func write(_ relative: String, data: Data) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: data)
        return full
    }
}
