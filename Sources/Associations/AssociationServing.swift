/// The serving rules both platforms apply before reading an association file, judged on
/// the HTTP facts of the fetch. A file that breaks an error-level rule is not used at all.
public enum AASAServing {
    /// 128 KB, uncompressed: repeated by third parties and Apple forum answers, not found in
    /// Apple's own documentation (Docs/PLATFORM.md §E.3: UNCONFIRMED).
    public static let maximumSize = 128 * 1024

    /// Docs/PLATFORM.md §E.3: HTTPS with no redirects, status 200, at most 128 KB, `application/json`.
    public static func problems(for response: AssociationResponse) -> [AssociationProblem] {
        var problems = AssociationServingRules.transport(response, platform: "iOS")
        if response.status == 200, response.body.count > maximumSize {
            problems.append(.error("the file is \(response.body.count) bytes, over the 128 KB limit "
                + "(a widely reported limit, UNCONFIRMED by Apple's own text)"))
        }
        if let problem = AssociationServingRules.contentType(response,
            why: "reported as required by third parties; UNCONFIRMED by Apple's own text") {
            problems.append(problem)
        }
        return problems
    }
}

public enum AssetLinksServing {
    /// Docs/PLATFORM.md §C.2 / rule 17: HTTPS without redirects; Google's Asset Links specification:
    /// "Any response besides HTTP 200 is treated as an error" and the file "should be served
    /// with the media type application/json" (a warning: Android's own check is UNCONFIRMED).
    public static func problems(for response: AssociationResponse) -> [AssociationProblem] {
        var problems = AssociationServingRules.transport(response, platform: "Android")
        if let problem = AssociationServingRules.contentType(response,
            why: "Google's specification says it should be; whether Android checks it is UNCONFIRMED") {
            problems.append(problem)
        }
        return problems
    }
}

extension AppSiteAssociation {
    /// The serving rules, then the body: the association is nil when the file is not served
    /// as iOS requires, even if its JSON is fine (its problems are still listed).
    public static func read(_ response: AssociationResponse) -> AssociationResult<AppSiteAssociation> {
        AssociationServingRules.read(response, serving: AASAServing.problems(for:), parse: parse(_:))
    }
}

extension AssetLinks {
    /// The serving rules, then the body, as `AppSiteAssociation.read`.
    public static func read(_ response: AssociationResponse) -> AssociationResult<AssetLinks> {
        AssociationServingRules.read(response, serving: AssetLinksServing.problems(for:), parse: parse(_:))
    }
}

enum AssociationServingRules {
    static func transport(_ response: AssociationResponse, platform: String) -> [AssociationProblem] {
        if response.redirected, (300...399).contains(response.status) {
            // The redirect itself, not followed: that it redirects is the whole story.
            return [.error("answers HTTP \(response.status), a redirect to \(response.finalURL.href): "
                + "\(platform) does not follow redirects for this file")]
        }
        var problems: [AssociationProblem] = []
        if response.finalURL.scheme != "https" {
            problems.append(.error("served over \(response.finalURL.scheme), not HTTPS: \(platform) fetches it only over HTTPS"))
        }
        if response.redirected {
            problems.append(.error("reached through a redirect (ending at \(response.finalURL.href)): "
                + "\(platform) does not follow redirects for this file"))
        }
        if response.status != 200 {
            problems.append(.error("HTTP status \(response.status), not 200: \(platform) treats the file as absent"))
        }
        return problems
    }

    static func contentType(_ response: AssociationResponse, why: String) -> AssociationProblem? {
        guard response.status == 200 else { return nil }
        guard let type = response.mediaType else { return .warning("no Content-Type header, not application/json (\(why))") }
        guard type != "application/json" else { return nil }
        return .warning("Content-Type is \"\(type)\", not application/json (\(why))")
    }

    /// A non-200 body is an error page, not the file: it is not parsed.
    static func read<Value>(_ response: AssociationResponse, serving: (AssociationResponse) -> [AssociationProblem],
                            parse: ([UInt8]) -> AssociationResult<Value>) -> AssociationResult<Value> {
        let servingProblems = serving(response)
        guard response.status == 200 else { return AssociationResult(value: nil, problems: servingProblems) }
        let parsed = parse(response.body)
        let usable = !servingProblems.contains { $0.severity == .error }
        return AssociationResult(value: usable ? parsed.value : nil, problems: servingProblems + parsed.problems)
    }
}
