import LinkAuditModel

// The records `ScriptPlacement` keeps while it places a document's script effects: the keys
// it tells expansions, literals and placed navigations apart by, the writes and submits it
// places once every insertion and click is known, and where the parser stands for each.
extension ScriptPlacement {
    struct Expansion: Hashable {
        let function: String
        let timing: ScriptTiming
        /// The literals passed, as (script, key) pairs: a call with other literals places
        /// other URLs.
        let arguments: [Int]
    }

    struct LiteralKey: Hashable {
        let script: Int
        let key: Int
    }

    struct PlacedKey: Hashable {
        let line: Int, script: Int, trigger: Trigger, target: String, delayMs: Int?, raw: String
    }

    struct PlacedSubmit {
        let key: ScriptFlow.Element.Key
        let script: Int
        let offset: Int
        let timing: ScriptTiming
        let condition: String?
        let place: Place
    }

    struct PlacedWrite {
        let write: ElementWrite
        let script: Int
        let function: String?
        let arguments: [ScriptFlow.Argument?]
        let timing: ScriptTiming
        let condition: String?
        let instance: Int
        let place: Place
        /// Run as the page loads, for certain (not a function nobody calls).
        let atLoad: Bool
    }

    /// Where the parser stands when a script's effect runs: the end of the script whose top
    /// level started it, unless it waits for the parse to end; and whether it runs while the
    /// document is parsed (Docs/PLATFORM.md §F.15).
    struct Place {
        var parserLine: Int?
        var whileParsing: Bool
    }
}
