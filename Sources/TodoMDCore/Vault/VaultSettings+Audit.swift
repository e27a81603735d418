import Foundation

extension VaultSettings {
    /// Reads `audit_log` (README, "Audit log"): false stops appending to `.todomd/audit/`.
    mutating func loadAuditSettings(_ obj: [String: Any], problems: inout [String]) {
        guard let v = obj["audit_log"] else { return }
        if let b = v as? Bool { auditLog = b } else { problems.append("audit_log must be true or false") }
    }
}
