import Foundation
import LinkAudit
import LinkAuditModel
import PageSources
import Policies
import TestSupport

/// The demo site and the sample archive, read, classified and checked as `audit` does:
/// shared web sets, deep links with sets of their own, page-scope findings. Made once for
/// the report tests that compare a shortcut with its plain version on real pages.
enum ClassifiedSamplePages {
    static let demoSiteAndArchive: [(record: PageRecord, navigations: [Navigation])] = {
        let pipelines = Repository.url("Pipelines")
        let reader = PageReader()
        var results: [PageResult] = []
        let inputs = try! InputCollector(mapper: PageURLMapper(baseURL: "https://shop.demo-merchant.example/"))
            .collect([pipelines.appendingPathComponent("demo-site").path]).pages
        for input in inputs { results.append(reader.read(input)) }
        let scanner = ArchiveScanner(path: pipelines.appendingPathComponent("samples/deeplinks-sample.warc.gz").path,
                                     maxBody: 1 << 24)
        while let page = scanner.next() { results.append(reader.read(page)) }
        let classifier = Classifier(profiles: ProfileRegistry.all)
        return results.map { ($0.record, classifier.audit($0.navigations)) }
    }()
}
