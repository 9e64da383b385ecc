/// The limits one page's extraction is held to where a page's text alone would not bound
/// the work, shared by the page and its `srcdoc` documents, and what they cut: each cut
/// becomes a warning on the page's record in `pages.jsonl` (README Limits).
final class ExtractionLimits {
    /// Steps spent placing script functions at their callers (`ScriptPlacement`).
    var scriptSteps = 0
    /// Lines of the scripts whose calls were cut short, in the order they were cut.
    private var cutScriptLines: [Int] = []
    private var pageBudgetSpent = false
    /// Start tags whose attributes past `TokenizerAlignment.maxAttributesPerTag` were dropped.
    var cappedTags = 0
    var firstCappedTagLine: Int?

    /// Elements closed at once for sitting deeper than `OpenElementBound.maxOpen`.
    private(set) var flattenedElements = 0
    private(set) var firstFlattenedLine: Int?

    /// The deepest libxml2's stack of open elements was after a start tag (at most
    /// `OpenElementBound.maxOpen`, plus the elements it leaves open).
    private(set) var deepestOpen = 0

    func opened(depth: Int) {
        if depth > deepestOpen { deepestOpen = depth }
    }

    func flattened(line: Int) {
        flattenedElements += 1
        if firstFlattenedLine == nil { firstFlattenedLine = line }
    }

    func cutScript(line: Int, page: Bool) {
        if page { pageBudgetSpent = true }
        if !cutScriptLines.contains(line) { cutScriptLines.append(line) }
    }

    var warnings: [String] {
        var out: [String] = []
        if !cutScriptLines.isEmpty {
            let shown = cutScriptLines.prefix(5).map(String.init).joined(separator: ", ")
            let more = cutScriptLines.count > 5 ? " and \(cutScriptLines.count - 5) more" : ""
            let budget = pageBudgetSpent
                ? "the page's budget of \(ScriptPlacement.stepsPerPage) steps"
                : "the budget of \(ScriptPlacement.stepsPerScript) steps per script"
            let scripts = cutScriptLines.count == 1 ? "the script on line" : "scripts on lines"
            out.append("script-calls-cut: placing functions at their callers went past \(budget) "
                       + "(\(scripts) \(shown)\(more)); navigations in functions called after that are not reported")
        }
        if let line = firstCappedTagLine {
            let tags = cappedTags == 1 ? "a tag" : "\(cappedTags) tags"
            out.append("attributes-cut: \(tags) (the first on line \(line)) had more than "
                       + "\(TokenizerAlignment.maxAttributesPerTag) attributes; those past it were ignored")
        }
        if let line = firstFlattenedLine {
            let elements = flattenedElements == 1 ? "an element" : "\(flattenedElements) elements"
            out.append("depth-cut: \(elements) (the first on line \(line)) sat more than \(OpenElementBound.maxOpen) "
                       + "elements deep; each was read as closed at once, and what follows it as its sibling")
        }
        return out
    }
}
