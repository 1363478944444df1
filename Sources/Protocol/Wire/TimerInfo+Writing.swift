extension TimerInfo {
    /// Appends the protocol's `timer` object to `output`: the bytes `JSONWriter` writes for
    /// `json`, written directly. A `list` of a hundred thousand timers then costs one buffer,
    /// not a tree of values and a copy of it.
    public func writeJSON(into output: inout [UInt8]) {
        JSONWriter.append(#"{"name":"#, to: &output)
        JSONWriter.writeString(name, into: &output)
        JSONWriter.append(#","kind":"#, to: &output)
        JSONWriter.writeString(kind.rawValue, into: &output)
        JSONWriter.append(#","state":"#, to: &output)
        JSONWriter.writeString(state.rawValue, into: &output)
        JSONWriter.append(#","duration":"#, to: &output)
        JSONWriter.write(WireTime.seconds(duration), into: &output)
        JSONWriter.append(#","remaining":"#, to: &output)
        JSONWriter.write(WireTime.seconds(remaining), into: &output)
        JSONWriter.append(#","endsAt":"#, to: &output)
        WireTime.writeInstant(endsAt, into: &output)
        JSONWriter.append(#","createdAt":"#, to: &output)
        WireTime.writeInstant(createdAt, into: &output)
        JSONWriter.append(#","firedAt":"#, to: &output)
        WireTime.writeInstant(firedAt, into: &output)
        JSONWriter.append(missed ? #","missed":true"# : #","missed":false"#, to: &output)
        JSONWriter.append(ringing ? #","ringing":true"# : #","ringing":false"#, to: &output)
        JSONWriter.append(#","message":"#, to: &output)
        if let message { JSONWriter.writeString(message, into: &output) } else { JSONWriter.append("null", to: &output) }
        JSONWriter.append(#","remind":["#, to: &output)
        for (n, before) in reminders.enumerated() {
            if n > 0 { output.append(ASCII.comma) }
            JSONWriter.write(WireTime.seconds(before), into: &output)
        }
        switch sound {
        case .standard:
            JSONWriter.append(#"],"sound":null,"silent":false"#, to: &output)
        case .file(let path):
            JSONWriter.append(#"],"sound":"#, to: &output)
            JSONWriter.writeString(path, into: &output)
            JSONWriter.append(#","silent":false"#, to: &output)
        case .silent:
            JSONWriter.append(#"],"sound":null,"silent":true"#, to: &output)
        }
        JSONWriter.append(#","volume":"#, to: &output)
        if let volume { JSONWriter.writeInteger(Int64(volume), into: &output) } else { JSONWriter.append("null", to: &output) }
        JSONWriter.append(#","todos":["#, to: &output)
        for (n, item) in todos.enumerated() {
            if n > 0 { output.append(ASCII.comma) }
            JSONWriter.append(#"{"id":"#, to: &output)
            JSONWriter.writeInteger(Int64(item.id), into: &output)
            JSONWriter.append(#","text":"#, to: &output)
            JSONWriter.writeString(item.text, into: &output)
            JSONWriter.append(item.done ? #","done":true}"# : #","done":false}"#, to: &output)
        }
        if let cycle {
            JSONWriter.append(#"],"cycle":{"round":"#, to: &output)
            JSONWriter.writeInteger(Int64(cycle.round), into: &output)
            JSONWriter.append(#","rounds":"#, to: &output)
            JSONWriter.writeInteger(Int64(cycle.rounds), into: &output)
            JSONWriter.append(#","step":"#, to: &output)
            JSONWriter.writeString(cycle.step, into: &output)
            JSONWriter.append("}", to: &output)
        } else {
            JSONWriter.append(#"],"cycle":null"#, to: &output)
        }
        JSONWriter.append(#","exec":"#, to: &output)
        if let exec { JSONWriter.writeString(exec, into: &output) } else { JSONWriter.append("null", to: &output) }
        JSONWriter.append(#","every":"#, to: &output)
        if let every { JSONWriter.write(every.json, into: &output) } else { JSONWriter.append("null", to: &output) }
        if kind == .stopwatch { writeStopwatch(into: &output) }
        JSONWriter.append("}", to: &output)
    }

    /// The fields only a stopwatch has.
    private func writeStopwatch(into output: inout [UInt8]) {
        JSONWriter.append(#","elapsed":"#, to: &output)
        JSONWriter.write(WireTime.seconds(elapsed), into: &output)
        JSONWriter.append(#","countsFrom":"#, to: &output)
        WireTime.writeInstant(countsFrom, into: &output)
        JSONWriter.append(#","laps":["#, to: &output)
        for (n, lap) in laps.enumerated() {
            if n > 0 { output.append(ASCII.comma) }
            JSONWriter.append(#"{"elapsed":"#, to: &output)
            JSONWriter.write(WireTime.seconds(lap.elapsed), into: &output)
            JSONWriter.append(#","split":"#, to: &output)
            JSONWriter.write(WireTime.seconds(lap.split), into: &output)
            JSONWriter.append("}", to: &output)
        }
        JSONWriter.append(#"],"notifyEvery":"#, to: &output)
        if let notifyEvery {
            JSONWriter.write(WireTime.seconds(notifyEvery), into: &output)
        } else {
            JSONWriter.append("null", to: &output)
        }
    }
}

extension WireTime {
    /// Appends what `instant(t)` is as JSON text: the quoted RFC 3339 text (which has nothing
    /// to escape) or `null`.
    public static func writeInstant(_ t: Timestamp?, into output: inout [UInt8]) {
        guard let t else { return JSONWriter.append("null", to: &output) }
        output.append(ASCII.quote)
        RFC3339.write(t, into: &output)
        output.append(ASCII.quote)
    }
}
