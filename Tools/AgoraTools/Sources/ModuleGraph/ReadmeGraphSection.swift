/// The module graph's place in the modules' README (``file``): the text between two HTML
/// comments, which Markdown does not show.
public enum ReadmeGraphSection {
    /// The README that shows the graph, relative to the package root: beside the modules it
    /// draws, so that the project's README stays a short guide that links to it.
    public static let file = "Modules/README.md"
    public static let startMarker = "<!-- module-graph:start -->"
    public static let endMarker = "<!-- module-graph:end -->"

    /// Why the README's section cannot be read.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// What goes between the markers for `graph`: a fenced Mermaid block.
    public static func body(for graph: ModuleGraph) -> String {
        "\n```mermaid\n" + graph.mermaid() + "```\n"
    }

    /// The text between the markers in `readme`.
    public static func current(in readme: String, file: String = ReadmeGraphSection.file) throws(Failure) -> String {
        let range = try bodyRange(in: readme, file: file)
        return String(readme[range])
    }

    /// `readme` with the text between the markers replaced by `body`.
    public static func replacing(in readme: String, with body: String, file: String = ReadmeGraphSection.file) throws(Failure) -> String {
        var text = readme
        text.replaceSubrange(try bodyRange(in: readme, file: file), with: body)
        return text
    }

    private static func bodyRange(in readme: String, file: String) throws(Failure) -> Range<String.Index> {
        guard let start = readme.range(of: startMarker) else {
            throw Failure(description: "\(file): no \(startMarker) marker; add \(startMarker) and \(endMarker) where the module graph goes")
        }
        guard let end = readme.range(of: endMarker, range: start.upperBound..<readme.endIndex) else {
            throw Failure(description: "\(file): no \(endMarker) marker after \(startMarker)")
        }
        return start.upperBound..<end.lowerBound
    }
}
