import Foundation
import LinkAudit
import LinkAuditModel
import Policies

/// The fuzzing harness for `linkaudit explain` (issue 16): any bytes as the request on
/// standard input — strict JSON, the request's fields with their ranges, device profiles,
/// profile options, settings and `hostEntry` — then every runtime profile's verdict and
/// the findings, the host's own loads and the answer as `explain` prints it, which must be
/// JSON. A crash, a hang or a broken bound is a finding; each found becomes a test in
/// Tests/LinkAuditTests/Fuzz/.
///
/// Run with libFuzzer by `Scripts/fuzz.sh FuzzExplain` (README, "Fuzzing"); built without
/// `FUZZING` it replays files instead (`FuzzDriver`).
enum ExplainFuzzing {
    static func run(_ bytes: [UInt8]) {
        guard let request = try? ExplainRequest.decode(Data(bytes)) else { return }
        if let delay = request.delayMs {
            precondition((0...PageClock.maxDelayMs).contains(delay), "a delay off the page clock: \(delay)")
        }
        let profiles = ProfileRegistry.all
        let answer = request.evaluate(profiles: profiles)
        precondition(answer.verdicts.map { Set($0.keys) } == Set(profiles.map(\.name)),
                     "a profile without a verdict")
        let steps = request.hostEntrySteps(profiles: profiles)
        let json = ExplainOutput.json(answer, hostEntry: steps)
        precondition((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "explain printed no JSON: \(json)")
    }
}
