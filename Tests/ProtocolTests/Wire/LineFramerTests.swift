import Testing
@testable import Protocol

@Suite struct LineFramerTests {
    /// Appends each chunk and drains after it, as the transport does; returns the lines as text.
    static func lines(_ chunks: [[UInt8]], maxLineLength: Int = 65_536) throws -> [String] {
        var framer = LineFramer(maxLineLength: maxLineLength)
        var lines: [String] = []
        for chunk in chunks {
            framer.append(contentsOf: chunk)
            while let line = try framer.nextLine() {
                lines.append(String(decoding: line, as: UTF8.self))
            }
        }
        return lines
    }

    static let stream = Array("{\"a\":1}\r\n\n{\"name\":\"パスタ\"}\n\r\nlast\n".utf8)
    static let streamLines = [#"{"a":1}"#, "", #"{"name":"パスタ"}"#, "", "last"]

    @Test func oneChunkWithManyLines() throws {
        #expect(try Self.lines([Self.stream]) == Self.streamLines)
    }

    @Test func byteByByte() throws {
        #expect(try Self.lines(Self.stream.map { [$0] }) == Self.streamLines)
    }

    @Test func splitAtEveryPosition() throws {
        for cut in 0...Self.stream.count {
            let chunks = [Array(Self.stream[..<cut]), Array(Self.stream[cut...])]
            #expect(try Self.lines(chunks) == Self.streamLines, "cut at \(cut)")
        }
    }

    @Test func rawBufferAppend() throws {
        var framer = LineFramer()
        Array("one\ntw".utf8).withUnsafeBytes { framer.append($0) }
        #expect(try framer.nextLine() == Array("one".utf8))
        #expect(try framer.nextLine() == nil)
        Array("o\n".utf8).withUnsafeBytes { framer.append($0) }
        #expect(try framer.nextLine() == Array("two".utf8))
        #expect(try framer.nextLine() == nil)
    }

    @Test func carriageReturnsOnlyBeforeTheNewlineAreDropped() throws {
        #expect(try Self.lines([Array("a\r\r\nb\rc\n\r\n\r".utf8)]) == ["a\r", "b\rc", ""])
    }

    @Test func emptyLinesComeBackEmpty() throws {
        var framer = LineFramer()
        framer.append(contentsOf: Array("\n\n".utf8))
        #expect(try framer.nextLine() == [])
        #expect(try framer.nextLine() == [])
        #expect(try framer.nextLine() == nil)
    }

    @Test func partialLinesWait() throws {
        var framer = LineFramer()
        framer.append(contentsOf: Array("abc".utf8))
        #expect(try framer.nextLine() == nil)
        #expect(framer.bufferedByteCount == 3)
        framer.append(contentsOf: Array("\nd".utf8))
        #expect(try framer.nextLine() == Array("abc".utf8))
        #expect(framer.bufferedByteCount == 1)
        #expect(try framer.nextLine() == nil)
    }

    // MARK: Limits

    @Test func lineExactlyAtTheLimitIsAccepted() throws {
        let limit = 65_536
        let line = [UInt8](repeating: 0x61, count: limit)
        #expect(try Self.lines([line + [0x0A]]) == [String(repeating: "a", count: limit)])
        #expect(try Self.lines([line, [0x0D], [0x0A]]) == [String(repeating: "a", count: limit)])
        #expect(try Self.lines(line.map { [$0] } + [[0x0A]]).first?.utf8.count == limit)
    }

    @Test func overLongLineThrowsBeforeItsNewline() {
        var framer = LineFramer()
        framer.append(contentsOf: [UInt8](repeating: 0x61, count: 65_536))
        #expect(throws: Never.self) { try framer.nextLine() }
        framer.append(contentsOf: [0x61])
        #expect(throws: LineFramerError.lineTooLong(limit: 65_536)) { try framer.nextLine() }
        // The stream cannot recover; the error stays.
        framer.append(contentsOf: [0x0A])
        #expect(throws: LineFramerError.lineTooLong(limit: 65_536)) { try framer.nextLine() }
    }

    @Test func overLongLineThrowsOnTheChunkThatCrossesTheLimit() throws {
        var framer = LineFramer()
        let chunk = [UInt8](repeating: 0x61, count: 1000)
        var appended = 0
        while true {
            framer.append(contentsOf: chunk)
            appended += chunk.count
            do {
                #expect(try framer.nextLine() == nil)
            } catch {
                #expect(error == .lineTooLong(limit: 65_536))
                break
            }
        }
        #expect(appended == 66_000)
    }

    @Test func overLongCompleteLineThrows() {
        var framer = LineFramer(maxLineLength: 4)
        framer.append(contentsOf: Array("abcd\nabcde\n".utf8))
        #expect(throws: Never.self) { try framer.nextLine() }
        #expect(throws: LineFramerError.lineTooLong(limit: 4)) { try framer.nextLine() }
    }

    @Test func carriageReturnAfterAFullLineIsNotOverTheLimitUntilProvenSo() throws {
        var framer = LineFramer(maxLineLength: 4)
        framer.append(contentsOf: Array("abcd\r".utf8))
        #expect(try framer.nextLine() == nil)
        framer.append(contentsOf: Array("\n".utf8))
        #expect(try framer.nextLine() == Array("abcd".utf8))
        framer.append(contentsOf: Array("abcd\r".utf8))
        #expect(try framer.nextLine() == nil)
        framer.append(contentsOf: Array("x".utf8))
        #expect(throws: LineFramerError.lineTooLong(limit: 4)) { try framer.nextLine() }
    }

    @Test func errorDescribesTheLimit() {
        #expect(LineFramerError.lineTooLong(limit: 10).description == "line longer than 10 bytes")
    }

    // MARK: Memory

    @Test func bufferStaysBoundedOverManyLines() throws {
        var framer = LineFramer()
        let message = Array(#"{"jsonrpc":"2.0","method":"list","id":12345}"#.utf8) + [0x0A]
        // Chunks that end mid-line, so there is always a partial line to carry over.
        let stream = Array(repeatElement(message, count: 10_000).joined())
        let chunkSize = message.count * 3 + message.count / 2
        var largestStore = 0
        var count = 0
        var offset = 0
        while offset < stream.count {
            let end = min(offset + chunkSize, stream.count)
            framer.append(contentsOf: stream[offset..<end])
            offset = end
            while let line = try framer.nextLine() {
                #expect(line == message.dropLast())
                count += 1
            }
            largestStore = max(largestStore, framer.storedByteCount)
            #expect(framer.bufferedByteCount < message.count)
        }
        #expect(count == 10_000)
        #expect(largestStore <= 2 * chunkSize + message.count)
        #expect(framer.bufferedByteCount == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func longLineInTinyChunksIsScannedOnce() throws {
        // Quadratic rescanning would take billions of steps here.
        var framer = LineFramer(maxLineLength: 1 << 20)
        let piece: [UInt8] = [0x61, 0x62]
        var early = 0
        for _ in 0..<(1 << 19) {
            framer.append(contentsOf: piece)
            if try framer.nextLine() != nil { early += 1 }
        }
        #expect(early == 0)
        framer.append(contentsOf: [0x0A])
        #expect(try framer.nextLine()?.count == 1 << 20)
    }
}
