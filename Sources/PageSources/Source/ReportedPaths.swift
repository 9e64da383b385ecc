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
        var common: [Substring]?
        for input in outside {
            let parent = input.split(separator: "/").dropLast()
            guard let sofar = common else {
                common = Array(parent)
                continue
            }
            common = Array(zip(sofar, parent).prefix { $0.0 == $0.1 }.map(\.0))
        }
        let joined = (common ?? []).joined(separator: "/")
        outsideRoot = joined.isEmpty ? "/" : "/" + joined + "/"
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
    public static func normalized(_ path: String) -> String {
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
