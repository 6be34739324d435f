import ManifestReading

/// What the rules allow and forbid. Which targets are features, modules and apps comes from the
/// manifest; this says only what each kind may import.
public enum ArchitecturePolicy {
    /// The modules of the package a feature may use: the core, the service protocols, and the
    /// mock world its own service's mock answers from.
    public static let featureKit: Set<String> = ["AgoraModels", "AgoraDI", "AgoraArchitecture", "AgoraAPI", "AgoraMocks", "AgoraCache"]
    /// The architecture kit: every feature's ViewModels, coordinators and plugins build on it, so
    /// like a feature library it speaks of no tool that shows them.
    public static let architectureKit = "AgoraArchitecture"

    /// The toolchain's own modules a feature may import besides its kit.
    public static let featureSystemImports: Set<String> = ["Foundation", "Swift", "_Concurrency", "Synchronization", "Observation"]

    /// Everything a feature may import.
    public static var featureImports: Set<String> { featureKit.union(featureSystemImports) }

    /// What a feature's REPL view may use besides its own library and the feature kit.
    public static let featureViewKit: Set<String> = ["AgoraTerminalUI"]

    /// What a feature's web view may use besides its own library and the feature kit.
    public static let featureWebViewKit: Set<String> = ["AgoraWebUI"]

    /// Everything a feature's REPL view may import, besides its own library.
    public static var featureViewImports: Set<String> { featureImports.union(featureViewKit) }

    /// The view kit of the feature view `view`: the web's for `EventsWeb`, the terminal's for
    /// `EventsREPL`.
    public static func viewKit(ofView view: String) -> Set<String> {
        if view.hasSuffix("Web") { return featureWebViewKit }
        return view.hasSuffix("REPL") ? featureViewKit : []
    }

    /// Everything the feature view `view` may import, besides its own library and the inputs
    /// its views share (``sharedInputs(of:)``).
    public static func viewImports(ofView view: String) -> Set<String> {
        featureImports.union(viewKit(ofView: view))
    }

    /// The target of the inputs both views of `feature` send, traced: `EventsViewInputs`.
    public static func sharedInputs(of feature: String) -> String {
        feature + PackageManifest.Target.viewInputsSuffix
    }

    /// The kit a target must not import, by how its name ends: every `…Web` target (a feature's
    /// web view, the web app) draws with the web kit, never the terminal's, and every `…REPL`
    /// target the reverse, so neither view can come to depend on the other.
    public static let otherViewKit: [(suffix: String, forbidden: String)] = [("Web", "AgoraTerminalUI"), ("REPL", "AgoraWebUI")]

    /// The kit `target` may not import because it is the other view's, or `nil`.
    static func forbiddenViewKit(for target: String, importing module: String) -> String? {
        otherViewKit.first { target.hasSuffix($0.suffix) && module == $0.forbidden }?.forbidden
    }

    /// What a ViewModel must not import, by what it is: exact module names.
    public static let viewModelForbidden: [String: String] = [
        "AgoraLive": "the live service",
        "AgoraMocks": "the mock service",
        "AgoraServer": "the server",
        "AgoraHTTPServing": "the servers' HTTP layer",
        "AgoraContract": "the live service's generated contract",
        "FoundationNetworking": "Foundation's networking",
        "AgoraCache": "the cache",
        "AgoraSQLiteCache": "the cache",
        "GRDB": "the cache's database",
        "AgoraREPL": "the REPL",
        "LineEditing": "the REPL",
        "CEditLine": "the REPL",
        "AgoraTerminalUI": "the terminal view",
    ]

    /// What a ViewModel must not import, by name prefix (every OpenAPI, Hummingbird and NIO module).
    public static let viewModelForbiddenPrefixes: [(prefix: String, what: String)] = [
        ("OpenAPI", "the live service's HTTP client"),
        ("Hummingbird", "the server"),
        ("NIO", "networking"),
        ("AsyncHTTPClient", "networking"),
    ]

    /// Why a ViewModel may not import `module`, or `nil` when it may.
    static func viewModelForbiddenReason(_ module: String) -> String? {
        if let what = viewModelForbidden[module] { return what }
        return viewModelForbiddenPrefixes.first { module.hasPrefix($0.prefix) }?.what
    }
}
