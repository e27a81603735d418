import XCTest
@testable import TodoMDCore

final class QuickEntryParserTests: XCTestCase {
    /// A compact, order-fixed rendering of every field that is set, so a table row can state the
    /// whole expected result and a mismatch reads at a glance.
    static func render(_ e: QuickEntry) -> String {
        var parts = ["title=\(e.title)"]
        if let d = e.due { parts.append("due=\(d)") }
        if let d = e.scheduled { parts.append("scheduled=\(d)") }
        if let d = e.defer { parts.append("defer=\(d)") }
        if !e.tags.isEmpty { parts.append("tags=" + e.tags.joined(separator: ",")) }
        if let p = e.project { parts.append("project=\(p)") }
        if let a = e.area { parts.append("area=\(a)") }
        if let p = e.priority { parts.append("priority=\(p.rawValue)") }
        if e.flagged { parts.append("flagged") }
        if let m = e.estimateMinutes { parts.append("estimate=\(m)") }
        if let r = e.recurrence { parts.append("every=\(r)") }
        if e.whenDone { parts.append("whenDone") }
        if e.someday { parts.append("someday") }
        if let d = e.description { parts.append("desc=\(d)") }
        return parts.joined(separator: " | ")
    }

    /// (line, now key, expected rendering). Default field `.due`, not literal.
    static let table: [(String, String, String)] = [
        // the headline example and every token kind
        ("Buy milk tomorrow #errands !high", "thu", "title=Buy milk | due=2026-11-27 | tags=errands | priority=high"),
        ("Pay rent due eom #bills !high ~15m // landlord portal", "thu",
         "title=Pay rent | due=2026-11-30 | tags=bills | priority=high | estimate=15 | desc=landlord portal"),
        ("Pay rent due eom #bills !high ~15m // landlord portal", "jan31",
         "title=Pay rent | due=2026-01-31 | tags=bills | priority=high | estimate=15 | desc=landlord portal"),
        ("Tags #a/b #c", "thu", "title=Tags | tags=a/b,c"),
        ("Tags #a #a", "thu", "title=Tags | tags=a"),
        ("#errands buy milk", "thu", "title=buy milk | tags=errands"),
        ("Deep tag #home/garden/beds", "thu", "title=Deep tag | tags=home/garden/beds"),
        ("Trailing slash #a/ stays", "thu", "title=Trailing slash #a/ stays"),
        ("Buy milk #errands, eggs", "thu", "title=Buy milk #errands, eggs"),
        ("Unicode #café", "thu", "title=Unicode | tags=café"),
        ("Tag with digits #q4-2026", "thu", "title=Tag with digits | tags=q4-2026"),
        ("Goals #2026-goals", "thu", "title=Goals | tags=2026-goals"),
        ("Snake #my_tag", "thu", "title=Snake | tags=my_tag"),
        ("Dotted #a.b stays", "thu", "title=Dotted #a.b stays"),
        ("Hash # alone", "thu", "title=Hash # alone"),
        ("Double ##x", "thu", "title=Double ##x"),
        ("Renovate +\"Home Renovation\" =Home", "thu", "title=Renovate | project=Home Renovation | area=Home"),
        ("Report =\"Deep Work\" +Q4", "thu", "title=Report | project=Q4 | area=Deep Work"),
        ("Curly +\u{201C}Big Plan\u{201D} quotes", "thu", "title=Curly quotes | project=Big Plan"),
        ("Nested +work/clientA", "thu", "title=Nested | project=work/clientA"),
        ("Project +a +b", "thu", "title=Project +b | project=a"),
        ("Area =Work =Home", "thu", "title=Area =Home | area=Work"),
        ("x = y", "thu", "title=x = y"),
        ("Formula =123", "thu", "title=Formula =123"),
        ("Budget +2026plan", "thu", "title=Budget +2026plan"),
        ("Empty quotes +\"\" stay", "thu", "title=Empty quotes +\"\" stay"),
        ("Fix p1 bug", "thu", "title=Fix bug | priority=high"),
        ("Fix bug p2", "thu", "title=Fix bug | priority=medium"),
        ("Fix bug P3", "thu", "title=Fix bug | priority=low"),
        ("Fix bug p4", "thu", "title=Fix bug | priority=none"),
        ("Fix bug p5", "thu", "title=Fix bug p5"),
        ("Fix bug !!!", "thu", "title=Fix bug | priority=high"),
        ("Fix bug !!", "thu", "title=Fix bug | priority=medium"),
        ("Fix bug !medium", "thu", "title=Fix bug | priority=medium"),
        ("Fix bug !med", "thu", "title=Fix bug | priority=medium"),
        ("Fix bug !LOW", "thu", "title=Fix bug | priority=low"),
        ("Fix bug !none", "thu", "title=Fix bug | priority=none"),
        ("Wow !", "thu", "title=Wow !"),
        ("Wow!!!", "thu", "title=Wow!!!"),
        ("Fix !low bug !high", "thu", "title=Fix bug !high | priority=low"),
        ("Taxes !flag", "thu", "title=Taxes | flagged"),
        ("Taxes !flag !flag", "thu", "title=Taxes | flagged"),
        ("Call ~30m", "thu", "title=Call | estimate=30"),
        ("Call ~1h30m", "thu", "title=Call | estimate=90"),
        ("Call ~1h30", "thu", "title=Call | estimate=90"),
        ("Call ~2h", "thu", "title=Call | estimate=120"),
        ("Call ~90", "thu", "title=Call | estimate=90"),
        ("Call ~45min", "thu", "title=Call | estimate=45"),
        ("Call ~0m", "thu", "title=Call ~0m"),
        ("Call ~0h0", "thu", "title=Call ~0h0"),
        ("Call ~0h5", "thu", "title=Call | estimate=5"),
        ("Call ~abc", "thu", "title=Call ~abc"),
        ("Call ~ later", "thu", "title=Call ~ later"),
        ("Call ~1h ~2h", "thu", "title=Call ~2h | estimate=60"),
        ("Call mom // ask about xmas", "thu", "title=Call mom | desc=ask about xmas"),
        ("Call mom //", "thu", "title=Call mom"),
        ("Call mom // tomorrow #x", "thu", "title=Call mom | desc=tomorrow #x"),
        ("See https://example.com tomorrow", "thu", "title=See https://example.com | due=2026-11-27"),
        ("Path a//b stays", "thu", "title=Path a//b stays"),
        // false friends
        ("Email bob@example.com", "thu", "title=Email bob@example.com"),
        ("C# course", "thu", "title=C# course"),
        ("Learn C# tomorrow", "thu", "title=Learn C# | due=2026-11-27"),
        ("Buy 2+2 book", "thu", "title=Buy 2+2 book"),
        ("Read \"May\" by Sara", "thu", "title=Read \"May\" by Sara"),
        ("Read chapter 3 of Dune", "thu", "title=Read chapter 3 of Dune"),
        ("Buy 5 apples", "thu", "title=Buy 5 apples"),
        ("Buy apples 5", "thu", "title=Buy apples 5"),
        ("Fix bug #123", "thu", "title=Fix bug #123"),
        ("Fix bug #123 #ui", "thu", "title=Fix bug #123 | tags=ui"),
        ("Meeting on Monday re: Friday deadline", "thu", "title=Meeting re: Friday deadline | scheduled=2026-11-30"),
        ("Meeting on Monday re: deadline Friday", "thu",
         "title=Meeting re: deadline | due=2026-11-27 | scheduled=2026-11-30"),
        ("Friday deadline review", "thu", "title=Friday deadline review"),
        ("Call mom tomorrow about the party", "thu", "title=Call mom tomorrow about the party"),
        ("Meeting friday tomorrow", "thu", "title=Meeting friday | due=2026-11-27"),
        ("Plan March madness", "thu", "title=Plan March madness"),
        ("Plan March", "thu", "title=Plan March"),
        ("Call mom at 5pm", "thu", "title=Call mom | due=2026-11-26T17:00"),
        ("Call mom at 5pm", "thu-late", "title=Call mom | due=2026-11-27T17:00"),
        ("Call mom 5pm", "thu", "title=Call mom | due=2026-11-26T17:00"),
        ("I may go", "thu", "title=I may go"),
        ("Buy sun cream", "thu", "title=Buy sun cream"),
        ("Sit in the sun", "thu", "title=Sit in the sun"),
        ("Rocket sat", "thu", "title=Rocket sat"),
        ("Get wed", "thu", "title=Get wed"),
        ("Come on mon", "thu", "title=Come | scheduled=2026-11-30"),
        ("C'mon", "thu", "title=C'mon"),
        ("Call Tom", "thu", "title=Call Tom"),
        ("Call Tom tomorrow", "thu", "title=Call Tom | due=2026-11-27"),
        ("Call mom due tom", "thu", "title=Call mom | due=2026-11-27"),
        ("Hunt tod", "thu", "title=Hunt tod"),
        ("Meet wed", "thu", "title=Meet wed"),
        ("Meet next wed", "thu", "title=Meet | due=2026-12-02"),
        ("Meet this sat", "thu", "title=Meet | due=2026-11-28"),
        ("Lunch on sat", "thu", "title=Lunch | scheduled=2026-11-28"),
        ("Meet fri", "thu", "title=Meet | due=2026-11-27"),
        ("Meet thurs", "mon", "title=Meet | due=2026-11-26"),
        ("Read John 3:16", "thu", "title=Read John 3:16"),
        ("Standup 9:30", "thu", "title=Standup 9:30"),
        ("Standup at 9:30", "thu", "title=Standup | due=2026-11-27T09:30"),
        ("Lunch at noon", "thu", "title=Lunch | due=2026-11-26T12:00"),
        ("Lunch noon", "thu", "title=Lunch noon"),
        ("Sleep before midnight", "thu", "title=Sleep | due=2026-11-27T00:00"),
        ("Meeting at 5pm with Bob", "thu", "title=Meeting at 5pm with Bob"),
        ("Pick up kids at 5", "thu", "title=Pick up kids | due=2026-11-26T17:00"),
        ("Dinner on 5", "thu", "title=Dinner on 5"),
        ("Stand by me", "thu", "title=Stand by me"),
        ("After lunch call Bob", "thu", "title=After lunch call Bob"),
        ("Work on the report", "thu", "title=Work on the report"),
        ("Read \"The Sun Also Rises\" by friday", "thu", "title=Read \"The Sun Also Rises\" | due=2026-11-27"),
        ("Quote \"tomorrow\"", "thu", "title=Quote \"tomorrow\""),
        ("Say \"due friday\" twice", "thu", "title=Say \"due friday\" twice"),
        ("Talk \"#notatag\" +\"Real Project\"", "thu", "title=Talk \"#notatag\" | project=Real Project"),
        ("Party feb 30", "thu", "title=Party feb 30"),
        ("Party feb 29 2027", "thu", "title=Party feb 29 2027"),
        ("Read 1984", "thu", "title=Read 1984"),
        ("Room 101 at 3pm", "thu", "title=Room 101 | due=2026-11-26T15:00"),
        ("Celebrate 50th", "thu", "title=Celebrate 50th"),
        ("Take 2 weeks off next month", "thu", "title=Take 2 weeks off | due=2026-12-01"),
        ("Email everyone", "thu", "title=Email everyone"),
        ("Call day after tomorrow", "thu", "title=Call | due=2026-11-28"),
        ("Call the day after tomorrow #x", "thu", "title=Call | due=2026-11-28 | tags=x"),
        ("Call day after tomorrow on friday", "thu", "title=Call | due=2026-11-28 | scheduled=2026-11-27"),
        ("Rest the day after tomorrow is gone", "thu", "title=Rest the day after tomorrow is gone"),
        ("tomorrow", "thu", "title= | due=2026-11-27"),
        // not understood: stays text
        ("Finish report this week", "thu", "title=Finish report this week"),
        ("Call mom tomorrow.", "thu", "title=Call mom tomorrow."),
        ("Meet at 5.30pm", "thu", "title=Meet at 5.30pm"),
        ("Dinner first monday of march", "thu", "title=Dinner first monday of march"),
        ("Walk tomorrow every day", "thu", "title=Walk | due=2026-11-27 | every=every day"),
        ("Walk every day tomorrow", "thu", "title=Walk | due=2026-11-27 | every=every day"),
        // bare dates at the end (default field)
        ("Buy milk +3d", "thu", "title=Buy milk | due=2026-11-29"),
        ("Buy milk in 3 days", "thu", "title=Buy milk | due=2026-11-29"),
        ("Rest 3 days", "thu", "title=Rest | due=2026-11-29"),
        ("Review in a week", "thu", "title=Review | due=2026-12-03"),
        ("Dentist tomorrow at 9am", "thu", "title=Dentist | due=2026-11-27T09:00"),
        ("Dentist friday 17:00", "thu", "title=Dentist | due=2026-11-27T17:00"),
        ("Dentist at 5pm tomorrow #health", "thu", "title=Dentist | due=2026-11-27T17:00 | tags=health"),
        ("Party march 1", "jan31", "title=Party | due=2026-03-01"),
        ("Party march 1", "thu", "title=Party | due=2027-03-01"),
        ("Party March 1 2027", "thu", "title=Party | due=2027-03-01"),
        ("Party 1st of march", "jan31", "title=Party | due=2026-03-01"),
        ("Party mar 1st", "jan31", "title=Party | due=2026-03-01"),
        ("Celebrate the 15th", "thu", "title=Celebrate | due=2026-12-15"),
        ("Invoice 15th", "jan31", "title=Invoice | due=2026-02-15"),
        ("Trip mid january", "thu", "title=Trip | due=2027-01-15"),
        ("Trip mid-january", "thu", "title=Trip | due=2027-01-15"),
        ("Report eow", "thu", "title=Report | due=2026-11-29"),
        ("Report end of week", "thu", "title=Report | due=2026-11-29"),
        ("Report end of the month", "thu", "title=Report | due=2026-11-30"),
        ("Taxes eoy", "thu", "title=Taxes | due=2026-12-31"),
        ("Plan next year", "dec31", "title=Plan | due=2027-01-01"),
        ("Plan next week", "thu", "title=Plan | due=2026-11-30"),
        ("Clean this weekend", "thu", "title=Clean | due=2026-11-28"),
        ("Clean this weekend", "sun", "title=Clean | due=2026-11-29"),
        ("Hike next weekend", "sun", "title=Hike | due=2026-12-05"),
        ("Ship v2 2026-12-01", "thu", "title=Ship v2 | due=2026-12-01"),
        ("Ship v2 2026-12-01T09:00", "thu", "title=Ship v2 | due=2026-12-01T09:00"),
        ("Submit friday", "fri", "title=Submit | due=2026-12-04"),
        ("Submit this friday", "fri", "title=Submit | due=2026-11-27"),
        ("Submit next friday", "thu", "title=Submit | due=2026-12-04"),
        ("Submit today", "sat", "title=Submit | due=2026-11-28"),
        ("Call yesterday", "mon", "title=Call | due=2026-11-22"),
        ("Renew +1y", "leap", "title=Renew | due=2029-02-28"),
        ("Renew in 1 month", "jan31", "title=Renew | due=2026-02-28"),
        ("Bills next month", "leap", "title=Bills | due=2028-03-01"),
        ("New year tomorrow", "dec31", "title=New year | due=2027-01-01"),
        // keywords choose the field
        ("Submit report by friday", "thu", "title=Submit report | due=2026-11-27"),
        ("Submit report before next week", "thu", "title=Submit report | due=2026-11-30"),
        ("Submit due on friday", "thu", "title=Submit | due=2026-11-27"),
        ("Submit due by friday", "thu", "title=Submit | due=2026-11-27"),
        ("Start project on the 15th", "thu", "title=Start project | scheduled=2026-12-15"),
        ("Tax return starting march 1", "thu", "title=Tax return | scheduled=2027-03-01"),
        ("Course start monday", "thu", "title=Course | scheduled=2026-11-30"),
        ("Plan trip scheduled for next month", "thu", "title=Plan trip | scheduled=2026-12-01"),
        ("Plan trip scheduled tomorrow", "thu", "title=Plan trip | scheduled=2026-11-27"),
        ("Renew passport not before jan 10", "thu", "title=Renew passport | defer=2027-01-10"),
        ("Check results after friday", "thu", "title=Check results | defer=2026-11-27"),
        ("Prep talk starting from next monday", "thu", "title=Prep talk | defer=2026-11-30"),
        ("Prep defer until tomorrow", "thu", "title=Prep | defer=2026-11-27"),
        ("Prep defer to +2w", "thu", "title=Prep | defer=2026-12-10"),
        ("Prep defer sat", "thu", "title=Prep | defer=2026-11-28"),
        ("Task due tomorrow on friday after next week", "thu",
         "title=Task | due=2026-11-27 | scheduled=2026-11-27 | defer=2026-11-30"),
        ("Task due friday due monday", "thu", "title=Task due monday | due=2026-11-27"),
        ("Task on friday tomorrow", "thu", "title=Task | due=2026-11-27 | scheduled=2026-11-27"),
        ("Task due friday tomorrow", "thu", "title=Task tomorrow | due=2026-11-27"),
        ("Submit by 5pm", "thu", "title=Submit | due=2026-11-26T17:00"),
        ("Submit by tomorrow at noon !high", "thu", "title=Submit | due=2026-11-27T12:00 | priority=high"),
        ("Call after 6pm", "thu-late", "title=Call | defer=2026-11-26T18:00"),  // now (18:00) counts as still today
        ("Call after 5pm", "thu-late", "title=Call | defer=2026-11-27T17:00"),
        ("Talk to Anna on Monday about budget", "thu", "title=Talk to Anna about budget | scheduled=2026-11-30"),
        ("Due diligence", "thu", "title=Due diligence"),
        ("Due tomorrow", "thu", "title= | due=2026-11-27"),
        // recurrence
        ("Water plants every saturday", "thu", "title=Water plants | scheduled=2026-11-28 | every=every saturday"),
        ("Review budget every 2 weeks when done", "thu",
         "title=Review budget | scheduled=2026-11-26 | every=every 2 weeks | whenDone"),
        ("Pay invoice every month on the last friday", "thu",
         "title=Pay invoice | scheduled=2026-11-27 | every=every month on the last friday"),
        ("Backup every month on the 15th #it", "thu",
         "title=Backup | scheduled=2026-12-15 | tags=it | every=every month on the 15th"),
        ("Gym every monday, wednesday and friday", "thu",
         "title=Gym | scheduled=2026-11-27 | every=every monday, wednesday and friday"),
        ("Gym every Monday, then rest", "thu", "title=Gym then rest | scheduled=2026-11-30 | every=every Monday"),
        ("Read every book", "thu", "title=Read every book"),
        ("Water plants every week and clean", "thu", "title=Water plants and clean | scheduled=2026-11-26 | every=every week"),
        ("Standup every weekday at 9am", "thu", "title=Standup | scheduled=2026-11-27T09:00 | every=every weekday"),
        ("Birthday every year on march 1", "thu", "title=Birthday | scheduled=2027-03-01 | every=every year on march 1"),
        ("Ping every 5 minutes", "thu", "title=Ping every 5 minutes"),
        ("Every day walk", "thu", "title=walk | scheduled=2026-11-26 | every=Every day"),
        ("Sync every other week", "thu", "title=Sync | scheduled=2026-11-26 | every=every other week"),
        ("Haircut every 6 weeks when done ~45m", "thu",
         "title=Haircut | scheduled=2026-11-26 | estimate=45 | every=every 6 weeks | whenDone"),
        ("Retro every two weeks on friday", "thu", "title=Retro | scheduled=2026-11-27 | every=every two weeks on friday"),
        ("Report every 3 months 5 copies", "thu", "title=Report 5 copies | scheduled=2026-11-26 | every=every 3 months"),
        ("Bins every tuesday starting next week", "thu",
         "title=Bins | scheduled=2026-11-30 | every=every tuesday"),
        ("Pay every month due the 1st", "thu", "title=Pay | due=2026-12-01 | every=every month"),
        ("Clean every one", "thu", "title=Clean every one"),
        // a repeat typed without a day starts on its first occurrence (today counts; with a
        // time, not once that time has passed); `due every` makes it the due date
        ("water plants every 3 days", "thu", "title=water plants | scheduled=2026-11-26 | every=every 3 days"),
        ("water plants every 3 days", "dec31-late", "title=water plants | scheduled=2026-12-31 | every=every 3 days"),
        ("pay rent every month on the 1st", "thu", "title=pay rent | scheduled=2026-12-01 | every=every month on the 1st"),
        ("pay rent every month on the 1st", "dec31", "title=pay rent | scheduled=2027-01-01 | every=every month on the 1st"),
        ("pay rent due every month on the 1st", "thu", "title=pay rent | due=2026-12-01 | every=every month on the 1st"),
        ("pay rent due every month on the 1st", "oct31", "title=pay rent | due=2026-11-01 | every=every month on the 1st"),
        ("standup every weekday", "thu", "title=standup | scheduled=2026-11-26 | every=every weekday"),
        ("standup every weekday", "sat", "title=standup | scheduled=2026-11-30 | every=every weekday"),
        ("standup every weekday", "thu-night", "title=standup | scheduled=2026-11-26 | every=every weekday"),
        ("review every 2 weeks on thursday", "thu", "title=review | scheduled=2026-11-26 | every=every 2 weeks on thursday"),
        ("review every 2 weeks on thursday", "fri", "title=review | scheduled=2026-12-03 | every=every 2 weeks on thursday"),
        ("team meeting every monday at 10am", "thu", "title=team meeting | scheduled=2026-11-30T10:00 | every=every monday"),
        ("team meeting every monday at 10am", "mon-early", "title=team meeting | scheduled=2026-11-23T10:00 | every=every monday"),
        ("team meeting every monday at 10am", "mon", "title=team meeting | scheduled=2026-11-23T10:00 | every=every monday"),
        ("team meeting every monday at 10am", "sun", "title=team meeting | scheduled=2026-11-30T10:00 | every=every monday"),
        ("team meeting every monday at 10am", "dec31", "title=team meeting | scheduled=2027-01-04T10:00 | every=every monday"),
        ("Standup at 9am every weekday", "thu", "title=Standup | scheduled=2026-11-27T09:00 | every=every weekday"),
        ("Standup every weekday due at 9am", "thu", "title=Standup | due=2026-11-27T09:00 | every=every weekday"),
        ("Review every monday at 10am starting next week", "thu",
         "title=Review | scheduled=2026-11-30T10:00 | every=every monday"),
        ("Review every monday due friday", "thu", "title=Review | due=2026-11-27 | every=every monday"),
        ("Walk every day at 8", "thu", "title=Walk | scheduled=2026-11-27T08:00 | every=every day"),
        ("Stretch every morning", "mon-early", "title=Stretch | scheduled=2026-11-23T09:00 | every=every day"),
        ("Stretch every morning", "thu-noon", "title=Stretch | scheduled=2026-11-27T09:00 | every=every day"),
        ("Journal every evening", "thu", "title=Journal | scheduled=2026-11-26T18:00 | every=every day"),
        ("Standup every weekday morning", "sat", "title=Standup | scheduled=2026-11-30T09:00 | every=every weekday"),
        ("Pay every 1st", "thu", "title=Pay | scheduled=2026-12-01 | every=every month on the 1st"),
        ("Pay every 1st", "dec31", "title=Pay | scheduled=2027-01-01 | every=every month on the 1st"),
        ("Pay every 5th", "oct31", "title=Pay | scheduled=2026-11-05 | every=every month on the 5th"),
        ("Pay every 1st and 15th", "thu", "title=Pay | scheduled=2026-12-01 | every=every month on the 1st and 15th"),
        ("Pay every 1st of the month", "thu", "title=Pay | scheduled=2026-12-01 | every=every month on the 1st"),
        ("Rent on the last day of every month", "thu", "title=Rent | scheduled=2026-11-30 | every=every month on the last day"),
        ("Rent on the last day of every month", "oct31", "title=Rent | scheduled=2026-10-31 | every=every month on the last day"),
        ("Rent on the last day of every month", "jan31", "title=Rent | scheduled=2026-01-31 | every=every month on the last day"),
        ("Invoice 5th of every month", "thu", "title=Invoice | scheduled=2026-12-05 | every=every month on the 5th"),
        ("Invoice the 15th of each month", "thu", "title=Invoice | scheduled=2026-12-15 | every=every month on the 15th"),
        ("Report on the last friday of every other month", "thu",
         "title=Report | scheduled=2026-11-27 | every=every other month on the last friday"),
        ("Team lunch every first monday", "thu", "title=Team lunch | scheduled=2026-12-07 | every=every month on the first monday"),
        ("Pub every other friday", "thu", "title=Pub | scheduled=2026-11-27 | every=every other friday"),
        ("Pub every other friday", "sat", "title=Pub | scheduled=2026-12-04 | every=every other friday"),
        ("Gym every tuesday and friday", "thu", "title=Gym | scheduled=2026-11-27 | every=every tuesday and friday"),
        ("Vitamins daily", "thu", "title=Vitamins | scheduled=2026-11-26 | every=every day"),
        ("Vitamins daily at 8am", "thu-noon", "title=Vitamins | scheduled=2026-11-27T08:00 | every=every day"),
        ("Report weekly #work", "sat", "title=Report | scheduled=2026-11-28 | tags=work | every=every week"),
        ("Budget monthly", "oct31", "title=Budget | scheduled=2026-10-31 | every=every month"),
        ("Taxes yearly", "dec31", "title=Taxes | scheduled=2026-12-31 | every=every year"),
        ("gym mon wed fri at 7am", "thu", "title=gym | scheduled=2026-11-27T07:00 | every=every mon wed fri"),
        ("gym mon wed fri at 7am", "mon-early", "title=gym | scheduled=2026-11-23T07:00 | every=every mon wed fri"),
        ("gym mon wed fri at 7am", "mon", "title=gym | scheduled=2026-11-25T07:00 | every=every mon wed fri"),
        ("gym mon wed fri at 7am", "sat", "title=gym | scheduled=2026-11-30T07:00 | every=every mon wed fri"),
        ("gym mon wed fri at 7am", "dec31", "title=gym | scheduled=2027-01-01T07:00 | every=every mon wed fri"),
        ("Yoga tuesday and thursday", "thu", "title=Yoga | scheduled=2026-11-26 | every=every tuesday and thursday"),
        ("Swim sat, sun", "mon", "title=Swim | scheduled=2026-11-28 | every=every sat, sun"),
        // phrases that are not a repeat the recurrence module reads stay in the title
        ("Read every day of the week", "thu", "title=Read every day of the week"),
        ("Walk every day of the month", "thu", "title=Walk every day of the month"),
        ("Read every other book", "thu", "title=Read every other book"),
        ("Celebrate every 50th", "thu", "title=Celebrate every 50th"),
        ("Every man for himself", "thu", "title=Every man for himself"),
        ("Daily standup notes", "thu", "title=Daily standup notes"),
        ("Weekly review", "thu", "title=Weekly review"),
        ("Read the Daily Mail", "thu", "title=Read the Daily Mail"),
        ("Call Monday Night Football guy", "thu", "title=Call Monday Night Football guy"),
        ("Monday Tuesday mixup", "thu", "title=Monday Tuesday mixup"),
        // one-off weekdays, times, parts of the day
        ("standup mon", "thu", "title=standup | due=2026-11-30"),
        ("standup mon", "mon", "title=standup | due=2026-11-30"),
        ("standup mon", "sun", "title=standup | due=2026-11-30"),
        ("Call back in 2 hours", "thu", "title=Call back | due=2026-11-26T12:00"),
        ("Call back in 2 hours", "thu-night", "title=Call back | due=2026-11-27T00:30"),
        ("Call back in 2 hours", "dec31-late", "title=Call back | due=2027-01-01T01:30"),
        ("Call back in 30 min", "thu-noon", "title=Call back | due=2026-11-26T12:30"),
        ("Call mom tomorrow morning", "thu", "title=Call mom | due=2026-11-27T09:00"),
        ("Call mom tomorrow morning", "dec31", "title=Call mom | due=2027-01-01T09:00"),
        ("Call mom tomorrow evening", "sat", "title=Call mom | due=2026-11-29T18:00"),
        ("Watch the game monday night", "sat", "title=Watch the game | due=2026-11-30T20:00"),
        ("Call mom tonight", "thu", "title=Call mom | due=2026-11-26T20:00"),
        ("Call mom tonight", "thu-night", "title=Call mom | due=2026-11-26"),
        ("Send report eod", "thu", "title=Send report | due=2026-11-26T17:00"),
        ("Send report end of day", "thu-late", "title=Send report | due=2026-11-26"),
        ("Send report by end of day", "oct31", "title=Send report | due=2026-10-31T17:00"),
        ("Pick up kids at 3", "thu-noon", "title=Pick up kids | due=2026-11-26T15:00"),
        ("Pick up kids at 3", "thu-night", "title=Pick up kids | due=2026-11-27T15:00"),
        ("Pick up kids at 3", "mon-early", "title=Pick up kids | due=2026-11-23T15:00"),
        ("Call Anna at 8", "mon-early", "title=Call Anna | due=2026-11-23T08:00"),
        ("Call Anna at 8", "thu-noon", "title=Call Anna | due=2026-11-26T20:00"),
        ("Call Anna at 8", "dec31-late", "title=Call Anna | due=2027-01-01T08:00"),
        ("Call Anna today at 5", "thu", "title=Call Anna | due=2026-11-26T17:00"),
        ("Call Anna today at 5", "thu-night", "title=Call Anna | due=2026-11-26T17:00"),
        // numeric dates (month/day here; see testDateOrder)
        ("Party 12/25", "thu", "title=Party | due=2026-12-25"),
        ("Party 12/3", "thu", "title=Party | due=2026-12-03"),
        ("Party 3/12", "thu", "title=Party | due=2027-03-12"),
        ("Party 1/1", "dec31", "title=Party | due=2027-01-01"),
        ("Party 12/31", "dec31", "title=Party | due=2026-12-31"),
        ("Party due 12/3/2027", "thu", "title=Party | due=2027-12-03"),
        ("Party 12/3/0000", "thu", "title=Party 12/3/0000"),
        ("Party 13/1", "thu", "title=Party 13/1"),
        ("Email re: 3/4 budget", "thu", "title=Email re: 3/4 budget"),
        ("Bake 1/2 cake", "thu", "title=Bake 1/2 cake"),
        ("Book: 1984", "thu", "title=Book: 1984"),
        // someday, @labels
        ("Sort it someday", "thu", "title=Sort it | someday"),
        ("Someday learn piano #music", "thu", "title=learn piano | tags=music | someday"),
        ("Quote \"someday\"", "thu", "title=Quote \"someday\""),
        ("Buy milk @errands @home", "thu", "title=Buy milk | tags=errands,home"),
        ("Ask @bob about it", "thu", "title=Ask about it | tags=bob"),
        ("Mail @errands #errands", "thu", "title=Mail | tags=errands"),
        ("Email bob@example.com @work", "thu", "title=Email bob@example.com | tags=work"),
        ("Call @5pm", "thu", "title=Call @5pm"),
        ("See @example.com", "thu", "title=See @example.com"),
        ("At @ home", "thu", "title=At @ home"),
        // combinations
        ("Pay rent due eom #bills !high ~15m // landlord portal", "dec31",
         "title=Pay rent | due=2026-12-31 | tags=bills | priority=high | estimate=15 | desc=landlord portal"),
        ("Plan Q1 +\"Company Goals\" =\"Work Life\" #planning p2 !flag ~2h next monday // draft first", "thu",
         "title=Plan Q1 | due=2026-11-30 | tags=planning | project=Company Goals | area=Work Life | priority=medium | flagged | estimate=120 | desc=draft first"),
        ("Submit taxes by april 15 after march 1 on april 1 #finance", "jan31",
         "title=Submit taxes | due=2026-04-15 | scheduled=2026-04-01 | defer=2026-03-01 | tags=finance"),
        ("Two spaces  kept tomorrow", "thu", "title=Two spaces  kept | due=2026-11-27"),
        ("Buy  milk  #x  eggs", "thu", "title=Buy  milk eggs | tags=x"),
        ("  Leading and trailing  ", "thu", "title=Leading and trailing"),
        ("Tab\there tomorrow", "thu", "title=Tab\there | due=2026-11-27"),
        // clock-change days: no shift
        ("Switch clocks tomorrow at 2:30am", "eu-spring", "title=Switch clocks | due=2026-03-30T02:30"),
        ("Check boiler today at 2:30am", "eu-spring", "title=Check boiler | due=2026-03-29T02:30"),
        ("Check boiler tomorrow", "eu-fall", "title=Check boiler | due=2026-10-26"),
        ("Extra hour at 1:30am", "eu-fall", "title=Extra hour | due=2026-10-26T01:30"),
        ("Spring forward next sunday", "us-spring", "title=Spring forward | due=2026-03-15"),
        ("Fall back this weekend", "us-fall", "title=Fall back | due=2026-11-01"),
        ("Fall back in 1 week", "us-fall", "title=Fall back | due=2026-11-08"),
    ]

    func testTable() {
        XCTAssertGreaterThanOrEqual(Self.table.count, 280)
        for (line, nowKey, expected) in Self.table {
            let (today, now) = FixedNow.get(nowKey)
            let entry = QuickEntryParser(today: today, now: now).parse(line)
            XCTAssertEqual(Self.render(entry), expected, "\(line) @ \(nowKey)")
        }
    }

    /// The two-date rule, spelled out: keyword dates anywhere, a keyword-less date only at the
    /// end, each field once (first wins), everything else stays title text.
    func testTwoDateRule() {
        let (today, now) = FixedNow.get("thu")
        let p = QuickEntryParser(today: today, now: now)
        let e = p.parse("Meeting on Monday re: Friday deadline")
        XCTAssertEqual(e.title, "Meeting re: Friday deadline")
        XCTAssertEqual(e.scheduled, LocalDateTime("2026-11-30"))
        XCTAssertNil(e.due)
        XCTAssertEqual(p.parse("Task due friday due monday").title, "Task due monday")
        XCTAssertEqual(p.parse("Call mom tomorrow about the party").due, nil)
    }

    /// `friday` on a Friday is next week's Friday; `this friday` on a Friday is today.
    func testBareWeekdayNeverMeansToday() {
        for key in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] {
            let (today, now) = FixedNow.get(key)
            let p = QuickEntryParser(today: today, now: now)
            for name in ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] {
                let due = p.parse("Do it \(name)").due!.date
                XCTAssertTrue((1...7).contains(today.days(until: due)), "\(name) @ \(key)")
                XCTAssertEqual(DateVocabulary.weekday(name)?.day, due.weekday)
                let this = p.parse("Do it this \(name)").due!.date
                XCTAssertTrue((0...6).contains(today.days(until: this)), "this \(name) @ \(key)")
                let next = p.parse("Do it next \(name)").due!.date
                XCTAssertEqual(next.mondayOfWeek, today.mondayOfWeek.adding(days: 7), "next \(name) @ \(key)")
            }
        }
    }

    func testDefaultFieldIsConfigurable() {
        let (today, now) = FixedNow.get("thu")
        let p = QuickEntryParser(today: today, now: now, defaultDateField: .scheduled)
        XCTAssertEqual(Self.render(p.parse("Buy milk tomorrow")), "title=Buy milk | scheduled=2026-11-27")
        // A keyword still wins its own field; the bare date goes to the default one.
        XCTAssertEqual(Self.render(p.parse("Buy milk due friday tomorrow")),
                       "title=Buy milk | due=2026-11-27 | scheduled=2026-11-27")
        let d = QuickEntryParser(today: today, now: now, defaultDateField: .defer)
        XCTAssertEqual(Self.render(d.parse("Buy milk next week")), "title=Buy milk | defer=2026-11-30")
    }

    func testLiteralParsesNothing() {
        let (today, now) = FixedNow.get("thu")
        let p = QuickEntryParser(today: today, now: now, literal: true)
        let e = p.parse("  Buy milk tomorrow #errands !high // note ")
        XCTAssertEqual(Self.render(e), "title=Buy milk tomorrow #errands !high // note")
        XCTAssertEqual(e.summary(), "")
    }

    func testSummary() {
        let (today, now) = FixedNow.get("thu")
        let p = QuickEntryParser(today: today, now: now)
        XCTAssertEqual(p.parse("Buy milk tomorrow #errands !high").summary(), "due Fri 27 Nov, #errands, priority high")
        XCTAssertEqual(p.parse("Party march 1 2027 at 5pm").summary(), "due Mon 1 Mar 2027 17:00")
        XCTAssertEqual(
            p.parse("Plan +\"Big Plan\" =Work #a #b/c p3 !flag ~1h30m on friday every 2 weeks when done // x").understood,
            ["scheduled Fri 27 Nov", "every 2 weeks when done", "project Big Plan", "area Work", "#a", "#b/c",
             "priority low", "flagged", "estimate 1h30m", "note"])
        XCTAssertEqual(p.parse("Defer it after next week ~45m").summary(), "defer Mon 30 Nov, estimate 45m")
        XCTAssertEqual(p.parse("Just a title").summary(), "")
    }

    func testJSON() throws {
        let (today, now) = FixedNow.get("thu")
        let e = QuickEntryParser(today: today, now: now).parse("Call mom at 5pm #family !low ~10m")
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        let json = String(decoding: try enc.encode(e), as: UTF8.self)
        XCTAssertEqual(json, ##"{"due":"2026-11-26T17:00","estimateMinutes":10,"flagged":false,"priority":"low","##
            + ##""tags":["family"],"title":"Call mom","understood":["due Thu 26 Nov 17:00","#family","priority low","##
            + ##""estimate 10m"],"whenDone":false}"##)
    }
}

final class QuickEntryInvariantTests: XCTestCase {
    /// The title is always the line's own words, in order: nothing is invented or reordered.
    func testTitleIsASubsequenceOfTheLine() {
        for (line, nowKey, _) in QuickEntryParserTests.table {
            let (today, now) = FixedNow.get(nowKey)
            let e = QuickEntryParser(today: today, now: now).parse(line)
            var words = line.split(whereSeparator: \.isWhitespace)[...]
            for t in e.title.split(whereSeparator: \.isWhitespace) {
                guard let k = words.firstIndex(of: t) else { return XCTFail("\(t) not in \(line)") }
                words = words[(k + 1)...]
            }
        }
    }

    /// Parsing never fails and never hands on a repeat the recurrence module cannot read: every
    /// table line makes a valid task (those with a title), and every repeat starts dated.
    func testEveryLineMakesATask() throws {
        for (line, nowKey, _) in QuickEntryParserTests.table {
            let (today, now) = FixedNow.get(nowKey)
            let e = QuickEntryParser(today: today, now: now).parse(line)
            if let r = e.recurrence {
                XCTAssertNoThrow(try RecurrencePlanner.parse(r), line)
                XCTAssertTrue(e.due != nil || e.scheduled != nil || e.defer != nil, "\(line): a repeat without a date")
            }
            guard !e.title.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let c = Clock(now: Date(timeIntervalSince1970: Double(today.dayNumber) * 86_400
                                    + Double(now.hour * 3600 + now.minute * 60)), timeZone: TimeZone(identifier: "UTC")!)
            var n = NewTask(title: "")
            n.applyQuickEntry(line, clock: c, bareDateField: .due)
            XCTAssertNoThrow(try n.make(clock: c, settings: VaultSettings()), line)
        }
    }

    /// Numeric dates in a line follow the date order the parser is given.
    func testDateOrder() {
        let (today, now) = FixedNow.get("thu")
        for (order, expected) in [(DateOrder.mdy, "2027-03-12"), (.dmy, "2026-12-03"), (.ymd, "2027-03-12")] {
            let p = QuickEntryParser(today: today, now: now, dateOrder: order)
            XCTAssertEqual(QuickEntryParserTests.render(p.parse("Party 3/12")), "title=Party | due=\(expected)", "\(order)")
        }
        let ymd = QuickEntryParser(today: today, now: now, dateOrder: .ymd)
        XCTAssertEqual(ymd.parse("Ship 2027/1/15 #v2").due?.description, "2027-01-15")
        let dmy = QuickEntryParser(today: today, now: now, dateOrder: .dmy)
        XCTAssertEqual(dmy.parse("Party 25/12/2026").due?.description, "2026-12-25")
        XCTAssertEqual(dmy.parse("Party 12/25").title, "Party 12/25")
    }

    /// Word soup from the vocabulary of dates, times and repeats never traps, keeps every word
    /// in order, and never hands on a repeat that cannot be read or that has no date.
    func testWordSoupNeverTraps() throws {
        let vocabulary = ["every", "due", "on", "the", "of", "each", "other", "last", "first", "1st", "5th", "31st",
                          "day", "days", "week", "month", "months", "monday", "mon", "wed", "fri", "sat,", "and",
                          "at", "3", "8", "10am", "9:30", "morning", "night", "tonight", "eod", "end", "in", "2",
                          "hours", "min", "half", "an", "hour", "daily", "weekly", "12/3", "3/12/2027", "0/0",
                          "someday", "@home", "@", "#x", "when", "done", "tomorrow", "next", "this", "//", "\"q\""]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for k in 0..<4000 {
            let line = (0..<(1 + next(8))).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: " ")
            let (today, now) = FixedNow.get(["thu", "thu-night", "mon-early", "dec31-late", "oct31"][k % 5])
            let order = [DateOrder.mdy, .dmy, .ymd][k % 3]
            let e = QuickEntryParser(today: today, now: now, dateOrder: order).parse(line)
            if let r = e.recurrence {
                XCTAssertNoThrow(try RecurrencePlanner.parse(r), line)
                XCTAssertTrue(r.lowercased().hasPrefix("every"), line)
            }
            for d in [e.due, e.scheduled, e.defer].compactMap({ $0 }) {
                XCTAssertEqual(LocalDateTime(d.description), d, line)
            }
            var words = line.split(whereSeparator: \.isWhitespace)[...]
            for t in e.title.split(whereSeparator: \.isWhitespace) {
                guard let i = words.firstIndex(of: t) else { return XCTFail("\(t) not in \(line)") }
                words = words[(i + 1)...]
            }
        }
    }

    /// Odd input never traps, and a long pasted line stays fast (linear scan).
    func testOddAndLongInput() {
        let (today, now) = FixedNow.get("thu")
        let p = QuickEntryParser(today: today, now: now)
        for line in ["", "   ", "\"", "\"\"", "+\"", "=\"x", "#", "+", "=", "~", "!", "//", "// //", "every",
                     "every every", "due", "due due", "on on on", "at", "at at 5pm", "the", "the the 1st",
                     "+\"a\"\"b\"", "“unclosed", "mid-", "+d", "+99999d", "in 999 years", "~99999",
                     "12:", ":30", "5:5pm", "0am", "13am", "2026-13-01", "9999-12-31 +1d", "\u{1F600} tomorrow",
                     "every 1st of", "due every", "on the last of every", "the 5th of every", "in half", "in 999 hours",
                     "in 9999m", "@", "@@", "someday someday", "mon wed", "daily daily at", "1/", "/", "//1", "0/0",
                     "99/99/9999", "every 31st and 30th", "every morning morning", "tonight at 9"] {
            _ = p.parse(line)
            _ = p.dates.parse(line)
        }
        XCTAssertEqual(p.parse("\u{1F600} tomorrow").title, "\u{1F600}")
        let long = Array(repeating: "word next friday at 5 pm the 1st of", count: 2_000).joined(separator: " ")
        let start = Date()
        let e = p.parse(long + " tomorrow")
        XCTAssertEqual(e.due?.description, "2026-11-27")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}
