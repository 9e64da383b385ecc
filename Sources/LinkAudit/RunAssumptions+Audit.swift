import Foundation
import PageSources
import Policies
import Reports

extension RunAssumptions {
    /// What an audit with `options` takes as given, for summary.md: `profiles` are the ones
    /// it runs; `placeholder` whether some pages were served at the placeholder origin.
    /// Files are named as the reports name them (`ReportedPaths`), never by the machine's path.
    init(_ options: AuditOptions, profiles: [any RuntimeProfile], placeholder: Bool,
         workingDirectory: String = InputCollector.currentDirectory()) {
        self.init()
        let local = options.inputs.filter { !URLInputs.isURL($0) && $0 != "-" }
        let paths = ReportedPaths(workingDirectory: workingDirectory,
                                  inputs: local.map { ReportedPaths.absolute($0, workingDirectory: workingDirectory) })
        inputs = options.inputs.map { input in
            guard !URLInputs.isURL(input), input != "-" else { return input }
            let absolute = ReportedPaths.absolute(input, workingDirectory: workingDirectory)
            return paths.shown(absolute, frame: paths.frame(forInput: absolute))
        } + options.urls
        let named = { (file: String) in Self.named(file, workingDirectory: workingDirectory) }
        pipeline = options.pipeline.map(named)
        classification = .audited(Audited(
            profiles: profiles.map(\.name), defaultProfiles: options.profiles?.isEmpty ?? true, device: options.device,
            deviceFile: options.deviceFile.map(named), settings: options.settings,
            hostEntryFile: options.hostEntryFile.map(named), options: options.options))
        baseURL = options.baseURL
        if placeholder { placeholderOrigin = PageURLMapper.placeholderOrigin }
        maxPageBytes = options.maxPageBytes
        libxml2Version = options.libxml2Version
        // The crawl's own condition (Crawler.start): URL inputs, positional or from --urls.
        if options.inputs.contains(where: URLInputs.isURL) || !options.urls.isEmpty {
            let fetch = options.fetch
            crawl = Crawl(depth: fetch.depth, maxPages: fetch.maxPages, scope: fetch.scope,
                          concurrency: fetch.concurrency, perHost: fetch.perHost,
                          delayMs: Int((fetch.delay * 1000).rounded()), timeoutSeconds: fetch.timeout,
                          retries: fetch.retry.retries, maxRedirects: fetch.maxRedirects,
                          userAgent: fetch.userAgentString(for: profiles.map(\.family)),
                          robots: !fetch.ignoreRobots, associations: fetch.associations,
                          cache: fetch.cacheDirectory != nil, cookies: fetch.cookies, allowPrivate: fetch.allowPrivate)
        }
    }

    /// What `linkaudit report` takes as given: the runs it reads, named as reports name files.
    public static func rebuilt(_ inputs: [String],
                               workingDirectory: String = InputCollector.currentDirectory()) -> RunAssumptions {
        var run = RunAssumptions()
        let absolute = inputs.map { ReportedPaths.absolute($0, workingDirectory: workingDirectory) }
        let paths = ReportedPaths(workingDirectory: workingDirectory, inputs: absolute)
        run.inputs = absolute.map { paths.shown($0, frame: paths.frame(forInput: $0)) }
        run.classification = .rebuilt
        return run
    }

    /// A settings file (pipeline, device, host entry) as reports name files: relative to the
    /// working directory when inside it, else by its own name.
    static func named(_ file: String, workingDirectory: String) -> String {
        let absolute = ReportedPaths.absolute(file, workingDirectory: workingDirectory)
        let paths = ReportedPaths(workingDirectory: workingDirectory, inputs: [absolute])
        return paths.shown(absolute, frame: paths.frame(forInput: absolute))
    }
}
