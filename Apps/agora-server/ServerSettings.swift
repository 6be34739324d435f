import AgoraServer

/// What `agora-server` runs with, resolved from its flags, the environment and the `--config`
/// file, and where each setting came from.
struct ServerSettings {
    var server: AgoraServerConfiguration
    var logFormat: LogFormatOption
    /// The sources the settings were read from, kept to name the right one when AgoraServer
    /// refuses a value after they were read.
    let layers: LayeredSettings

    /// How the setting `name` was given: `--port`, `AGORA_PORT` or `/etc/agora.json: "port"`.
    func label(for name: String) -> String {
        layers.label(for: name)
    }
}
