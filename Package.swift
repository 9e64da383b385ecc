// swift-tools-version:5.9
// linkaudit: finds links that break inside mobile apps' WebViews.
// No outside Swift packages: C libraries come from Debian through system library targets.
import PackageDescription

let package = Package(
    name: "linkaudit",
    products: [
        .library(name: "LinkAudit", targets: ["LinkAudit"]),
        .executable(name: "linkaudit", targets: ["linkaudit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "LinkAudit",
            dependencies: ["CLibXML2", "CZlib"]
        ),
        .executableTarget(
            name: "linkaudit",
            dependencies: ["LinkAudit"]
        ),
        .testTarget(
            name: "LinkAuditTests",
            dependencies: ["LinkAudit"],
            exclude: ["Fixtures"]
        ),
    ]
)
