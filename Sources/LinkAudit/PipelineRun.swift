import Foundation
import LinkAuditModel
import Policies
import Reports
import WHATWGURL

/// Turns a pipeline config into audit options, checking every path and value first.
public enum PipelineRun {
    public struct Plan {
        public var options: AuditOptions
        public var failPolicy: FailPolicy
        public var name: String
    }

    public static func load(path: String, toolVersion: String = "dev") throws -> Plan {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LinkAuditError.usage("\(path): cannot read the pipeline config")
        }
        let config: PipelineConfig
        do {
            config = try ConfigJSON.decode(PipelineConfig.self, from: data)
        } catch let error as LinkAuditError {
            throw LinkAuditError.usage("\(path): \(error)")
        } catch {
            throw LinkAuditError.usage("\(path): \(JSONErrorText.describe(error))")
        }
        return try plan(config, path: path, toolVersion: toolVersion)
    }

    static func plan(_ config: PipelineConfig, path: String, toolVersion: String) throws -> Plan {
        let folder = (path as NSString).deletingLastPathComponent
        func resolve(_ relative: String) -> String {
            relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative
        }
        func fail(_ key: String, _ message: String) -> LinkAuditError {
            .usage("\(path): \(key): \(message)")
        }
        guard !config.inputs.isEmpty else { throw fail("inputs", "at least one input is needed") }
        let inputs = try config.inputs.enumerated().map { index, input -> String in
            let full = resolve(input)
            guard FileManager.default.fileExists(atPath: full) else {
                throw fail("inputs[\(index)]", "no such file or folder: \(full)")
            }
            return full
        }
        if let base = config.baseUrl {
            guard let url = WebURL.parse(base), url.scheme == "http" || url.scheme == "https" else {
                throw fail("baseUrl", "must be an absolute http(s) URL, not '\(base)'")
            }
        }
        var options = AuditOptions(inputs: inputs, baseURL: config.baseUrl,
                                   outDir: config.out ?? "Reports/\(config.name)")
        if let profiles = config.profiles {
            do { _ = try ProfileRegistry.select(profiles) } catch { throw fail("profiles", "\(error)") }
            options.profiles = profiles
        }
        if let device = config.device {
            let full = resolve(device)
            guard FileManager.default.fileExists(atPath: full) else { throw fail("device", "no such file: \(full)") }
            options.device = try DeviceProfile.load(path: full)
            options.deviceFile = full
        }
        options.settings = config.settings
        options.options = config.options
        do { options.formats = try ReportFormat.parse(config.report.formats) } catch { throw fail("report.formats", "\(error)") }
        options.csv = try CSVOptions.parse(layout: config.report.csvLayout, bom: config.report.csvBom,
                                           flag: "\(path): report.csvLayout")
        options.rules = config.report.rules
        options.toolVersion = toolVersion
        options.pipeline = path
        if let jobs = config.jobs {
            guard AuditOptions.jobsRange.contains(jobs) else { throw fail("jobs", "must be from 1 to \(AuditOptions.jobsRange.upperBound)") }
            options.jobs = jobs
        }
        if let max = config.maxPageBytes {
            guard AuditOptions.maxPageBytesRange.contains(max) else {
                throw fail("maxPageBytes", "must be from 1 to \(AuditOptions.maxPageBytesRange.upperBound) (1 GiB)")
            }
            options.maxPageBytes = max
        }
        let policy: FailPolicy
        do {
            policy = try FailPolicy.parse(failOn: config.report.failOn, onlyNew: config.report.failOnNew,
                                          hasBaseline: config.baseline != nil)
        } catch {
            throw fail("report.failOn", "\(error)")
        }
        if let baseline = config.baseline {
            let full = resolve(baseline)
            // A nightly run's first night has no baseline yet: that is not an error.
            if FileManager.default.fileExists(atPath: full) {
                options.baseline = try Baseline.load(full, warn: { _ in })
            }
        }
        return Plan(options: options, failPolicy: policy, name: config.name)
    }
}
