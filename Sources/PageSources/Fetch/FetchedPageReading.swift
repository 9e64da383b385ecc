import LinkAuditModel

extension PageReader {
    /// Reads a fetched page like an archived one: its HTML when it was served as a page,
    /// and the navigations the response starts by itself (a 3xx `Location`, a `Refresh`
    /// header). Every outcome is a record: failures, HTTP errors, bodies that are not HTML
    /// or were cut (the cut body is still read: the links before the cut are real).
    public func read(_ fetched: FetchedPage) -> PageResult {
        guard let response = fetched.response else {
            return PageResult(record: PageRecord(page: fetched.page, file: nil, bytes: 0,
                                                 status: fetched.failure ?? "unreadable: no response"))
        }
        let http = HTTPResponse(status: response.status, headers: response.headers, body: response.body, problem: nil)
        var result: PageResult
        func record(_ status: String) -> PageResult {
            PageResult(record: PageRecord(page: fetched.page, file: nil, bytes: response.body.count, status: status))
        }
        if response.isRedirect {
            result = record("ok")  // browsers never show a redirect's body
        } else if !(200...399).contains(response.status) {
            var status = "http-error: \(response.status)"
            if response.attempts > 1 { status += " after \(response.attempts) attempts" }
            if let note = response.retryNote { status += " (\(note))" }
            result = record(status)
        } else if response.skipped || !http.isHTML {
            result = record("not-html: " + (http.mimeType ?? "no Content-Type"))
        } else {
            result = read(bytes: response.body, page: fetched.page, file: nil, transportCharset: http.charset,
                          declaredHTML: http.declaresHTML)
            if response.cut {
                result.record.status = ArchivedPage.cutStatus(bytes: response.body.count)
            }
        }
        if let failure = fetched.failure { result.record.status = failure }
        let own = ArchivedPage(page: fetched.page, file: "", status: response.status, body: [], charset: nil,
                               location: response.location, refresh: response.headers["Refresh"], isHTML: true,
                               problem: nil).responseNavigations()
        result.navigations = own + result.navigations
        result.record.navigations = result.navigations.count
        result.record.httpStatus = response.status
        return result
    }
}
