import AgoraArchitecture

extension Route {
    /// The template items list, which the TemplateItems feature shows (`agora://template-items`).
    public static let templateItems = Route(path: "template-items")
}
