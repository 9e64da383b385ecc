import Foundation
import LinkAudit
import LinkAuditModel
import PageSources

/// The live-crawl flags of `audit`: `--urls`, politeness, limits, scope, safety.
enum FetchFlags {
    static let valued: Set<String> = ["urls", "user-agent", "concurrency", "per-host", "delay", "timeout", "retries",
                                      "max-redirects", "depth", "max-pages", "scope", "cache"]
    static let booleans: Set<String> = ["allow-private", "ignore-robots", "cookies", "no-associations"]

    static func apply(_ parsed: Arguments, to options: inout AuditOptions) throws {
        var fetch = options.fetch
        for path in parsed.all("urls") { options.urls += try URLInputs.read(file: path) }
        if let agent = parsed.value("user-agent") {
            guard !agent.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw LinkAuditError.usage("--user-agent takes a preset (\(UserAgent.presets.keys.sorted().joined(separator: ", "))) or a string")
            }
            fetch.userAgent = agent
        }
        // Each number has a documented range (Usage.swift), checked here where it enters.
        if let n = try parsed.int("concurrency", max: 256) { fetch.concurrency = n }
        if let n = try parsed.int("per-host", max: 64) { fetch.perHost = n }
        if let ms = try parsed.int("delay", min: 0, max: 60_000) { fetch.delay = Double(ms) / 1000 }
        if let text = parsed.value("timeout") {
            guard let seconds = Double(text), seconds >= 0.1, seconds <= 600 else {
                throw LinkAuditError.usage("--timeout takes a number of seconds from 0.1 to 600, not '\(text)'")
            }
            fetch.timeout = seconds
        }
        if let n = try parsed.int("retries", min: 0, max: 10) { fetch.retry.retries = n }
        if let n = try parsed.int("max-redirects", min: 0, max: 100) { fetch.maxRedirects = n }
        if let n = try parsed.int("depth", min: 0, max: 100) { fetch.depth = n }
        if let n = try parsed.int("max-pages", max: 10_000_000) { fetch.maxPages = n }
        fetch.scope = parsed.all("scope")
        _ = try CrawlScope(patterns: fetch.scope, seeds: [])  // names a bad pattern before any work
        fetch.allowPrivate = parsed.flag("allow-private")
        fetch.ignoreRobots = parsed.flag("ignore-robots")
        fetch.cookies = parsed.flag("cookies")
        fetch.associations = !parsed.flag("no-associations")
        if let folder = parsed.value("cache") { fetch.cacheDirectory = try cacheFolder(folder) }
        options.fetch = fetch
    }

    /// `--cache DIR`: an existing folder, or one that can be made.
    static func cacheFolder(_ path: String) throws -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw LinkAuditError.usage("--cache: '\(path)' is not a folder") }
            return path
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw LinkAuditError.usage("--cache: cannot create the folder '\(path)'")
        }
        return path
    }
}
