/// HTTP/1.1 answers as text, for the scripts of ``LoopbackHTTPServer``. Every answer closes its
/// connection, so each request the client makes is a connection the server can count.
enum Reply {
    /// A status line and headers, with the blank line that ends them.
    static func head(status: Int, headers: [String] = []) -> String {
        (["HTTP/1.1 \(status) Scripted"] + headers + ["Connection: close", "", ""]).joined(separator: "\r\n")
    }

    /// An answer with no body.
    static func empty(status: Int, headers: [String] = []) -> String {
        head(status: status, headers: headers + ["Content-Length: 0"])
    }

    /// An event as the contract's JSON.
    static func event(id: Int) -> String {
        #"{"id":\#(id),"title":"Event \#(id)","summary":"S","venue":"V","startsAt":"2030-01-01T10:00:00Z","endsAt":"2030-01-01T12:00:00Z","hostID":1,"attendeeCount":0,"commentCount":0,"isGoing":false}"#
    }
}
