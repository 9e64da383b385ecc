import Foundation
import Policies

/// The summary's "What this run assumed" section: what a reader must know to judge the
/// findings — the inputs as given, the device (and that the default one is optimistic), the
/// runtime profiles, the entry, the settings, the versions (`RunAssumptions`). Never a
/// timestamp, a duration or an absolute path of the checkout: the same inputs give the
/// same bytes on any machine.
extension SummaryMarkdown {
    /// Inputs, apps and patterns listed before "… and N more".
    static let listLimit = 10

    static func assumptions(_ report: Report) -> String {
        let run = report.assumptions
        var out = "## What this run assumed\n\n"
        out += "- **Inputs** " + inputs(run) + "\n"
        switch run.classification {
        case .audited(let audited)?:
            out += "- **Device**: " + device(audited) + "\n"
            out += "- **Runtime profiles** " + profiles(audited) + "\n"
            out += "- **Entry**: " + entry(audited.settings, hostEntryFile: audited.hostEntryFile) + "\n"
            out += "- **Page visit**: " + visit(audited.settings) + "\n"
            out += "- **Profile options**: " + options(audited.options) + "\n"
        case .rebuilt?:
            out += "- **Device, runtime profiles, entry, base URL**: those of the runs that wrote the links.jsonl read, "
                + "whose verdicts are reported as they are (links.jsonl does not record them; each run's own summary.md "
                + "does).\n"
        case nil:
            break
        }
        out += "- **Settings**: " + settings(report) + "\n"
        if let crawl = run.crawl { out += "- **Live crawl**: " + self.crawl(crawl) + "\n" }
        out += "- **Versions**: linkaudit \(MarkdownText.inline(report.toolVersion))"
        if let libxml2 = run.libxml2Version {
            out += ", libxml2 \(MarkdownText.inline(libxml2))"
        } else if run.classification == .rebuilt {
            out += " (no page was parsed: the reports were rebuilt from links.jsonl)"
        }
        return out + "\n\n"  // no full stop after a version number
    }

    static func inputs(_ run: RunAssumptions) -> String {
        var text = "(\(run.inputs.count)"
        if let pipeline = run.pipeline { text += ", from the pipeline \(MarkdownText.inline(pipeline))" }
        text += "): "
        guard !run.inputs.isEmpty else { return text + "none given" }
        text += run.inputs.prefix(listLimit).map(input).joined(separator: ", ")
        if run.inputs.count > listLimit { text += " … and \(run.inputs.count - listLimit) more" }
        return text  // no full stop after a path or URL: it would read as part of it
    }

    private static func input(_ given: String) -> String {
        given == "-" ? "- (the paths read from stdin)" : MarkdownText.inline(given)
    }

    /// What the device has, in the terms of its file (`Pipelines/devices/README.md`); for an
    /// optimistic device, what that takes for granted and what it hides.
    static func device(_ audited: RunAssumptions.Audited) -> String {
        let device = audited.device
        let platform = device.platform.map { $0 == .android ? "Android " : "iOS " } ?? ""
        var text: String
        if let file = audited.deviceFile {
            text = "\(MarkdownText.inline(device.name)) (\(MarkdownText.inline(file)))"
            if device.optimistic || !platform.isEmpty {
                text += device.optimistic ? ", an optimistic \(platform)device" : ", an \(platform)device"
            }
        } else {
            text = "the default device (no `--device` given)" + (device.optimistic ? ", which is the optimistic one" : "")
        }
        var facts: [String] = []
        if device.optimistic {
            facts.append("every custom scheme and every `intent://` package has an installed app to open it "
                + "(every wallet app a page names counts as installed)")
        }
        if device.apps.isEmpty {
            facts.append(device.optimistic ? "no https link has an app (no App Link or Universal Link opens one)"
                                           : "no app is installed")
        } else {
            var apps = "\(MarkdownText.plural(device.apps.count, "app")) installed: "
                + device.apps.prefix(listLimit).map { MarkdownText.inline($0.id) }.joined(separator: ", ")
            if device.apps.count > listLimit { apps += " … and \(device.apps.count - listLimit) more" }
            facts.append(apps)
        }
        if device.platform != .ios { facts += android(device) }
        if device.platform != .android { facts.append(ios(device)) }
        text += ": " + facts.joined(separator: "; ") + "."
        if device.optimistic {
            text += " The findings therefore show what the runtimes' navigation policies break, not what a missing app "
                + "breaks; a device file (`--device`, see `Pipelines/devices/`) audits a real phone."
        }
        return text
    }

    private static func android(_ device: DeviceProfile) -> [String] {
        let links = device.openSupportedLinks == .allow ? "on (verified App Links open their app directly)"
                                                        : "set to ask every time (a chooser)"
        let browsers = device.browsers.map { MarkdownText.inline($0.package) + ($0.isDefault ? " (default)" : "") }
        return ["Android API level \(device.apiLevel), \"Open supported links\" \(links)",
                browsers.isEmpty ? "no browser" : "browsers " + browsers.joined(separator: ", "),
                device.playStoreInstalled ? "Google Play installed" : "no Google Play"]
    }

    private static func ios(_ device: DeviceProfile) -> String {
        guard let ios = device.ios else { return "on iOS every system scheme and every web address opens" }
        var limits: [String] = []
        if !ios.cannotOpenSchemes.isEmpty {
            limits.append("nothing opens " + ios.cannotOpenSchemes.prefix(listLimit)
                .map { MarkdownText.inline($0) + ":" }.joined(separator: ", "))
        }
        if !ios.appStore { limits.append("no App Store") }
        if !ios.webBrowser { limits.append("no browser takes web addresses") }
        return "on iOS " + (limits.isEmpty ? "every system scheme and every web address opens" : limits.joined(separator: ", "))
    }

    static func profiles(_ audited: RunAssumptions.Audited) -> String {
        guard !audited.profiles.isEmpty else {
            return "(0): none — extraction only, so no navigation is classified and no link finding is raised."
        }
        var text = "(\(audited.profiles.count)\(audited.defaultProfiles ? ", the default set" : "")): "
            + audited.profiles.map { "`\($0)`" }.joined(separator: ", ")
        let notRun = ProfileRegistry.names.filter { !audited.profiles.contains($0) }
        if !notRun.isEmpty { text += "; not run: " + notRun.map { "`\($0)`" }.joined(separator: ", ") }
        return text + "."
    }

    /// How the host app entered each page (README, Classification: `entry`, `hostEntry`).
    static func entry(_ settings: AuditSettings, hostEntryFile: String?) -> String {
        let userLoad = "the PayerMax guide's user-initiated load"
        let opens = "which opens the Android client's activation window at load and marks iOS interaction and a "
            + "user-initiated load"
        var text: String
        if let hostEntry = settings.hostEntry {
            let from = hostEntryFile.map { "`--host-entry` \(MarkdownText.inline($0))" } ?? "the settings' `hostEntry`"
            text = "`\(hostEntry.entry.rawValue)`, from the host entry in \(from): "
                + hostEntry.steps.map { "`\($0.name)`" }.joined(separator: " → ")
                + ", the last step standing for each audited page"
            if hostEntry.entry == .loadUrlByUser { text += " (`loadUrlByUser` is \(userLoad), \(opens))" }
            if let ms = hostEntry.msFromUserLoadToPage(settings), ms > 0 {
                text += "; the Android activation window opened \(ms) ms before each page's load"
            }
        } else if settings.entry == .loadUrlByUser {
            text = "`loadUrlByUser`: each page is entered by \(userLoad), \(opens)"
        } else {
            text = "`loadUrl` (the default): the app loads each page with `WebView.loadUrl` / `WKWebView.load`, "
                + "with no user action behind it (`--entry loadUrlByUser` audits \(userLoad) instead)"
        }
        text += settings.browserEntry == .linkTap ? "; Chrome and Safari reached the page by a link tap (`browserEntry`)"
                                                  : "; Chrome and Safari reached the page typed or from another app (`browserEntry`)"
        return text + "."
    }

    /// The simulator's clock and scripting (README, Classification: `settings`).
    static func visit(_ settings: AuditSettings) -> String {
        let scripts = settings.javaScriptEnabled
            ? "JavaScript on (`<noscript>` content is not live)"
            : "JavaScript off (script navigations are not live, `<noscript>` content is)"
        return scripts + "; load-time scripts run \(settings.pageLoadMs) ms after the load starts (`pageLoadMs`); "
            + "a script jump after an unknown wait runs \(settings.assumedAsyncDelayMs) ms after its tap "
            + "(`assumedAsyncDelayMs`)."
    }

    /// "the defaults", or the options that differ from them as JSON.
    static func options(_ options: ProfileOptions) -> String {
        guard options != ProfileOptions() else { return "the defaults." }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json<T: Encodable>(_ value: T) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        }
        let defaults = ProfileOptions()
        var parts: [String] = []
        if options.android != defaults.android { parts.append("android " + json(options.android)) }
        if options.iosSDK != defaults.iosSDK { parts.append("iosSDK " + json(options.iosSDK)) }
        if options.iosStrict != defaults.iosStrict { parts.append("iosStrict " + json(options.iosStrict)) }
        return parts.map { MarkdownText.inline($0, limit: 600) }.joined(separator: "; ") + "."
    }

    static func settings(_ report: Report) -> String {
        let run = report.assumptions
        var parts: [String] = []
        if run.classification != .rebuilt {
            if let base = run.baseURL {
                parts.append("base URL " + MarkdownText.inline(base))
            } else if let origin = run.placeholderOrigin {
                parts.append("no base URL given: pages were read at the placeholder origin \(MarkdownText.inline(origin)), "
                    + "standing for the site the files were taken from, so their relative links are its own https "
                    + "pages (`--base-url` gives them their real address, and judges same-host links, Universal Links "
                    + "and App Links on it as users meet them)")
            } else {
                parts.append("no base URL given")
            }
        }
        if let max = run.maxPageBytes { parts.append("pages larger than \(byteSize(max)) not read") }
        if let formats = run.formats {
            parts.append("formats " + formats.sorted().map(\.rawValue).joined(separator: ", "))
        }
        parts.append(report.baselineLabel.map { "baseline " + MarkdownText.inline($0) } ?? "no baseline")
        let overrides = report.rules.severities.sorted { $0.key < $1.key }
            .map { "\(MarkdownText.inline($0.key)) = \($0.value.rawValue)" }
        parts.append(overrides.isEmpty ? "no severity overrides" : "severity overrides " + overrides.joined(separator: ", "))
        let suppressions = report.rules.suppressions.count
        parts.append(suppressions == 0 ? "no suppressions" : MarkdownText.plural(suppressions, "suppression") + " (below)")
        return parts.joined(separator: "; ") + "."
    }

    static func crawl(_ crawl: RunAssumptions.Crawl) -> String {
        var scope = crawl.scope.prefix(listLimit).map { MarkdownText.inline($0) }.joined(separator: ", ")
        if crawl.scope.count > listLimit { scope += " … and \(crawl.scope.count - listLimit) more" }
        let parts = [
            "depth \(crawl.depth), at most \(crawl.maxPages) pages",
            "scope " + (crawl.scope.isEmpty ? "the inputs' sites (registrable domains)" : scope),
            "\(crawl.concurrency) requests at once, \(crawl.perHost) per host, \(crawl.delayMs) ms apart on one host",
            "timeout \(seconds(crawl.timeoutSeconds)) s, \(crawl.retries) retries, up to \(crawl.maxRedirects) redirects",
            "User-Agent \(MarkdownText.inline(crawl.userAgent, limit: 300))",
            crawl.robots ? "robots.txt honoured" : "robots.txt ignored",
            crawl.associations ? "association files fetched" + (crawl.cache ? " (cached between runs)" : "")
                               : "association files not fetched",
            crawl.cookies ? "cookies kept" : "no cookies",
            crawl.allowPrivate ? "private addresses allowed" : "private addresses refused",
        ]
        return parts.joined(separator: "; ") + "."
    }

    /// "67108864 bytes (64 MiB)"; whole MiB only, so every number shown is exact.
    static func byteSize(_ bytes: Int) -> String {
        let mib = 1 << 20
        return bytes >= mib && bytes % mib == 0 ? "\(bytes) bytes (\(bytes / mib) MiB)" : "\(bytes) bytes"
    }

    /// 15 → "15", 0.5 → "0.5".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
