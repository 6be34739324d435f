/// A broken module rule: the file and line, the import (or manifest entry) and the rule.
public struct ArchitectureViolation: Hashable, Sendable, CustomStringConvertible {
    /// Relative to the package root ("Modules/Features/Events/Events/ViewModel/EventsListViewModel.swift").
    public let file: String
    /// 1-based; `nil` for a violation of the whole file.
    public let line: Int?
    /// The module imported (or depended on) against the rule.
    public let module: String
    public let rule: ArchitectureRule

    public init(file: String, line: Int?, module: String, rule: ArchitectureRule) {
        self.file = file
        self.line = line
        self.module = module
        self.rule = rule
    }

    /// `path:line: error: …`, as a compiler writes it, so editors jump to it.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): error: \(rule.message(module: module))"
    }
}

/// The rules, each with the message that says what is wrong and what to do instead.
public enum ArchitectureRule: Hashable, Sendable {
    /// A feature imports another feature.
    case featureImportsFeature(feature: String)
    /// A ViewModel imports a live service, the cache or the REPL.
    case viewModelImportsForbidden(what: String)
    /// A module under Modules/ imports an app.
    case moduleImportsApp(module: String)
    /// A feature imports something outside what features may use.
    case featureImportsOutsideKit(feature: String)
    /// The manifest gives a feature a dependency outside what features may use.
    case featureDependsOutsideKit(feature: String)
    /// A feature's REPL or web view imports another feature, or something outside what views may use.
    case featureViewImportsOutsideKit(view: String, feature: String)
    /// A `…Web` target imports the terminal kit, or a `…REPL` target the web kit.
    case viewImportsOtherViewKit(module: String)
    /// A module imports a target of the package it does not depend on, not even through another.
    case importsUndeclaredTarget(module: String)
    /// A feature library names a type that exists for the REPL's tools (tracing, input tables).
    case toolInFeatureLibrary
    /// A feature library's string literal names a REPL command (a backticked word).
    case commandInFeatureText
    /// A feature library's code or comment speaks of a tool (the REPL, a script, a terminal).
    case toolWordInFeatureLibrary
    /// A module or app spells out `nonisolated(nonsending)`, the default it is built with.
    case isolationSpelledOut
    /// The manifest builds a module or app without `NonisolatedNonsendingByDefault`.
    case isolationDefaultMissing
    /// An article or README names, in backticks, a type the package does not declare.
    case articleNamesMissingType
    /// An article or README names, in backticks, a member no type of the package declares.
    case articleNamesMissingMember
    /// The walk article numbers a step past the most it may have.
    case walkTooLong(maximum: Int)

    func message(module: String) -> String {
        switch self {
        case .featureImportsFeature(let feature):
            "feature \(feature) imports feature \(module); features never import each other: open the other's screen by Route through the navigator"
        case .viewModelImportsForbidden(let what):
            "a ViewModel imports \(module) (\(what)); a ViewModel reaches data only through its UseCase protocols"
        case .moduleImportsApp(let importer):
            "module \(importer) imports the app \(module); apps depend on modules, never the other way"
        case .featureImportsOutsideKit(let feature):
            "feature \(feature) imports \(module); a feature may import only \(ArchitecturePolicy.featureImports.sorted().joined(separator: ", "))"
        case .featureDependsOutsideKit(let feature):
            "the manifest gives feature \(feature) the dependency \(module); a feature may depend only on \(ArchitecturePolicy.featureKit.sorted().joined(separator: ", "))"
        case .importsUndeclaredTarget(let importer):
            "module \(importer) imports \(module), which Package.swift does not give it, not even through another dependency; a clean build fails: add it to the dependencies or drop the import"
        case .toolInFeatureLibrary:
            "a feature library names \(module), which exists for the REPL's tools; trace and declare inputs in the feature's REPL view (TracedInputs), so a GUI app links none of it"
        case .commandInFeatureText:
            "a feature library's text names the REPL command \(module); send a signal or a plain message, and let the REPL view word it in its own terms"
        case .toolWordInFeatureLibrary:
            "a feature library or the architecture kit speaks of '\(module)', a tool that shows it; say what the user did or what the view shows (a GUI app links the same library), and word it for the tool in the feature's REPL or web view"
        case .isolationSpelledOut:
            "\(module) is spelled out; every target is built with NonisolatedNonsendingByDefault, so a plain `async` function already runs on its caller's actor: drop it (mark work that must leave the caller's actor `@concurrent`)"
        case .isolationDefaultMissing:
            "the manifest builds \(module) without the upcoming feature NonisolatedNonsendingByDefault; give it Package.swift's isolationSettings, so its async functions follow the same rule as every other module's"
        case .articleNamesMissingType:
            "the document names `\(module)`, which the package does not declare; name the type as the code does, or drop the backticks if it is not a type"
        case .articleNamesMissingMember:
            "the document names the member `\(module)`, which no type of the package declares; name it as the code does, or drop the backticks if it is not a symbol"
        case .walkTooLong(let maximum):
            "the walk has a step \(module); at most \(maximum): group what a step uses under it, and name what a view adds apart from the walk"
        case .featureViewImportsOutsideKit(let view, let feature):
            "the \(view.hasSuffix("Web") ? "web" : "REPL") view \(view) imports \(module); it may import only its feature \(feature) and \(ArchitecturePolicy.viewImports(ofView: view).sorted().joined(separator: ", "))"
        case .viewImportsOtherViewKit(let importer):
            "\(importer) imports \(module), the other view's kit; a web target draws with AgoraWebUI and a REPL target with AgoraTerminalUI, never each other's, so the two views stay apart over the same ViewModels"
        }
    }
}
