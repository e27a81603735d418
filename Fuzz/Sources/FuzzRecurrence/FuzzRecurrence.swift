// Fuzzes recurrence rules: RRULE parsing (RecurrenceRule(rrule:)), text rules (TextRule), the
// iterator (at most 50 occurrences per rule) and the planner (RecurrencePlanner.parse / plan).
//
// Input: 1 choice byte (start date/time, repeat mode, catch-up), then the rule text.
//
// Invariants:
//  rrule-roundtrip      a parsed RRULE's canonical text parses back to the same rule (without its
//                       DTSTART), and `stringWithStart` to the same rule with it
//  describe-roundtrip   a valid rule's English (TextRule.describe) parses back to the same rule,
//                       with the same when-done flag, and describing that gives the same English
//  occurrences          at most min(50, COUNT) occurrences, strictly increasing, none before the
//                       start, none after UNTIL (end of that day when UNTIL is a date), years ≤ 9999
//  plan-forward         a plan's successor date is after the reference (every / due-again)
//  plan-rule-parses     the rule a successor carries parses again
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let day = LocalDate(year: 2026, month: 1, day: 6)!
private let starts: [RecurrenceInstant] = [
    RecurrenceInstant(date: day),
    RecurrenceInstant(date: day, time: RecurrenceTime(hour: 9, minute: 30, second: 0)),
    RecurrenceInstant(date: LocalDate(year: 2024, month: 2, day: 29)!),
    RecurrenceInstant(date: LocalDate(year: 9999, month: 12, day: 25)!, time: RecurrenceTime(hour: 23, minute: 59, second: 59)),
]

private func withoutStart(_ r: RecurrenceRule) -> RecurrenceRule {
    var r = r
    r.start = nil
    r.startIsUTC = false
    return r
}

private func checkOccurrences(_ rule: RecurrenceRule, from start: RecurrenceInstant, _ ctx: String) {
    let got = rule.occurrences(from: start, limit: 50)
    let c = "\(rule.rruleString) from \(start): \(got.prefix(5).map(\.description))…\n\(ctx)"
    fuzzCheck("occurrences", got.count <= min(50, rule.count ?? 50), "too many occurrences: \(got.count)\n\(c)")
    fuzzCheck("occurrences", zip(got, got.dropFirst()).allSatisfy { $0 < $1 }, "not strictly increasing\n\(c)")
    fuzzCheck("occurrences", got.allSatisfy { !($0 < start) && $0.date.year <= 9999 }, "before the start or after 9999\n\(c)")
    if let u = rule.until {
        let limit = u.time == nil ? RecurrenceInstant(date: u.date, time: RecurrenceTime(hour: 23, minute: 59, second: 59)) : u
        fuzzCheck("occurrences", got.allSatisfy { !(limit < $0) }, "past UNTIL\n\(c)")
    }
}

private func checkDescribe(_ rule: RecurrenceRule, whenDone: Bool, _ ctx: String) {
    let r = withoutStart(rule)
    guard (try? r.validate()) != nil else { return }
    let text = TextRule.describe(r, whenDone: whenDone)
    do {
        let back = try TextRule.parse(text)
        fuzzCheck("describe-roundtrip", back.rule == r && back.whenDone == whenDone,
                  "\(r.rruleString) → \(lit(text)) → \(back.rule.rruleString) when done \(back.whenDone)\n\(ctx)")
        fuzzCheck("describe-roundtrip", TextRule.describe(back.rule, whenDone: back.whenDone) == text, "describe is not stable for \(lit(text))\n\(ctx)")
    } catch {
        fuzzFail("describe-roundtrip", "\(r.rruleString) → \(lit(text)) does not parse: \(error)\n\(ctx)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = Int(input.byte())
    let text = input.restText
    let start = starts[choice % starts.count]
    let ctx = "text \(lit(text))"

    if let r = try? RecurrenceRule(rrule: text) {
        let canonical = r.rruleString
        let back = try? RecurrenceRule(rrule: canonical)
        fuzzCheck("rrule-roundtrip", back == withoutStart(r), "\(lit(canonical)) parses to \(back.map { $0.rruleString } ?? "an error")\n\(ctx)")
        if r.start != nil {
            let full = r.stringWithStart
            let backFull = try? RecurrenceRule(rrule: full)
            fuzzCheck("rrule-roundtrip", backFull == r, "\(lit(full)) parses to \(backFull.map { $0.stringWithStart } ?? "an error")\n\(ctx)")
        }
        checkOccurrences(r, from: r.start ?? start, ctx)
        checkDescribe(r, whenDone: false, ctx)
    }
    if let (r, whenDone) = try? TextRule.parse(text) {
        checkOccurrences(r, from: start, ctx)
        checkDescribe(r, whenDone: whenDone, ctx)
    }
    _ = try? RecurrenceRule.parseAny(text)

    // The planner, for rules whose series starts near the task (its 5M-step catch-up loop is
    // bounded, but a series from year 1 would make every input slow).
    guard let (rule, _) = try? RecurrencePlanner.parse(text) else { return 0 }
    if let s = rule.start, !(2000...2100).contains(s.date.year) { return 0 }
    var task = TodoTask(path: "t.md", title: "t")
    task.due = LocalDateTime(date: day, time: choice & 4 == 0 ? nil : LocalTime(hour: 9, minute: 30))
    if choice & 8 != 0 { task.deferDate = LocalDateTime(date: day.adding(days: -3)) }
    task.recurrence = text
    let mode = RepeatMode.allCases[(choice >> 4) % 3]
    let plan: RecurrencePlan?
    do {
        plan = try RecurrencePlanner.plan(task, rule: text, mode: mode, completionDay: day.adding(days: 1),
                                          today: day.adding(days: 2), catchUp: choice & 64 != 0)
    } catch {
        fuzzFail("plan-rule-parses", "plan threw \(error) for a rule that parsed\n\(ctx)")
    }
    guard let plan else { return 0 }
    let pctx = "mode \(mode) plan \(dumped(plan))\n\(ctx)"
    if mode != .deferAnother, let next = plan.due {
        // every: after the due day's reference instant; due-again: after the completion day.
        let earliest = mode == .every ? day : day.adding(days: 1)
        fuzzCheck("plan-forward", next.date >= earliest, "successor due \(next) before \(earliest)\n\(pctx)")
    }
    fuzzCheck("plan-rule-parses", (try? RecurrencePlanner.parse(plan.rule)) != nil, "successor rule \(lit(plan.rule)) does not parse\n\(pctx)")
    _ = RecurrencePlanner.preview(task, mode: mode, completionDay: day, today: day, limit: 5)
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
