import Foundation
import LinkAuditModel
import Policies
import Reports

/// A pipeline config (`linkaudit run Pipelines/<name>.json`): what to read, how to
/// classify it and what to report, in one strict JSON file. Paths inside it (inputs, the
/// device, the baseline) are relative to the config's own folder; `out` is relative to
/// where linkaudit runs. Every mistake — an unknown key, a wrong type, a missing file —
/// stops the run before any work, with a message naming the file and the key.
///
///     {
///       "name": "demo",
///       "inputs": ["demo-site"],
///       "baseUrl": "https://shop.demo-merchant.example/",
///       "profiles": ["android-webview", "android-sdk", "ios-wkwebview", "ios-sdk"],
///       "device": "devices/optimistic.json",
///       "settings": { "entry": "loadUrl" },
///       "options": { "android": { "activationWindowMs": 10000 } },
///       "report": { "formats": ["csv", "md", "jsonl", "sarif"], "failOn": "never",
///                   "severity": { "LANDING_PAGE_STAYS": "info" }, "suppress": [],
///                   "csvLayout": "long", "csvBom": false },
///       "baseline": null,
///       "out": "Reports/demo"
///     }
public struct PipelineConfig: Decodable {
    public var name: String
    public var inputs: [String] = []
    public var baseUrl: String?
    public var profiles: [String]?
    public var device: String?
    public var settings = AuditSettings()
    public var options = ProfileOptions()
    public var report = ReportSection()
    public var baseline: String?
    public var out: String?
    public var jobs: Int?
    public var maxPageBytes: Int?

    public struct ReportSection: Decodable {
        public var formats: [String] = []
        public var failOn: String?
        public var failOnNew = false
        public var rules = ReportRules()
        /// `--csv-layout` and `--csv-bom`.
        public var csvLayout: String?
        public var csvBom = false

        public init() {}

        public init(from decoder: Decoder) throws {
            let c = try ConfigObject(decoder, known: ["formats", "failOn", "failOnNew", "severity", "suppress",
                                                      "csvLayout", "csvBom"])
            try c.read("formats", into: &formats)
            failOn = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("failOn"))
            try c.read("failOnNew", into: &failOnNew)
            csvLayout = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("csvLayout"))
            try c.read("csvBom", into: &csvBom)
            // severity and suppress have the syntax of a --config file.
            var severities: [String: Severity] = [:]
            // In code order: of several bad levels, the same one is named each time.
            let levels = try c.container.decodeIfPresent([String: String].self, forKey: ConfigKey("severity")) ?? [:]
            for (code, level) in levels.sorted(by: <) {
                severities[code] = try ReportRules.level(level, code: code, context: "report.severity")
            }
            let suppressions = try c.container.decodeIfPresent([SuppressionEntry].self, forKey: ConfigKey("suppress")) ?? []
            rules = ReportRules(severities: severities, suppressions: suppressions.map(\.suppression))
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try ConfigObject(decoder, known: ["name", "description", "inputs", "baseUrl", "profiles", "device",
                                                  "settings", "options", "report", "baseline", "out", "jobs",
                                                  "maxPageBytes"])
        name = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("name")) ?? "pipeline"
        try c.read("inputs", into: &inputs)
        baseUrl = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("baseUrl"))
        profiles = try c.container.decodeIfPresent([String].self, forKey: ConfigKey("profiles"))
        device = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("device"))
        try c.read("settings", into: &settings)
        try c.read("options", into: &options)
        try c.read("report", into: &report)
        baseline = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("baseline"))
        out = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("out"))
        jobs = try c.container.decodeIfPresent(Int.self, forKey: ConfigKey("jobs"))
        maxPageBytes = try c.container.decodeIfPresent(Int.self, forKey: ConfigKey("maxPageBytes"))
    }
}
