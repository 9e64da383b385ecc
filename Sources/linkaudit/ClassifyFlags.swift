import Foundation
import LinkAuditModel
import Policies

/// The classification flags shared by `audit` and `explain`: `--profiles`, `--device`, `--entry`,
/// `--host-entry`.
enum ClassifyFlags {
    static func apply(_ parsed: Arguments, to profiles: inout [String]?, device: inout DeviceProfile,
                      settings: inout AuditSettings) throws {
        if let list = parsed.value("profiles") {
            let names = list.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            _ = try ProfileRegistry.select(names)  // names every unknown profile before any work
            profiles = names
        }
        if let path = parsed.value("device") { device = try DeviceProfile.load(path: path) }
        if let entry = parsed.value("entry") {
            guard let value = AuditSettings.Entry(rawValue: entry) else {
                throw LinkAuditError.usage("--entry takes loadUrl or loadUrlByUser, not '\(entry)'")
            }
            settings.entry = value
            settings.hostEntry = nil
        }
        if let path = parsed.value("host-entry") {
            if parsed.value("entry") != nil {
                throw LinkAuditError.usage("--host-entry sets the entry itself; leave --entry out")
            }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw LinkAuditError.usage("--host-entry: cannot read \(path)")
            }
            let hostEntry: HostEntry
            do { hostEntry = try ConfigJSON.decode(HostEntry.self, from: data) } catch {
                throw LinkAuditError.usage("--host-entry \(path): \(JSONErrorText.describe(error))")
            }
            settings.hostEntry = hostEntry
            settings.entry = hostEntry.entry
        }
    }
}
