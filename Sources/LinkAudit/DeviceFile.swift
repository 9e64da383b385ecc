import Foundation
import LinkAuditModel
import Policies

extension DeviceProfile {
    /// Loads a device file (`Pipelines/devices/*.json`); errors name the file and the field.
    public static func load(path: String) throws -> DeviceProfile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LinkAuditError.usage("\(path): cannot read the device file")
        }
        return try decode(data, file: path)
    }
}
