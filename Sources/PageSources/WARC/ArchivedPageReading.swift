import LinkAuditModel

extension PageReader {
    /// Reads a page from an archive: its HTML (if any) and the navigations its response
    /// starts by itself.
    public func read(_ archived: ArchivedPage) -> PageResult {
        read(archived, streamAbove: nil)
    }

    /// As `read(_:)`; past `streamAbove` navigations the page is read in two passes
    /// (`PageResult.streamed`).
    public func read(_ archived: ArchivedPage, streamAbove: Int?, spillDirectory: String? = nil) -> PageResult {
        if let damage = archived.damage {
            return PageResult(record: PageRecord(page: archived.page, file: archived.file, bytes: archived.damageBytes,
                                                 status: damage))
        }
        var result: PageResult
        if let problem = archived.problem, archived.body.isEmpty || problem.hasPrefix("content-encoding") {
            result = PageResult(record: PageRecord(page: archived.page, file: archived.file, bytes: archived.body.count,
                                                   status: "unreadable: \(problem)"))
        } else if archived.isHTML && !archived.body.isEmpty {
            result = read(bytes: archived.body, page: archived.page, file: archived.file,
                          transportCharset: archived.charset, declaredHTML: archived.declaredHTML,
                          streamAbove: streamAbove, spillDirectory: spillDirectory)
            if let problem = archived.problem { result.record.warning = problem }
            if archived.cut { result.record.status = ArchivedPage.cutStatus(bytes: archived.body.count) }
        } else {
            result = PageResult(record: PageRecord(page: archived.page, file: archived.file, bytes: archived.body.count,
                                                   status: "ok"))
        }
        let own = archived.responseNavigations()
        result.navigations = own + result.navigations
        result.record.navigations = result.navigations.count
        result.record.httpStatus = archived.status == 0 ? nil : archived.status
        return result
    }
}
