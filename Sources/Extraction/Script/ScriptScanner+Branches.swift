/// The branch each navigation is written on: `if (…)` with or without braces, `else`,
/// `else if`. Kept as the scan goes, with no look-ahead past the next token: a braced
/// block's branch is its frame's, and a statement without braces is on its branch until
/// its `;`, a line break that ends it, or the end of the block around it.
struct Branches {
    /// `if (`: the `(` at this token opens a condition.
    var conditionParen: Int?
    /// An `if`'s own condition, and the other branches of the `if … else if` chain it
    /// ends (`!(a)` for `else if (b)`): what an `else` after it negates.
    struct Own {
        var condition: String
        var chain: String?

        /// What an `else` after this `if` is on, besides the branch around the chain.
        var otherwise: String? { ScriptCondition.both(chain, ScriptCondition.not(condition)) }
    }

    /// The branch of the `{` that follows `if (…)` or `else`, with the `if`'s own condition.
    var waiting: (condition: String?, own: Own?, depth: Int)?
    /// The branch of a statement without braces after `if (…)` or `else`, while it lasts.
    var statement: (condition: String?, own: Own?, depth: Int, start: Int)?
    /// The `if` whose block or statement ended last, for an `else` right after it.
    var lastIf: (own: Own, depth: Int)?
    /// `else if`: the other branches before it, joined to the next condition.
    var elseIf: (chain: String?, depth: Int)?

    mutating func takeCondition(at i: Int) -> Bool {
        guard conditionParen == i else { return false }
        conditionParen = nil
        return true
    }
}

extension ScriptScanner {
    /// The branch in force here.
    /// (Inlined, as `currentSteps` is: the call copied the scanner, issue 17.)
    @inline(__always) var currentCondition: String? {
        // The depth compared in place, the branch read only then: bound whole, the statement
        // (its branch and condition) was copied, retained and released, per look (issue 17).
        if branches.statement?.depth == frames.count { return branches.statement!.condition }
        guard !frames.isEmpty else { return rootBranch }
        let holder = frames[frames.count - 1].conditionFrame
        return holder < 0 ? rootBranch : frames[holder].ownBranch
    }

    /// `if` and `else`.
    mutating func scanBranch(_ t: borrowing JSToken, at i: Int) {
        if t.text.isName("if"), token(i + 1)?.isPunct("(") == true, token(i - 1)?.isPunct(".") != true {
            branches.conditionParen = i + 1
        } else if t.text.isName("else") {
            guard let last = branches.lastIf, last.depth == frames.count else { return }
            branches.lastIf = nil
            let other = ScriptCondition.both(currentCondition, last.own.otherwise)
            if token(i + 1)?.isIdentifier("if") == true {
                branches.elseIf = (last.own.otherwise, frames.count)
            } else if token(i + 1)?.isPunct("{") == true {
                branches.waiting = (other, nil, frames.count)
            } else {
                branches.statement = (other, nil, frames.count, i + 1)
            }
        }
    }

    /// A `{` takes the branch waiting for it (nil: none).
    /// (Returned, not set through `inout`: the frame's fields lent to it were copied into
    /// the frame on every `{`; and taken out, not bound and then cleared, issue 17.)
    mutating func openBlock() -> (condition: String?, own: Branches.Own?)? {
        guard branches.waiting?.depth == frames.count, let waiting = branches.waiting.take() else { return nil }
        return (waiting.condition, waiting.own)
    }

    /// After a frame closed at token `i`: the `)` of `if (…)` starts a branch, the `}` of
    /// an `if` block ends one, and what was open inside the frame ends with it.
    mutating func closeBranches(_ frame: Frame, at i: Int) {
        if let depth = branches.waiting?.depth, depth > frames.count { branches.waiting = nil }
        if let depth = branches.statement?.depth, depth > frames.count { branches.statement = nil }
        if frame.closer == .paren, frame.isCondition, let opener = token(frame.opener) {
            var own = Branches.Own(condition: script.text(from: opener.offset + 1, to: script.tokens[i].offset))
            if let elseIf = branches.elseIf, elseIf.depth == frames.count {
                own.chain = elseIf.chain
                branches.elseIf = nil
            }
            let condition = ScriptCondition.both(currentCondition, ScriptCondition.both(own.chain, own.condition))
            if token(i + 1)?.isPunct("{") == true {
                branches.waiting = (condition, own, frames.count)
            } else {
                branches.statement = (condition, own, frames.count, i + 1)
            }
        } else if frame.closer == .brace, let own = frame.ownCondition {
            branches.lastIf = (own, frames.count)
        }
    }

    /// `;`: a statement without braces ends.
    mutating func endStatement() {
        guard branches.statement?.depth == frames.count, let statement = branches.statement.take() else { return }
        if let own = statement.own { branches.lastIf = (own, statement.depth) }
    }

    /// A line break between an operand and the start of another ends the statement
    /// (automatic semicolon insertion, as far as a token tells it).
    mutating func endBranchStatement(before i: Int) {
        guard let statement = branches.statement?.start, branches.statement?.depth == frames.count, i > statement,
              let t = token(i), t.newlineBefore, t.startsOperand, token(i - 1)?.endsOperand == true else { return }
        endStatement()
    }
}
