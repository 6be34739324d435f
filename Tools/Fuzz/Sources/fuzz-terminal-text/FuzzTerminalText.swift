import AgoraFuzzing

/// libFuzzer's entry: one input, read as a width byte and text from outside.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalText(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    TerminalTextFuzzTarget.fuzz(data, count: count)
}
