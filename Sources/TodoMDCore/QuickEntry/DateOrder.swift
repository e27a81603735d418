import Foundation

/// How a numeric date such as `12/3` is read: month/day (`mdy`, the US), day/month (`dmy`,
/// most of the world) or year/month/day (`ymd`, East Asia, ISO). Set in `.todomd.json`
/// (`date_order`); when it is not set the command line derives it from the locale
/// (`LC_ALL`, `LC_TIME`, `LANG`), and without a locale it is `mdy`.
public enum DateOrder: String, Sendable, CaseIterable {
    case mdy, dmy, ymd

    /// The order of the locale the environment names (`LC_ALL`, else `LC_TIME`, else `LANG`,
    /// POSIX precedence), or nil when none is set or it is `C`/`POSIX`.
    /// `en_US` → mdy; `ja_JP`, `zh_CN`, `ko_KR`, `hu_HU`, `sv_SE`, … → ymd; any other → dmy.
    public static func fromEnvironment(_ env: [String: String]) -> DateOrder? {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty }
        guard let name else { return nil }
        return fromLocale(name)
    }

    /// The order for a locale name such as `en_GB.UTF-8`, `de_DE@euro` or `fr`.
    static func fromLocale(_ name: String) -> DateOrder? {
        let base = name.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        guard !base.isEmpty, base != "C", base != "POSIX" else { return nil }
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        let language = parts.first ?? ""
        let region = parts.count > 1 ? parts[1] : ""
        if mdyRegions.contains(region) { return .mdy }
        if ymdRegions.contains(region) || (region.isEmpty && ymdLanguages.contains(language)) { return .ymd }
        if region.isEmpty && language == "en" { return .mdy }  // plain `en`: the US reading
        return .dmy
    }

    /// Regions that write month first: the US and the places that follow its usage.
    private static let mdyRegions: Set<String> = ["us", "ph", "fm", "mh", "pw", "as", "gu", "mp", "pr", "vi", "um"]
    /// Regions that write the year first.
    private static let ymdRegions: Set<String> = ["cn", "jp", "kr", "kp", "tw", "hu", "lt", "mn", "se", "ca", "ir"]
    private static let ymdLanguages: Set<String> = ["zh", "ja", "ko", "hu", "lt", "mn", "sv"]
}
