import AgoraFuzzing

/// libFuzzer's entry: one input, read as a command line and as a one-line script.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    CommandLineFuzzTarget.fuzz(data, count: count)
}
