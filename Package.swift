// swift-tools-version:5.9
// linkaudit: finds links that break inside mobile apps' WebViews.
// No outside Swift packages: C libraries come from Debian through system library targets.
//
// One target per stage, so the compiler keeps the direction the data flows in
// (Docs/ARCHITECTURE.md draws the graph): a target can use only the targets listed as its
// dependencies, so a policy cannot read a page source, run a check or write a report.
import PackageDescription

let package = Package(
    name: "linkaudit",
    products: [
        .library(name: "LinkAudit", targets: ["LinkAudit"]),
        .executable(name: "linkaudit", targets: ["linkaudit"]),
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CIDN2", pkgConfig: "libidn2", providers: [.apt(["libidn2-dev"])]),
        .systemLibrary(name: "CPSL", pkgConfig: "libpsl", providers: [.apt(["libpsl-dev"])]),
        // libcurl is not linked: the crawl opens it on its first call (Sources/CCurl/shim.h), so
        // no pkg-config (its flags are the system include path and `-lcurl`).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // WHATWG URL parsing, serialising, IDNA (UTS #46 through libidn2) and percent-encoding.
        .target(name: "WHATWGURL", dependencies: ["CIDN2"]),
        // The records every stage passes on: Navigation, PageRecord, Verdict and Reason,
        // VerdictSet, Severity, Trigger, FrameKind, strict JSON reading.
        .target(name: "LinkAuditModel", dependencies: ["WHATWGURL"]),
        // apple-app-site-association and assetlinks.json: parse, validate, match. Pure.
        .target(name: "Associations", dependencies: ["LinkAuditModel", "WHATWGURL"]),
        // Page bytes → [Navigation]: encodings, the libxml2 SAX walk, scripts, meta refresh.
        .target(name: "Extraction", dependencies: ["LinkAuditModel", "WHATWGURL", "CLibXML2"]),
        // Where pages come from: files, WARC archives, the live crawl (libcurl, robots.txt,
        // the address guard) and the association files of the hosts it meets.
        .target(name: "PageSources",
                dependencies: ["Extraction", "Associations", "LinkAuditModel", "WHATWGURL", "CZlib", "CPSL", "CCurl"]),
        // Navigation → Verdict per runtime profile, with the device: pure, no I/O.
        .target(name: "Policies", dependencies: ["Associations", "LinkAuditModel", "WHATWGURL"]),
        // Verdicts → findings: one file per finding code, with its examples.
        .target(name: "Checks", dependencies: ["Policies", "Associations", "LinkAuditModel", "WHATWGURL"]),
        // Findings → report files, one folder per format, and the output kit they share.
        .target(name: "Reports", dependencies: ["Checks", "Policies", "LinkAuditModel", "WHATWGURL"]),
        // The runner: audit, pipelines, explain.
        .target(name: "LinkAudit",
                dependencies: ["PageSources", "Policies", "Checks", "Reports", "LinkAuditModel", "WHATWGURL"]),
        // The command line: arguments in, the runner called, exit codes out.
        .executableTarget(name: "linkaudit",
                          dependencies: ["LinkAudit", "Reports", "Policies", "PageSources", "Extraction",
                                         "LinkAuditModel", "WHATWGURL"]),

        // Fuzzing harnesses (README, "Fuzzing"): libFuzzer entry points over the parsers that
        // take outside bytes, built with -sanitize=fuzzer and -DFUZZING; without them, a tool
        // that replays inputs. Not stages: they only call in. FuzzDriver is what they share.
        .target(name: "FuzzDriver", path: "Fuzz/Driver"),
        .executableTarget(name: "FuzzWARC", dependencies: ["FuzzDriver", "PageSources"], path: "Fuzz/WARC"),
        .executableTarget(name: "FuzzHTML",
                          dependencies: ["FuzzDriver", "PageSources", "Extraction", "LinkAudit", "Policies", "LinkAuditModel"],
                          path: "Fuzz/HTML"),
        .executableTarget(name: "FuzzMetaRefresh",
                          dependencies: ["FuzzDriver", "Extraction", "LinkAudit", "Policies", "LinkAuditModel"],
                          path: "Fuzz/MetaRefresh"),
        .executableTarget(name: "FuzzIntent",
                          dependencies: ["FuzzDriver", "Policies", "LinkAudit", "LinkAuditModel", "WHATWGURL"],
                          path: "Fuzz/Intent"),
        .executableTarget(name: "FuzzAssociations",
                          dependencies: ["FuzzDriver", "Associations", "Policies", "LinkAudit", "LinkAuditModel", "WHATWGURL"],
                          path: "Fuzz/Associations"),
        .executableTarget(name: "FuzzLinksJSONL", dependencies: ["FuzzDriver", "Reports", "LinkAuditModel"],
                          path: "Fuzz/LinksJSONL"),
        .executableTarget(name: "FuzzExplain", dependencies: ["FuzzDriver", "LinkAudit", "Policies", "LinkAuditModel"],
                          path: "Fuzz/Explain"),

        // Tests, one target per stage, and what they share: fixtures (Tests/Fixtures, with
        // their sources), the command-line runner, golden files, extraction and report helpers.
        .target(name: "TestSupport", dependencies: ["Reports", "Policies", "Extraction", "LinkAuditModel", "WHATWGURL"],
                path: "Tests/TestSupport"),
        .testTarget(name: "WHATWGURLTests",
                    dependencies: ["WHATWGURL", "TestSupport"]),
        .testTarget(name: "LinkAuditModelTests",
                    dependencies: ["LinkAuditModel", "Policies", "Reports", "LinkAudit", "TestSupport"]),
        .testTarget(name: "AssociationsTests",
                    dependencies: ["Associations", "LinkAuditModel", "WHATWGURL", "Policies", "TestSupport"]),
        .testTarget(name: "ExtractionTests",
                    dependencies: ["Extraction", "LinkAuditModel", "CLibXML2", "TestSupport"]),
        .testTarget(name: "PageSourcesTests",
                    dependencies: ["PageSources", "Extraction", "Associations", "LinkAuditModel", "WHATWGURL",
                                   "Policies", "Checks", "Reports", "LinkAudit", "TestSupport", "CZlib"]),
        .testTarget(name: "PoliciesTests",
                    dependencies: ["Policies", "Associations", "LinkAuditModel", "WHATWGURL", "Extraction",
                                   "PageSources", "Checks", "LinkAudit", "TestSupport"]),
        .testTarget(name: "ChecksTests",
                    dependencies: ["Checks", "Policies", "LinkAuditModel", "Extraction", "PageSources",
                                   "Reports", "LinkAudit", "TestSupport"]),
        .testTarget(name: "ReportsTests",
                    dependencies: ["Reports", "Checks", "Policies", "LinkAuditModel", "WHATWGURL", "PageSources",
                                   "LinkAudit", "CLibXML2", "TestSupport"]),
        .testTarget(name: "LinkAuditTests",
                    dependencies: ["LinkAudit", "Policies", "TestSupport"]),
    ]
)
