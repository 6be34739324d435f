import GRDB

/// The server's tables and the indexes every list query is served by.
///
/// Times are whole seconds since 1970 (`INTEGER`): the API's dates have no fractions and the
/// page cursors are `<seconds>.<id>` keysets, so stored and sent keys compare exactly.
enum ServerSchema {
    /// The index that serves a page of comments: one seek to `(event, cursor)`, then rows in
    /// order — no sort, however deep the page.
    static let commentsPageIndex = "comments_by_event_newest"
    /// The index that serves a page of events, soonest first.
    static let eventsPageIndex = "events_by_start"
    /// The index that serves a page of a user's feed, newest first.
    static let activitiesPageIndex = "activities_by_user_newest"

    /// Creates ``commentsPageIndex``; the demo seed drops it and runs this again after a bulk
    /// insert, so a million comments are sorted once into a packed index.
    static let createCommentsPageIndex = "CREATE INDEX \(commentsPageIndex) ON comments(event_id, created_at DESC, id DESC)"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: accounts, events, comments, activities") { db in
            try db.execute(
                sql: """
                    CREATE TABLE users (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        email TEXT NOT NULL UNIQUE,          -- lowercased
                        password_hash TEXT NOT NULL,         -- bcrypt
                        two_factor INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE sessions (
                        token TEXT PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        created_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX sessions_by_expiry ON sessions(expires_at);
                    CREATE INDEX sessions_by_user ON sessions(user_id);
                    CREATE TABLE two_factor_challenges (
                        id TEXT PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        code TEXT NOT NULL,
                        expires_at INTEGER NOT NULL,
                        failed_attempts INTEGER NOT NULL DEFAULT 0
                    ) WITHOUT ROWID;
                    CREATE INDEX two_factor_challenges_by_user ON two_factor_challenges(user_id);
                    CREATE TABLE events (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        title TEXT NOT NULL,
                        summary TEXT NOT NULL,
                        venue TEXT NOT NULL,
                        starts_at INTEGER NOT NULL,
                        ends_at INTEGER NOT NULL,
                        host_id INTEGER NOT NULL REFERENCES users(id),
                        attendee_count INTEGER NOT NULL DEFAULT 0,
                        comment_count INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX \(eventsPageIndex) ON events(starts_at, id);
                    CREATE INDEX events_by_host ON events(host_id);
                    CREATE TABLE rsvps (
                        event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        responded_at INTEGER NOT NULL,
                        PRIMARY KEY (event_id, user_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX rsvps_by_user ON rsvps(user_id);
                    CREATE TABLE comments (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: clients cache by id
                        event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
                        author_id INTEGER NOT NULL REFERENCES users(id),
                        body TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        client_id TEXT                         -- the poster's idempotency key
                    );
                    \(createCommentsPageIndex);
                    CREATE UNIQUE INDEX comments_by_client_id ON comments(author_id, client_id) WHERE client_id IS NOT NULL;
                    CREATE TABLE activities (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,   -- whose feed
                        kind TEXT NOT NULL CHECK (kind IN ('commented', 'rsvped', 'startingSoon')),
                        occurred_at INTEGER NOT NULL,
                        event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
                        actor_id INTEGER REFERENCES users(id),
                        comment_id INTEGER REFERENCES comments(id) ON DELETE CASCADE,
                        excerpt TEXT
                    );
                    CREATE INDEX \(activitiesPageIndex) ON activities(user_id, occurred_at DESC, id DESC);
                    CREATE INDEX activities_by_comment ON activities(comment_id);
                    CREATE INDEX activities_by_event ON activities(event_id);
                    """)
        }
        // v1 kept bearer tokens as they are: whoever read the file could use them. Sessions
        // are now found by the token's SHA-256 (``TokenDigest``); open ones stay open.
        migrator.registerMigration("v2: sessions keyed by the SHA-256 of their token") { db in
            try db.execute(
                sql: """
                    CREATE TABLE session_digests (
                        token_sha256 TEXT PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        created_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
            let open = try Row.fetchAll(db, sql: "SELECT token, user_id, created_at, expires_at FROM sessions")
            for session in open {
                try db.execute(
                    sql: """
                        INSERT INTO session_digests (token_sha256, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)
                        """, arguments: [TokenDigest.of(session["token"]), session["user_id"], session["created_at"], session["expires_at"]])
            }
            try db.execute(
                sql: """
                    DROP TABLE sessions;
                    ALTER TABLE session_digests RENAME TO sessions;
                    CREATE INDEX sessions_by_expiry ON sessions(expires_at);
                    CREATE INDEX sessions_by_user ON sessions(user_id);
                    """)
        }
        // Devices that have logged in to an account: from one of them, failures spread over
        // many addresses do not hold the owner out (``LoginThrottling``). Only the SHA-256 of
        // the client's identifier is kept (``DeviceID``).
        migrator.registerMigration("v3: known devices") { db in
            try db.execute(
                sql: """
                    CREATE TABLE known_devices (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        device_sha256 TEXT NOT NULL,
                        last_login_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, device_sha256)
                    ) WITHOUT ROWID;
                    """)
        }
        // What changed on each event, in order, for the streams that follow an event
        // (``ChangeFeed``): only the kind and the id of what changed, read when sent. The
        // latest ``EventChange/kept`` are kept; `dropped_up_to` is the last id let go, so a
        // stream that resumes from before it knows it missed some.
        migrator.registerMigration("v4: event changes") { db in
            try db.execute(
                sql: """
                    CREATE TABLE event_changes (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        event_id INTEGER NOT NULL,
                        kind TEXT NOT NULL,
                        subject_id INTEGER NOT NULL
                    );
                    CREATE INDEX event_changes_by_event ON event_changes(event_id, id);
                    CREATE TABLE event_changes_dropped (up_to INTEGER NOT NULL);
                    INSERT INTO event_changes_dropped (up_to) VALUES (0);
                    """)
        }
        // Where an event takes place, its time zone (an IANA identifier), so clients tell its
        // times as the venue's clock does; `NULL` for an event with no place.
        migrator.registerMigration("v5: events' time zone") { db in
            try db.execute(sql: "ALTER TABLE events ADD COLUMN time_zone TEXT")
        }
        // An event's own answer names the latest few who said they go (``SQLiteStore/attendees(of:in:)``):
        // read from this index, that is five rows whatever the count.
        migrator.registerMigration("v6: who answered last") { db in
            try db.execute(sql: "CREATE INDEX rsvps_latest ON rsvps(event_id, responded_at DESC, user_id DESC)")
        }
        // A change may concern one member alone (their answer, their feed, their sessions):
        // `member_id` names them, and their stream reads its backlog from this index. The
        // changes of an event are those with no member.
        migrator.registerMigration("v7: a member's own changes") { db in
            try db.execute(
                sql: """
                    ALTER TABLE event_changes ADD COLUMN member_id INTEGER;
                    CREATE INDEX event_changes_by_member ON event_changes(member_id, id) WHERE member_id IS NOT NULL;
                    """)
        }
        return migrator
    }
}
