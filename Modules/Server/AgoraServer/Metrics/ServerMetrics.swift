import Prometheus

/// What the server counts for an operator, in Prometheus' text format at `GET /metrics`: requests
/// by route, method and status, their latency, logins by outcome, refused attempts, and how busy
/// the database's connections are.
///
/// One registry per server, not the process-wide `MetricsSystem`, so servers started side by
/// side (tests, several in one process) each count their own. Routes are the contract's path
/// templates (`/v1/events/{eventId}`), so the series stay few whatever the ids.
public final class ServerMetrics: Sendable {
    /// The buckets of the latency histogram: 1 ms to 10 s.
    static let latencyBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
    ]

    /// Where the server answers with ``exposition(openConnections:idle:changeStreams:)``.
    static let path = "/metrics"

    private let registry = PrometheusCollectorRegistry()
    /// The store's reads and writes: holding a connection, waiting for one, and how long they waited.
    let database: DatabaseUse

    public init() {
        let waits = registry.makeDurationHistogram(
            descriptor: Self.metric("database", "connection_wait", "seconds", "Time a read or write waited for a database connection."),
            buckets: Self.latencyBuckets
        )
        database = DatabaseUse(recordWait: { waits.record($0) })
    }

    /// Counts one answered request: `route` its template (`unmatched` for none), `status` what the
    /// client got; a login's and a refusal's are counted by kind too.
    func record(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.metric("http", "requests", "total", "Requests answered, by method, route template and status."),
            labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Self.metric("http", "request_duration", "seconds", "Time from the request's head to the answer, by route template."),
            labels: [("route", route)], buckets: Self.latencyBuckets
        ).record(duration)
        if let outcome = Self.loginOutcome(method: method, route: route, status: status) {
            registry.makeCounter(descriptor: Self.metric(nil, "logins", "total", "Login attempts, by outcome."), labels: [("outcome", outcome)])
                .increment()
        }
        if status == 429 || status == 503 {
            registry.makeCounter(
                descriptor: Self.metric(nil, "refused_attempts", "total", "Requests refused for load: throttled (429) or busy (503)."),
                labels: [("route", route), ("status", String(status))]
            ).increment()
        }
    }

    /// Every series, in Prometheus' text exposition format, with the connections open now
    /// (`open` of them, `idle` between requests).
    func exposition(openConnections open: Int, idle: Int, changeStreams: Int) -> String {
        let connections = Self.metric(nil, "open", "connections", "Client connections open now, by state.")
        registry.makeGauge(descriptor: connections, labels: [("state", "busy")]).set(to: Double(open - idle))
        registry.makeGauge(descriptor: connections, labels: [("state", "idle")]).set(to: Double(idle))
        let database = Self.metric("database", "in_flight", "operations", "Reads and writes now, by whether they hold a database connection or wait for one.")
        registry.makeGauge(descriptor: database, labels: [("state", "holding")]).set(to: Double(self.database.inUse))
        registry.makeGauge(descriptor: database, labels: [("state", "waiting")]).set(to: Double(self.database.waitingForConnection))
        let streams = Self.metric("changes", "open", "streams", "Streams of changes (an event's or a member's own) open now.")
        registry.makeGauge(descriptor: streams).set(to: Double(changeStreams))
        return registry.emitToString()
    }

    /// `agora_<subsystem>_<name>_<unit>`, with its help line.
    private static func metric(_ subsystem: String?, _ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "agora", subsystem: subsystem, metricName: name, unitName: unit, helpText: help)
    }

    /// A login's outcome by its answer: a password or a code checked, a second step asked for,
    /// refused, throttled or turned away busy; `nil` for any other route.
    static func loginOutcome(method: String, route: String, status: Int) -> String? {
        guard method == "POST", route == "/v1/sessions" || route == "/v1/sessions/two-factor" else { return nil }
        switch status {
        case 200, 201: return "succeeded"
        case 202: return "second_step"
        case 401: return "refused"
        case 429: return "throttled"
        case 503: return "busy"
        default: return "invalid"
        }
    }
}
