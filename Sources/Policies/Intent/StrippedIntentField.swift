/// Something a launch policy removed from a page's intent before starting it — the detail an
/// `UNSAFE_INTENT_STRIPPED` finding reports.
public enum StrippedIntentField: Equatable, Sendable, CustomStringConvertible {
    /// The explicit `component=` target (`pkg/cls`).
    case component(String)
    /// The `SEL;` selector intent.
    case selector
    /// Launch-flag bits outside the allowed mask.
    case flags(Int32)

    public var description: String {
        switch self {
        case .component(let c): "component \(c)"
        case .selector: "selector"
        case .flags(let bits): "flags 0x" + String(UInt32(bitPattern: bits), radix: 16, uppercase: true)
        }
    }
}
