import ArgumentParser
import Foundation
import ManifestReading
import ModuleGraph

extension GraphFormat: ExpressibleByArgument {}

struct PrintModuleGraph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "module-graph",
        abstract: "Print the module graph from the manifest, as Mermaid or Graphviz DOT; or keep Modules/README.md's picture current.",
        discussion: """
        Nodes are the manifest's targets (test targets only with --include-tests) and the products \
        they use, grouped by layer (Core, Services, Contract, Server, Features, Composition, REPL, \
        Apps, Testing); an arrow goes from a module to each dependency.
        """
    )

    @Option(help: "mermaid or dot.")
    var format: GraphFormat = .mermaid

    @Flag(help: "Add the test targets.")
    var includeTests = false

    @Flag(help: "Fail, naming Modules/README.md, when its picture between the module-graph markers is not the current graph.")
    var check = false

    @Flag(help: "Redraw Modules/README.md's picture between the module-graph markers.")
    var writeReadme = false

    @OptionGroup var root: RootOption

    func validate() throws {
        if check && writeReadme { throw ValidationError("--check and --write-readme exclude each other; pass one") }
        if (check || writeReadme) && (format != .mermaid || includeTests) {
            throw ValidationError("Modules/README.md's picture is the Mermaid graph without tests; --check and --write-readme take no --format or --include-tests")
        }
    }

    func run() throws {
        let manifest: PackageManifest
        do {
            manifest = try ManifestLoader.load(packageAt: root.url)
        } catch {
            throw fail(error.description)
        }
        let graph = ModuleGraph(manifest: manifest, includeTests: includeTests)
        guard check || writeReadme else {
            print(graph.rendered(as: format), terminator: "")
            return
        }
        let file = ReadmeGraphSection.file
        let readmeURL = root.url.appendingPathComponent(file)
        guard let readme = try? String(contentsOf: readmeURL, encoding: .utf8) else {
            throw fail("\(file): cannot read \(readmeURL.path)")
        }
        let body = ReadmeGraphSection.body(for: graph)
        do {
            let current = try ReadmeGraphSection.current(in: readme)
            if check {
                guard current == body else {
                    throw fail("\(file): the module graph between \(ReadmeGraphSection.startMarker) and \(ReadmeGraphSection.endMarker) is stale: it is not the graph of the current Package.swift; run Scripts/module-graph --write-readme")
                }
                print("module-graph: \(file) shows the current graph (\(graph.nodes.count) modules, \(graph.edges.count) dependencies)")
            } else if current != body {
                try Data(ReadmeGraphSection.replacing(in: readme, with: body).utf8).write(to: readmeURL)
                print("module-graph: \(file) redrawn (\(graph.nodes.count) modules, \(graph.edges.count) dependencies)")
            } else {
                print("module-graph: \(file) already shows the current graph")
            }
        } catch let failure as ReadmeGraphSection.Failure {
            throw fail(failure.description)
        }
    }
}
