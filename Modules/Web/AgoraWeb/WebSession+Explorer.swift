import AgoraApp
import AgoraArchitecture
import AgoraWebUI

extension WebSession {
    /// `POST /_explorer/send`: the explorer's `send` — the input named by the form's `input`,
    /// with its `argument0`, `argument1`… read by type, sent to the ViewModel of the page at
    /// `from` through that page's inputs, so the trace shows it as one the page sends; then, once
    /// its work settled, back to the page. An input that is not the page's, or an argument that
    /// does not fit, is said on the page and sends nothing.
    func sendInput(fields: [String: String]) async -> WebReply {
        let from = LocalPath.checked(fields["from"])
        let snapshot = ArchitectureSnapshot(application: application)
        guard let route = snapshot.stack.last(where: { WebPath.of($0.route) == from })?.route,
            let inspection = snapshot.inspection(at: route),
            let inputs = snapshot.inputs(sentThrough: page(at: route)?.tracedInputs)
        else {
            messages.error("The page \(from) sends no inputs the explorer knows; open a page, then send one of the inputs it lists.")
            return .redirect(to: from)
        }
        let arguments = (0...).lazy.map { fields["argument\($0)"] }.prefix { $0 != nil }.compactMap { $0 }
        do {
            try ArchitectureSnapshot.send(fields["input"] ?? "", arguments: Array(arguments), among: inputs, of: inspection.viewModel)
        } catch {
            messages.error(error.description)
        }
        await settle()
        return .redirect(to: from)
    }

    /// `POST /_explorer/resolve`: the explorer's `resolve` — the registered type named by the
    /// form's `type`, resolved step by step; the panel shows the steps until the next resolve.
    func resolveInExplorer(fields: [String: String]) -> WebReply {
        let from = LocalPath.checked(fields["from"])
        do {
            explorer.resolution = try ContainerResolution(resolving: fields["type"] ?? "", in: application.container).lines
        } catch {
            switch error {
            case .unregistered(let name, _):
                messages.error("Nothing is registered as '\(name.prefix(60))'; choose one of the types the explorer's container lists.")
            case .failed(let type, let reason):
                messages.error("Resolving \(type) failed: \(reason)")
            }
        }
        return .redirect(to: from + "#explorer-resolve")
    }
}
