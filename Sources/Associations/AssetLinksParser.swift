import LinkAuditModel
import WHATWGURL

/// Reads an `assetlinks.json` body (or any Digital Asset Links statement list) as Google's
/// verifier does: strict JSON, a single array, each statement checked on its own. A bad
/// statement is reported and skipped while the valid ones still count (the compatibility
/// suite's "Valid statement in the statement list should not be ignored").
extension AssetLinks {
    public static func parse(_ body: [UInt8]) -> AssociationResult<AssetLinks> {
        let root: StrictJSON
        do {
            root = try StrictJSON.parse(body)
        } catch {
            return AssociationResult(value: nil, problems: [.error("Could not parse statement list: not valid JSON: \(error)")])
        }
        guard let entries = root.arrayValue else {
            return AssociationResult(value: nil, problems: [
                .error("Could not parse statement list: expected a single array of statements, found \(root.kindName)"),
            ])
        }
        var links = AssetLinks()
        var problems: [AssociationProblem] = []
        for (index, entry) in entries.enumerated() {
            do {
                switch try AssetStatementReader.entry(entry) {
                case .statement(let statement): links.statements.append(statement)
                case .include(let url): links.includes.append(url)
                }
            } catch {
                problems.append(.error("Could not parse statement list entry \(index): \(error) (entry skipped)"))
            }
        }
        if links.statements.isEmpty && links.includes.isEmpty {
            problems.append(.error("No statements were found: the file grants nothing to any app"))
        }
        return AssociationResult(value: links, problems: problems)
    }
}

enum AssetStatementReader {
    enum Entry {
        case statement(AssetStatement)
        case include(WebURL)
    }

    static func entry(_ json: StrictJSON) throws -> Entry {
        guard json.isObject else { throw invalid("the statement is \(json.kindName), not an object") }
        if let include = json["include"] { return .include(try self.include(include, in: json)) }
        return .statement(AssetStatement(relations: try relations(json["relation"]), target: try target(json["target"])))
    }

    /// `{"include": "https://…"}`: other standard fields are not allowed next to it (unknown
    /// ones are, for extensibility). The file is served over HTTPS, so the include must be
    /// too ("If the source asset's delivery mechanism is secure … the include file must be
    /// served over SSL").
    static func include(_ json: StrictJSON, in statement: StrictJSON) throws -> WebURL {
        for field in ["relation", "target"] where statement[field] != nil {
            throw invalid("an include statement has invalid field \"\(field)\"")
        }
        guard let text = json.stringValue else { throw invalid("include is \(json.kindName), not a URL string") }
        guard let url = WebURL.parse(text) else { throw invalid("include \"\(text)\" is not a valid URL") }
        guard url.scheme == "http" || url.scheme == "https" else { throw invalid("include \"\(text)\" is a non-HTTP URL") }
        guard url.hostname?.isEmpty == false else { throw invalid("include \"\(text)\" is not a valid URL") }
        guard url.scheme == "https" else {
            throw invalid("include \"\(text)\" is an insecure URL in a file served over HTTPS: it is not fetched")
        }
        return url
    }

    static func relations(_ json: StrictJSON?) throws -> [AssetRelation] {
        guard let json else { throw invalid("no relation array specified") }
        guard let values = json.arrayValue else { throw invalid("relation is \(json.kindName), not an array") }
        guard !values.isEmpty else { throw invalid("the relation array is empty") }
        return try values.enumerated().map { index, value in
            guard let text = value.stringValue else {
                throw invalid("invalid relation: element \(index) is \(value.kindName), not a string")
            }
            return try AssetRelation(parsing: text)
        }
    }

    static func target(_ json: StrictJSON?) throws -> AssetTarget {
        guard let json else { throw invalid("no target specified") }
        guard json.isObject else { throw invalid("the target is \(json.kindName), not an object") }
        switch json["namespace"]?.stringValue {
        case "web":
            guard let site = json["site"] else { throw invalid("no site field in web asset descriptor") }
            guard let text = site.stringValue else { throw invalid("site is \(site.kindName), not a string") }
            return .web(try AssetSite(parsing: text))
        case "android_app":
            return .androidApp(try androidApp(json))
        case let namespace?:
            throw invalid("unrecognized namespace \"\(namespace)\" (known: android_app, web)")
        case nil:
            throw invalid("unrecognized namespace: the target has no namespace string")
        }
    }

    static func androidApp(_ json: StrictJSON) throws -> AndroidAppAsset {
        guard let package = json["package_name"] else { throw invalid("no package_name field in android app asset descriptor") }
        guard let name = package.stringValue, AndroidAppAsset.isValidPackageName(name) else {
            throw invalid("invalid package name \(package.stringValue.map { "\"\($0)\"" } ?? package.kindName)")
        }
        guard let list = json["sha256_cert_fingerprints"] else {
            throw invalid("no sha256_cert_fingerprints field in android app asset descriptor")
        }
        guard let values = list.arrayValue else { throw invalid("sha256_cert_fingerprints is \(list.kindName), not an array") }
        guard !values.isEmpty else { throw invalid("sha256_cert_fingerprints must contain at least one certificate") }
        let fingerprints = try values.enumerated().map { index, value in
            guard let text = value.stringValue else {
                throw invalid("sha256_cert_fingerprints[\(index)] is \(value.kindName), not a string")
            }
            return try CertificateFingerprint(parsing: text)
        }
        return AndroidAppAsset(packageName: name, fingerprints: fingerprints)
    }

    private static func invalid(_ reason: String) -> AssetLinksValueError { AssetLinksValueError(reason: reason) }
}
