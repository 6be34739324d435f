import AgoraFuzzing

/// libFuzzer's entry: one input, matched as a link.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoute(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    RouteFuzzTarget.fuzz(data, count: count)
}
