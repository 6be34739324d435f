import CCurl

extension CurlHandle {
    /// Sets what every transfer of the live client holds to, a request's or a stream's: `url`,
    /// plain HTTP and TLS only, no redirect followed (the 3xx itself is the answer), no signals
    /// from libcurl's resolver, no content coding asked for or decoded, `headers`, and sockets
    /// opened and closed through the handle's ``CurlSockets``, so an early end can cut them.
    ///
    /// - Returns: the first option libcurl refused, or `CURLE_OK`.
    func setCommonOptions(url: String, headers: UnsafeMutablePointer<curl_slist>?) -> CURLcode {
        var set = CURLE_OK
        func check(_ result: CURLcode) { if set == CURLE_OK { set = result } }
        check(ccurl_setopt_string(raw, CURLOPT_URL, url))
        check(ccurl_setopt_string(raw, CURLOPT_PROTOCOLS_STR, "http,https"))
        check(ccurl_setopt_long(raw, CURLOPT_FOLLOWLOCATION, 0))
        check(ccurl_setopt_long(raw, CURLOPT_NOSIGNAL, 1))
        check(ccurl_setopt_long(raw, CURLOPT_HTTP_CONTENT_DECODING, 0))
        check(ccurl_setopt_pointer(raw, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)))
        let sockets = Unmanaged.passUnretained(self.sockets).toOpaque()
        check(ccurl_setopt_open_socket_function(raw, openSocket))
        check(ccurl_setopt_pointer(raw, CURLOPT_OPENSOCKETDATA, sockets))
        check(ccurl_setopt_close_socket_function(raw, closeSocket))
        check(ccurl_setopt_pointer(raw, CURLOPT_CLOSESOCKETDATA, sockets))
        return set
    }
}
