import AgoraApp
import AgoraChildProcess
import AgoraHTTPServing
import AgoraServer
import Testing

/// agora-web speaks to agora-server for many visitors from one address, so it says whose each
/// request is, and agora-server, trusting it, holds each visitor to their own failed logins: one
/// visitor's guesses lock out neither the member nor the machine. Visitors come from loopback
/// addresses of their own (127.0.1.x), over real HTTP.
@Suite("agora-web: login limits per visitor, through agora-server")
@MainActor
struct WebLoginLimitsTests {
    @Test(
        "given a visitor who sent 10 wrong passwords for alice through the web form, when alice logs in from her own address, then she is in, and the guesser is held"
    )
    func oneVisitorsGuessesHoldOnlyThatVisitor() async throws {
        try await withLiveWebApp { port in
            let guesser = Browser(port: port, from: "127.0.1.2")
            try await guesser.get("/login")
            for _ in 0..<10 {
                try await guesser.post("/login", [("email", "alice@agora.example"), ("password", "wrong-guess")])
            }
            let held = try await guesser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(try await guesser.follow(held).body.contains("Too many failed logins. Wait"), "the guesser waits")

            let alice = Browser(port: port, from: "127.0.1.3")
            try await alice.get("/login")
            try await alice.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(try await alice.get("/events").body.contains("Logged in as Alice Martin"), "the owner is not locked out")
        }
    }

    @Test(
        "given a stranger failing for alice from 10 addresses up to the account's ceiling, when alice logs in from a browser that logged in before, then she is in, and a browser new to the account is held"
    )
    func aKnownDeviceIsNotHeldByTheAccountCeiling() async throws {
        try await withLiveWebApp { port in
            let laptop = Browser(port: port, from: "127.0.1.20")
            try await laptop.get("/login")
            try await laptop.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await laptop.get("/events")
            try await laptop.post("/logout", [("from", "/events")])
            let device = try #require(laptop.device, "the login set the device cookie")

            for address in 0..<10 {
                let stranger = Browser(port: port, from: "127.0.1.\(100 + address)")
                try await stranger.get("/login")
                for _ in 0..<10 {
                    try await stranger.post("/login", [("email", "alice@agora.example"), ("password", "wrong-guess")])
                }
            }

            let newBrowser = Browser(port: port, from: "127.0.1.21")
            try await newBrowser.get("/login")
            let refused = try await newBrowser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(try await newBrowser.follow(refused).body.contains("Too many failed logins. Wait"), "a browser new to the account is held")

            let sameLaptop = Browser(port: port, from: "127.0.1.22")
            sameLaptop.device = device
            try await sameLaptop.get("/login")
            try await sameLaptop.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(try await sameLaptop.get("/events").body.contains("Logged in as Alice Martin"), "the device alice logged in from before gets in")
        }
    }

    @Test(
        "given a login, when it succeeds, then the browser gets the device id agora-server issued as a cookie for a year, HttpOnly and SameSite=Lax, kept across later logins"
    )
    func loginSetsTheDeviceCookie() async throws {
        try await withLiveWebApp { port in
            let browser = Browser(port: port)
            #expect(try await browser.get("/login").setCookies.allSatisfy { !$0.hasPrefix("agora_device=") }, "none before a login")
            let login = try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            let cookie = try #require(login.setCookies.first { $0.hasPrefix("agora_device=") })
            let attributes = Set(cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            #expect(attributes.isSuperset(of: ["httponly", "samesite=lax", "path=/", "max-age=31536000"]), "\(cookie)")
            let device = try #require(browser.device)
            #expect(device.count == 43, "32 random bytes, as agora-server issues them")

            try await browser.get("/events")
            try await browser.post("/logout", [("from", "/events")])
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(browser.device == device, "the same device logs in again")
        }
    }

    @Test(
        "given a device cookie planted before alice logs in (another page on 127.0.0.1 set it), when a stranger reaches her ceiling and sends that id, then it is held: only ids agora-server issued count",
        arguments: ["planted-by-another-page-0123456789", "forged<script>"])
    func aPlantedDeviceIsNeverKnown(planted: String) async throws {
        try await withLiveWebApp { port in
            let alice = Browser(port: port, from: "127.0.1.30")
            alice.device = planted
            try await alice.get("/login")
            try await alice.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(try await alice.get("/events").body.contains("Logged in as Alice Martin"))
            #expect(alice.device != planted, "the browser keeps the id agora-server issued instead")

            for address in 0..<10 {
                let stranger = Browser(port: port, from: "127.0.1.\(100 + address)")
                try await stranger.get("/login")
                for _ in 0..<10 {
                    try await stranger.post("/login", [("email", "alice@agora.example"), ("password", "wrong-guess")])
                }
            }
            let attacker = Browser(port: port, from: "127.0.1.31")
            attacker.device = planted
            try await attacker.get("/login")
            let refused = try await attacker.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(try await attacker.follow(refused).body.contains("Too many failed logins. Wait"), "the planted id counts for nothing")
        }
    }

    @Test(
        "given agora-web behind a proxy at 127.0.0.1 that writes X-Forwarded-For, when a guesser at 127.0.1.7 sends 10 wrong passwords with a Forwarded naming 127.0.1.200, then the guesser is held and 127.0.1.200 logs in"
    )
    func aVisitorsOwnForwardedHeaderIsNotRead() async throws {
        try await withLiveWebApp(trustedProxies: TrustedProxies([IPAddress("127.0.0.1")!])) { port in
            // The proxy connects from 127.0.0.1 and appends the visitor it sees to X-Forwarded-For;
            // the visitor's own Forwarded passes through untouched, as stock nginx passes it.
            let guesser = Browser(port: port, from: "127.0.0.1")
            guesser.forwarding = [("X-Forwarded-For", "127.0.1.7"), ("Forwarded", "for=127.0.1.200")]
            try await guesser.get("/login")
            for _ in 0..<10 {
                try await guesser.post("/login", [("email", "frank@agora.example"), ("password", "wrong-guess")])
            }
            let held = try await guesser.post("/login", [("email", "frank@agora.example"), ("password", "agora-demo")])
            #expect(try await guesser.follow(held).body.contains("Too many failed logins. Wait"), "the guesser, counted as 127.0.1.7, waits")

            let named = Browser(port: port, from: "127.0.0.1")
            named.forwarding = [("X-Forwarded-For", "127.0.1.200")]
            try await named.get("/login")
            try await named.post("/login", [("email", "frank@agora.example"), ("password", "agora-demo")])
            #expect(try await named.get("/events").body.contains("Logged in as Frank"), "the address the guesser named is not held")
        }
    }
}

/// agora-web in live mode against agora-server (demo data, cheap password hashing) that trusts
/// agora-web's address, 127.0.0.1, to say whose each request is.
@MainActor
private func withLiveWebApp(trustedProxies: TrustedProxies = .none, _ body: (_ port: Int) async throws -> Void) async throws {
    let server = try await AgoraServer.start(
        AgoraServerConfiguration(port: 0, trustedProxies: ["127.0.0.1"], seed: .demo(), bcryptCost: 4, logLevel: .critical))
    let address = server.baseURL.absoluteString
    do {
        try await withWebSessions(
            trustedProxies: trustedProxies, configuration: { AppConfiguration(mode: .live, apiBaseURL: address, requestTimeout: Hang.bound) }
        ) { port, _ in
            try await body(port)
        }
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
