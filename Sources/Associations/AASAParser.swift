import LinkAuditModel

/// Reads an `apple-app-site-association` body into an `AppSiteAssociation` and the list of
/// problems a validator should report. Parts the platform would reject are reported as
/// errors and dropped; the rest is kept, so a file with one bad entry still matches the
/// way a device reads its good entries.
extension AppSiteAssociation {
    public static func parse(_ body: [UInt8]) -> AssociationResult<AppSiteAssociation> {
        let root: StrictJSON
        do {
            root = try StrictJSON.parse(body)
        } catch {
            return AssociationResult(value: nil, problems: [.error("not valid JSON: \(error)")])
        }
        guard root.isObject else {
            return AssociationResult(value: nil, problems: [.error("the top level is \(root.kindName), not an object")])
        }
        var reader = AASAReader()
        let association = reader.association(root)
        return AssociationResult(value: association, problems: reader.problems)
    }
}

struct AASAReader {
    var problems: [AssociationProblem] = []

    mutating func error(_ reason: String) { problems.append(.error(reason)) }
    mutating func warning(_ reason: String) { problems.append(.warning(reason)) }

    mutating func association(_ root: StrictJSON) -> AppSiteAssociation {
        var association = AppSiteAssociation()
        association.webcredentialsApps = appList(root["webcredentials"], section: "webcredentials")
        association.appclipsApps = appList(root["appclips"], section: "appclips")
        if let applinks = root["applinks"] {
            association.applinks = self.applinks(applinks)
        } else if root["webcredentials"] != nil || root["appclips"] != nil {
            warning("no applinks section: the file declares no universal links (only webcredentials or appclips)")
        } else {
            error("no applinks section: the file declares no universal links")
        }
        return association
    }

    mutating func applinks(_ json: StrictJSON) -> AppSiteAssociation.Applinks? {
        guard json.isObject else {
            error("applinks is \(json.kindName), not an object")
            return nil
        }
        warnUnknownKeys(json, known: ["apps", "details", "defaults", "substitutionVariables"], at: "applinks")
        if let apps = json["apps"], apps != .array([]) {
            let found = apps.arrayValue != nil ? "a non-empty array" : apps.kindName
            warning("applinks.apps should be an empty array (the legacy key), not \(found)")
        }
        let defaults = flags(json["defaults"], at: "applinks.defaults")
        let variables = substitutionVariables(json["substitutionVariables"])
        var result = AppSiteAssociation.Applinks(defaults: defaults, substitutionVariables: variables)
        guard let details = json["details"] else {
            error("applinks has no details array: no app gets universal links")
            return result
        }
        guard let entries = details.arrayValue else {
            error("applinks.details is \(details.kindName), not an array")
            return result
        }
        for (index, entry) in entries.enumerated() {
            if let detail = detail(entry, at: "applinks.details[\(index)]", domain: defaults, variables: variables) {
                result.details.append(detail)
            }
        }
        return result
    }

    mutating func detail(_ json: StrictJSON, at path: String, domain: AASAFlags,
                         variables: [String: [String]]) -> AASADetail? {
        guard json.isObject else {
            error("\(path) is \(json.kindName), not an object (entry ignored)")
            return nil
        }
        warnUnknownKeys(json, known: ["appID", "appIDs", "paths", "components", "defaults"], at: path)
        let appIDs = self.appIDs(json, at: path)
        let defaults = flags(json["defaults"], at: path + ".defaults")
        let flags = defaults.over(domain)
        var detail = AASADetail(appIDs: appIDs, defaults: defaults)
        var rules = AASARuleReader(variables: variables)
        if let components = json["components"] {
            detail.components = rules.components(components, at: path + ".components", flags: flags)
        }
        if let paths = json["paths"] {
            detail.legacyPaths = rules.legacyPaths(paths, at: path + ".paths", flags: flags)
        }
        problems += rules.problems
        if json["components"] == nil && json["paths"] == nil {
            warning("\(path) has neither components nor paths: it matches no URL")
        } else if detail.rules.isEmpty {
            warning("\(path) has no rules: it matches no URL")
        }
        return detail
    }

    /// `appIDs` when the key is there (even empty), else `appID`.
    mutating func appIDs(_ json: StrictJSON, at path: String) -> [String] {
        var ids: [(String, String)] = []
        if let list = json["appIDs"] {
            guard let values = list.arrayValue else {
                error("\(path).appIDs is \(list.kindName), not an array of app IDs (entry applies to no app)")
                return []
            }
            for (index, value) in values.enumerated() {
                if let id = value.stringValue {
                    ids.append(("\(path).appIDs[\(index)]", id))
                } else {
                    error("\(path).appIDs[\(index)] is \(value.kindName), not a string")
                }
            }
            if values.isEmpty { warning("\(path).appIDs is empty: the entry applies to no app") }
        } else if let single = json["appID"] {
            guard let id = single.stringValue else {
                error("\(path).appID is \(single.kindName), not a string (entry applies to no app)")
                return []
            }
            ids.append(("\(path).appID", id))
        } else {
            error("\(path) has no appID or appIDs: the entry applies to no app")
        }
        for (location, id) in ids where AppleAppID(id) == nil {
            error("\(location): \"\(id)\" is not an app ID of the form TEAMID.bundle.id (10-character team ID): it matches no installed app")
        }
        return ids.map(\.1)
    }

    /// A `defaults` object; bad values are reported and left to the level above.
    mutating func flags(_ json: StrictJSON?, at path: String) -> AASAFlags {
        guard let json else { return AASAFlags() }
        guard json.isObject else {
            error("\(path) is \(json.kindName), not an object (ignored)")
            return AASAFlags()
        }
        warnUnknownKeys(json, known: ["caseSensitive", "percentEncoded"], at: path)
        return AASAFlags(caseSensitive: bool(json["caseSensitive"], at: path + ".caseSensitive"),
                         percentEncoded: bool(json["percentEncoded"], at: path + ".percentEncoded"))
    }

    mutating func bool(_ json: StrictJSON?, at path: String) -> Bool? {
        guard let json else { return nil }
        guard let value = json.boolValue else {
            error("\(path) is \(json.kindName), not a boolean (ignored)")
            return nil
        }
        return value
    }

    /// `substitutionVariables`: names without `$`, `(` or `)`, each an array of strings.
    mutating func substitutionVariables(_ json: StrictJSON?) -> [String: [String]] {
        guard let json else { return [:] }
        guard case .object(let members) = json else {
            error("applinks.substitutionVariables is \(json.kindName), not an object (ignored)")
            return [:]
        }
        var variables: [String: [String]] = [:]
        for member in members {
            let path = "applinks.substitutionVariables.\(member.key)"
            if member.key.contains(where: { "$()".contains($0) }) {
                error("\(path): a variable name cannot contain '$', '(' or ')' (ignored)")
                continue
            }
            guard let values = member.value.arrayValue, values.allSatisfy({ $0.stringValue != nil }) else {
                error("\(path) is not an array of strings (ignored)")
                continue
            }
            let strings = values.compactMap(\.stringValue)
            for value in strings where value.contains("$(") {
                error("\(path): value \"\(value)\" refers to another variable, which is not allowed (read as text)")
            }
            variables[member.key] = strings
        }
        return variables
    }

    /// `webcredentials` / `appclips`: `{"apps": ["TEAMID.bundle.id", …]}`. They do not affect
    /// links, so every problem with them is a warning.
    mutating func appList(_ json: StrictJSON?, section: String) -> [String]? {
        guard let json else { return nil }
        guard json.isObject else {
            warning("\(section) is \(json.kindName), not an object with an apps array: the platform ignores it")
            return nil
        }
        guard let apps = json["apps"]?.arrayValue, apps.allSatisfy({ $0.stringValue != nil }) else {
            warning("\(section).apps is missing or not an array of strings: the platform ignores the section")
            return nil
        }
        let ids = apps.compactMap(\.stringValue)
        for (index, id) in ids.enumerated() where AppleAppID(id) == nil {
            warning("\(section).apps[\(index)]: \"\(id)\" is not an app ID of the form TEAMID.bundle.id (10-character team ID)")
        }
        return ids
    }

    mutating func warnUnknownKeys(_ json: StrictJSON, known: Set<String>, at path: String) {
        for key in json.keys where !known.contains(key) {
            warning("\(path): unknown key \"\(key)\" (ignored)")
        }
    }
}
