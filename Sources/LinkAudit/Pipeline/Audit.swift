import Foundation

/// The `audit` job: collect the pages, read, extract and classify them in parallel, and
/// write `pages.jsonl` and `links.jsonl` in input order.
public enum Audit {
    public static func run(_ options: AuditOptions, stdinLines: @escaping () -> String? = { readLine() }) throws -> AuditSummary {
        let collector = InputCollector(mapper: PageURLMapper(baseURL: options.baseURL), readStdinLine: stdinLines)
        let inputs = collector.collect(options.inputs.filter { !URLInputs.isURL($0) })
        try FileManager.default.createDirectory(atPath: options.outDir, withIntermediateDirectories: true)
        let links = try LineWriter(path: options.outDir + "/links.jsonl")
        let pages = try LineWriter(path: options.outDir + "/pages.jsonl")
        defer {
            links.close()
            pages.close()
        }
        let reader = PageReader(maxBytes: options.maxPageBytes)
        let classifier = Classifier(profiles: try ProfileRegistry.select(options.profiles), device: options.device,
                                    settings: options.settings, options: options.options)
        var summary = AuditSummary()
        let crawler = try Crawler.start(options)
        defer { crawler?.close() }
        let jobs = PageJobs(inputs, maxBody: options.maxPageBytes, crawler: crawler)
        OrderedParallelMap.run(next: jobs.next, workers: options.jobs, work: { job -> PageResult in
            var result: PageResult
            switch job {
            case .input(let input): result = reader.read(input)
            case .archived(let page): result = reader.read(page)
            case .fetched(let page):
                result = reader.read(page)
                jobs.crawled(page, result)
            }
            result.navigations = classifier.classify(result.navigations)
            return result
        }) { result in
            summary.pages += 1
            summary.bytes += result.record.bytes
            if !result.record.isOK { summary.unreadable += 1 }
            summary.navigations += result.navigations.count
            pages.write(line: result.record.jsonBytes)
            for navigation in result.navigations { links.write(line: navigation.jsonBytes) }
        }
        summary.archiveRecords = jobs.archiveCounts
        summary.archiveNotes = jobs.archiveNotes
        crawler?.summarize(into: &summary)
        return summary
    }
}
