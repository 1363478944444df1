import Protocol

/// The error parsing `bytes` throws, or nil if it parses.
func parseError(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

func parseError(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
    parseError(Array(text.utf8), maxDepth: maxDepth)
}

/// A JSON string literal around raw bytes, for string contents that are not valid UTF-8.
func quoted(_ raw: [UInt8]) -> [UInt8] {
    [0x22] + raw + [0x22]
}
