/// How the graph is written.
public enum GraphFormat: String, CaseIterable, Sendable {
    /// A Mermaid flowchart, as GitHub renders it in Markdown.
    case mermaid
    /// Graphviz DOT: `dot -Tsvg`.
    case dot
}

extension ModuleGraph {
    /// The graph as text in `format`, ending with a newline.
    public func rendered(as format: GraphFormat) -> String {
        switch format {
        case .mermaid: mermaid()
        case .dot: dot()
        }
    }

    /// A Mermaid flowchart: one subgraph per layer, an arrow from each module to what it uses.
    public func mermaid() -> String {
        var lines = ["flowchart TB"]
        for (layer, nodes) in layers {
            lines.append("    subgraph \(Self.identifier("layer_" + layer.name)) [\(layer.name)]")
            for node in nodes {
                lines.append("        \(Self.identifier(node))[\"\(node.name)\"]")
            }
            lines.append("    end")
        }
        let ids = Dictionary(nodes.map { ($0.name, Self.identifier($0)) }, uniquingKeysWith: { first, _ in first })
        for edge in edges {
            lines.append("    \(ids[edge.from] ?? Self.identifier(edge.from)) --> \(ids[edge.to] ?? Self.identifier(edge.to))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Graphviz DOT: one cluster per layer.
    public func dot() -> String {
        var lines = ["digraph Agora {", "    rankdir=BT;", "    node [shape=box, fontname=\"Helvetica\"];"]
        for (layer, nodes) in layers {
            lines.append("    subgraph \"cluster_\(layer.name)\" {")
            lines.append("        label=\"\(layer.name)\";")
            for node in nodes {
                let style = if case .product = node.kind { ", style=dashed" } else { "" }
                lines.append("        \"\(node.name)\" [label=\"\(node.name)\"\(style)];")
            }
            lines.append("    }")
        }
        for edge in edges {
            lines.append("    \"\(edge.from)\" -> \"\(edge.to)\";")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Mermaid id for a node: products get a prefix so one never collides with a target.
    static func identifier(_ node: Node) -> String {
        if case .product = node.kind { return identifier("pkg_" + node.name) }
        return identifier(node.name)
    }

    /// Letters, digits and `_` only: Mermaid reads `-` and `.` as syntax.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
