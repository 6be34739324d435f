import Foundation
import GRDB

extension SQLiteStore {
    /// Whether `device` has logged in to the account with `email` before.
    func isKnownDevice(_ device: DeviceID, email: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (
                        SELECT 1 FROM known_devices d JOIN users u ON u.id = d.user_id
                        WHERE u.email = ? AND d.device_sha256 = ?
                    )
                    """, arguments: [email, device.digest]) ?? false
        }
    }

    /// Remembers that `device` logged in to the account of `userID` at `now`.
    func rememberDevice(_ device: DeviceID, userID: Int64, now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO known_devices (user_id, device_sha256, last_login_at) VALUES (?, ?, ?)
                    ON CONFLICT (user_id, device_sha256) DO UPDATE SET last_login_at = excluded.last_login_at
                    """, arguments: [userID, device.digest, now.unixSeconds])
            try db.execute(
                sql: """
                    DELETE FROM known_devices WHERE user_id = ? AND device_sha256 NOT IN (
                        SELECT device_sha256 FROM known_devices WHERE user_id = ?
                        ORDER BY last_login_at DESC, device_sha256 LIMIT ?
                    )
                    """, arguments: [userID, userID, Self.knownDevicesPerAccount])
        }
    }
}
