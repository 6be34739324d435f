import AgoraFuzzing

/// libFuzzer's entry: one input, the server's answer to every request of the live client.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiveResponse(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    LiveResponseFuzzTarget.fuzz(data, count: count)
}
