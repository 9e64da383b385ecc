/// How reports name a local file: relative to the working directory when its input lies
/// inside it, else relative to the deepest folder holding every input outside it — never
/// absolute, so two checkouts of a project, or two machines, write the same bytes
/// (README, "Reports": no file carries a machine's path).
public struct ReportedPaths: Sendable {
    /// The working directory, ending in `/`.
    private let workingDirectory: String
    /// The deepest folder holding every input outside the working directory, ending in `/`.
    private let outsideRoot: String

    /// - Parameters:
    ///   - workingDirectory: an absolute path.
    ///   - inputs: the absolute paths of the local inputs (folders, files, archives).
    public init(workingDirectory: String, inputs: [String]) {
        let cwd = Self.normalized(workingDirectory)
        let inside = cwd == "/" ? "/" : cwd + "/"
        self.workingDirectory = inside
        let outside = inputs.map(Self.normalized).filter { !Self.isInside($0, inside) }
        outsideRoot = Self.commonFolder(outside)
    }

    /// The deepest folder holding every path (normalised, absolute), ending in `/`: the
    /// longest common prefix of their parent folders, each with a `/` after it, cut back
    /// to its last `/` — one pass over each path's bytes, where comparing split components
    /// cost a dump of thousands of files most of its input listing.
    static func commonFolder(_ paths: [String]) -> String {
        var common: [UInt8]?
        for path in paths {
            var parent = Array(path.utf8)
            while let last = parent.last, last != UInt8(ascii: "/") { parent.removeLast() }
            if parent.isEmpty { parent = [UInt8(ascii: "/")] }
            guard let sofar = common else {
                common = parent
                continue
            }
            var same = 0
            while same < sofar.count, same < parent.count, sofar[same] == parent[same] { same += 1 }
            var prefix = Array(sofar[..<same])
            while let last = prefix.last, last != UInt8(ascii: "/") { prefix.removeLast() }
            common = prefix
        }
        guard let common, !common.isEmpty else { return "/" }
        return String(decoding: common, as: UTF8.self)
    }

    /// The frame a local input's files are named in: the prefix dropped from their paths.
    public func frame(forInput input: String) -> String {
        Self.isInside(Self.normalized(input), workingDirectory) ? workingDirectory : outsideRoot
    }

    /// `path` (absolute, under an input) as reports show it, in the frame of that input.
    public func shown(_ path: String, frame: String) -> String {
        let path = Self.normalized(path)
        if path + "/" == frame { return "." }
        if path.hasPrefix(frame) { return String(path.dropFirst(frame.count)) }
        return String(path.drop { $0 == "/" })  // not under the frame: still never absolute
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder) || path + "/" == folder
    }

    /// An absolute path with `.`, `..` and repeated `/` worked out on the text, as the
    /// shell's `cd` does: `/a/b/../c/./d//e` → `/a/c/d/e`.
    /// A path already in that form (the usual case: a listing of absolute paths, a walk's
    /// own joins) comes back as it is; `plainNormalized` is the rule.
    public static func normalized(_ path: String) -> String {
        isNormal(path) ? path : plainNormalized(path)
    }

    /// `path` starts with `/`, and has no empty, `.` or `..` segment nor a trailing `/`
    /// (`/` itself is normal).
    static func isNormal(_ path: String) -> Bool {
        var segmentLength = -1  // -1: before the first `/`
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if segmentLength == 0 || (segmentLength > 0 && segmentLength == dots && dots <= 2) { return false }
                segmentLength = 0
                dots = 0
            } else {
                if segmentLength < 0 { return false }
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        if segmentLength < 0 { return false }
        return path.utf8.count == 1 || (segmentLength > 0 && !(segmentLength == dots && dots <= 2))
    }

    static func plainNormalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `input` made absolute against the working directory, then normalised.
    public static func absolute(_ input: String, workingDirectory: String) -> String {
        normalized(input.hasPrefix("/") ? input : workingDirectory + "/" + input)
    }
}
