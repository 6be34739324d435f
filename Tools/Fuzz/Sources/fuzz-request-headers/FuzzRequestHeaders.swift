import AgoraFuzzing

/// libFuzzer's entry: one input, read as a Content-Type line and an Accept line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHeaders(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    RequestHeadersFuzzTarget.fuzz(data, count: count)
}
