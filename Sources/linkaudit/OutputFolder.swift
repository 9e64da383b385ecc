import Foundation
import LinkAuditModel

/// The folder reports go to (`--out`, `--jsonl-out DIR`, or the default), checked before
/// any work: a path that cannot hold them is one line naming the flag and the path — exit 3,
/// output could not be written (Usage.exitCodes) — not an error object from Foundation after
/// the pages were read. Nothing is made here (a run stopped by a usage error leaves no
/// folder behind); the run makes the folder and its missing parents.
enum OutputFolder {
    /// `flag`: how the user gave the path (`--out`), nil for a default the command chose.
    static func check(_ path: String, givenBy flag: String?) throws {
        let label = flag.map { "\($0) \(path)" } ?? "the output folder \(path)"
        if let problem = problem(path) { throw LinkAuditError.io("\(label): \(problem)") }
    }

    /// Why `path` cannot be (made into) a folder to write in, nil when it can: it or its
    /// nearest existing parent is a file, or a folder that cannot be written.
    static func problem(_ path: String) -> String? {
        var current = path.isEmpty ? "." : path
        var missing = false
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    return missing ? "cannot make the folder: \(current) is a file" : "is a file, not a folder"
                }
                guard access(current, W_OK | X_OK) == 0 else {
                    let reason = String(cString: strerror(errno))
                    return missing ? "cannot make the folder: \(current) is not writable (\(reason))"
                                   : "cannot write in the folder (\(reason))"
                }
                return nil
            }
            missing = true
            let parent = (current as NSString).deletingLastPathComponent
            // A relative path's last parent is the working folder.
            let next = parent.isEmpty ? "." : parent
            if next == current { return nil }
            current = next
        }
    }

    /// One line for any error: the system's reason and the path it concerns, without the
    /// error object's domain, code and user info.
    static func describe(_ error: Error) -> String {
        if let error = error as? LinkAuditError { return error.description }
        let ns = error as NSError
        var reason = ns.localizedDescription
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(underlying.code)))
        }
        if let path = ns.userInfo[NSFilePathErrorKey] as? String, !reason.contains(path) { return "\(path): \(reason)" }
        return reason.split(separator: "\n").first.map(String.init) ?? reason
    }
}
