import Protocol
import Testing
@testable import timerctl

/// Files `timerctl autostart enable` did not write are never replaced or removed.
@Suite struct AutostartForeignFilesTests: UsesAutostartScratch {
    @Test func enableNeverReplacesAFileItDidNotWrite() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            try scratch.write("[Service]\nExecStart=/opt/mine/timerd\n", to: scratch.serviceUnit)
            let said = scratch.run(.enable)
            #expect(said.contains("FAILED: \(scratch.serviceUnit) is there already and was not written by `timerctl autostart enable`; nothing was changed."))
            #expect(scratch.text(scratch.serviceUnit) == "[Service]\nExecStart=/opt/mine/timerd\n")
            #expect(!scratch.exists(scratch.socketUnit))
            #expect(scratch.log.events == [])
        }
        try Self.withScratch { scratch in
            try scratch.write("[Desktop Entry]\nExec=timerd\n", to: scratch.desktopEntry)
            #expect(scratch.run(.enable).contains("FAILED: \(scratch.desktopEntry) is there already"))
            #expect(scratch.text(scratch.desktopEntry) == "[Desktop Entry]\nExec=timerd\n")
        }
    }

    @Test func disableNeverRemovesAFileWithoutTheMarker() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            // The marker anywhere but as a line of its own does not count.
            let mine = "[Service]\n# not \(AutostartFiles.enableMarker)\nExecStart=/opt/mine/timerd\n"
            try scratch.write(mine, to: scratch.serviceUnit)
            try scratch.write("[Socket]\nListenStream=%t/x\n", to: scratch.socketUnit)
            try scratch.write("[Desktop Entry]\nExec=timerd\n", to: scratch.desktopEntry)
            #expect(scratch.run(.disable) == """
                Left \(scratch.socketUnit) as it is: `timerctl autostart enable` did not write it.
                Left \(scratch.serviceUnit) as it is: `timerctl autostart enable` did not write it.
                Left \(scratch.desktopEntry) as it is: `timerctl autostart enable` did not write it.
                Autostart is not set up: `timerctl autostart enable` wrote none of \(scratch.socketUnit), \(scratch.serviceUnit) and \(scratch.desktopEntry). Nothing to disable.
                timerctl starts timerd when it is needed, as without autostart.

                """)
            #expect(scratch.text(scratch.serviceUnit) == mine)
            #expect(scratch.exists(scratch.socketUnit) && scratch.exists(scratch.desktopEntry))
            #expect(scratch.log.events == [])

            #expect(scratch.run(.status).contains("Also: \(scratch.desktopEntry) is there, but `timerctl autostart enable` did not write it."))
        }
    }

    @Test func disableRemovesOnlyItsOwnAmongOthers() throws {
        try Self.withScratch { scratch in
            try scratch.write("[Service]\nExecStart=/opt/mine/timerd\n", to: scratch.serviceUnit)
            #expect(scratch.run(.enable).contains("Wrote \(scratch.desktopEntry)"))
            let said = scratch.run(.disable)
            #expect(said.contains("Left \(scratch.serviceUnit) as it is"))
            #expect(said.contains("Removed \(scratch.desktopEntry)."))
            #expect(scratch.exists(scratch.serviceUnit) && !scratch.exists(scratch.desktopEntry))
        }
    }
}
