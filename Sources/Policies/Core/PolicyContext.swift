/// What every request of one classification shares: the device (with the association
/// files in play), the settings, the profiles' options and what is built from them once
/// (the iOS SDK's classifier, whose scheme sets cost more to build than a decision). One
/// reference, so a request costs one retain for all of it rather than one per array inside.
final class PolicyContext: Sendable {
    let device: DeviceProfile
    let settings: AuditSettings
    let options: ProfileOptions
    let iosSDKClassifier: DeepLinkClassifier

    init(device: DeviceProfile, settings: AuditSettings, options: ProfileOptions) {
        self.device = device
        self.settings = settings
        self.options = options
        iosSDKClassifier = DeepLinkClassifier(options: options.iosSDK)
    }

    func with(device: DeviceProfile) -> PolicyContext {
        PolicyContext(device: device, settings: settings, options: options)
    }

    func with(settings: AuditSettings) -> PolicyContext {
        PolicyContext(device: device, settings: settings, options: options)
    }

    func with(options: ProfileOptions) -> PolicyContext {
        PolicyContext(device: device, settings: settings, options: options)
    }
}
