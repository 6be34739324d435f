import AgoraAPI
import CCurl

/// One HTTP request as libcurl's easy interface runs it: the options, the callbacks, and what
/// its result code means for a screen.
struct CurlTransfer: Sendable {
    /// The absolute URL.
    let url: String
    let method: String
    /// Header lines as sent, `Name: value`.
    let headerLines: [String]
    let body: [UInt8]?
    /// The request's deadline, which libcurl enforces on its own clock too: the exchange's timer
    /// resumes the caller on time, and libcurl ends the transfer on time even when that timer's
    /// queue is busy.
    let timeout: Duration
    let maxReplyBytes: Int

    /// Runs the request on `handle`, blocking the calling thread until it ends.
    func perform(on handle: CurlHandle, for exchange: CurlExchange) -> Result<CurlReply, any Error> {
        let reader = ReplyReader(exchange: exchange, maxBytes: maxReplyBytes)
        var headers: UnsafeMutablePointer<curl_slist>?
        // No Expect: 100-continue: a body is sent at once, as agora-server reads it.
        for line in headerLines + ["Expect:"] { headers = curl_slist_append(headers, line) }
        defer { curl_slist_free_all(headers) }

        let code = withExtendedLifetime(reader) {
            let context = Unmanaged.passUnretained(reader).toOpaque()
            let raw = handle.raw
            var set = CURLE_OK
            func check(_ result: CURLcode) { if set == CURLE_OK { set = result } }
            check(handle.setCommonOptions(url: url, headers: headers))
            check(ccurl_setopt_long(raw, CURLOPT_TIMEOUT_MS, max(1, timeout.milliseconds)))
            check(ccurl_setopt_data_function(raw, CURLOPT_HEADERFUNCTION, readHeaderLine))
            check(ccurl_setopt_pointer(raw, CURLOPT_HEADERDATA, context))
            check(ccurl_setopt_data_function(raw, CURLOPT_WRITEFUNCTION, readBody))
            check(ccurl_setopt_pointer(raw, CURLOPT_WRITEDATA, context))
            check(ccurl_setopt_long(raw, CURLOPT_NOPROGRESS, 0))
            check(ccurl_setopt_progress_function(raw, stopWhenEnded))
            check(ccurl_setopt_pointer(raw, CURLOPT_XFERINFODATA, context))
            check(setMethodAndBody(raw))
            guard set == CURLE_OK else { return set }
            return curl_easy_perform(raw)
        }
        if let refusal = reader.refusal { return .failure(refusal) }
        switch code {
        case CURLE_OK:
            return reader.reply.map { .success($0) } ?? .failure(ServiceError.offline)
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(ServiceError.timeout)
        case CURLE_ABORTED_BY_CALLBACK, CURLE_WRITE_ERROR:
            // Stopped because the exchange had already ended: its waiter has its answer.
            return .failure(CancellationError())
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2:
            return .failure(ServiceError.undecodable("a malformed HTTP response"))
        default:
            // Refused, reset or closed before a whole answer: the server cannot be reached.
            return .failure(ServiceError.offline)
        }
    }

    private func setMethodAndBody(_ raw: UnsafeMutableRawPointer) -> CURLcode {
        switch (method, body) {
        case ("GET", nil): return ccurl_setopt_long(raw, CURLOPT_HTTPGET, 1)
        case ("HEAD", _): return ccurl_setopt_long(raw, CURLOPT_NOBODY, 1)
        case (_, let body):
            let custom = ccurl_setopt_string(raw, CURLOPT_CUSTOMREQUEST, method)
            guard custom == CURLE_OK, let body else { return custom }
            let size = ccurl_setopt_off_t(raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            guard size == CURLE_OK else { return size }
            guard !body.isEmpty else { return ccurl_setopt_string(raw, CURLOPT_COPYPOSTFIELDS, "") }
            return body.withUnsafeBytes { bytes in
                // libcurl copies the body, so it may outlive this buffer.
                ccurl_setopt_pointer(raw, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }
    }
}

/// libcurl's header callback: one line of the head to the transfer's ``ReplyReader``.
private let readHeaderLine: ccurl_data_fn = { bytes, size, count, context in
    guard let context else { return 0 }
    let reader = Unmanaged<ReplyReader>.fromOpaque(context).takeUnretainedValue()
    return reader.take(headerLine: UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
}

/// libcurl's write callback: a piece of the body to the transfer's ``ReplyReader``.
private let readBody: ccurl_data_fn = { bytes, size, count, context in
    guard let context else { return 0 }
    let reader = Unmanaged<ReplyReader>.fromOpaque(context).takeUnretainedValue()
    return reader.take(body: UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
}

/// libcurl's progress callback, called at least once a second: stops a transfer whose exchange
/// has ended (a deadline, a cancelled task) even while no byte arrives.
private let stopWhenEnded: ccurl_progress_fn = { context, _, _, _, _ in
    guard let context else { return 1 }
    return Unmanaged<ReplyReader>.fromOpaque(context).takeUnretainedValue().isExchangeEnded ? 1 : 0
}
