/// Apple's Smart App Banner: `<meta name="apple-itunes-app" content="app-id=…, app-argument=…">`.
/// The app argument is the deep link Safari hands the app; without one the banner only
/// leads to the App Store.
struct SmartAppBanner: Equatable {
    var appID: String?
    var appArgument: String?

    init(content: String) {
        for part in content.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingASCIIWhitespace }
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "app-id": appID = pair[1]
            case "app-argument": appArgument = pair[1]
            default: break
            }
        }
    }

    var appStoreURL: String? {
        appID.map { "https://apps.apple.com/app/id\($0)" }
    }
}
