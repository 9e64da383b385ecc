import Foundation

/// The `audit` job: collect the pages, read and extract them in parallel, and write
/// `pages.jsonl` and `links.jsonl` in input order.
public enum Audit {
    public static func run(_ options: AuditOptions, stdinLines: @escaping () -> String? = { readLine() }) throws -> AuditSummary {
        let collector = InputCollector(mapper: PageURLMapper(baseURL: options.baseURL), readStdinLine: stdinLines)
        let inputs = collector.collect(options.inputs)
        try FileManager.default.createDirectory(atPath: options.outDir, withIntermediateDirectories: true)
        let links = try LineWriter(path: options.outDir + "/links.jsonl")
        let pages = try LineWriter(path: options.outDir + "/pages.jsonl")
        defer {
            links.close()
            pages.close()
        }
        let reader = PageReader(maxBytes: options.maxPageBytes)
        var summary = AuditSummary()
        OrderedParallelMap.run(count: inputs.count, workers: options.jobs, work: { reader.read(inputs[$0]) }) { _, result in
            summary.pages += 1
            summary.bytes += result.record.bytes
            if !result.record.isOK { summary.unreadable += 1 }
            summary.navigations += result.navigations.count
            pages.write(line: result.record.jsonBytes)
            for navigation in result.navigations { links.write(line: navigation.jsonBytes) }
        }
        return summary
    }
}
