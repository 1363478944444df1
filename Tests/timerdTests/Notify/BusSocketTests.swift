import Testing

@testable import timerd

@Suite struct BusSocketTests {
    @Test func theAddressNamesTheSocket() {
        #expect(BusSocket.path(address: "unix:path=/run/user/1000/bus", runtimeDirectory: "/elsewhere") == "/run/user/1000/bus")
        // Other keys around it, and GLib's escapes.
        #expect(BusSocket.path(address: "unix:guid=0123abcd,path=/tmp/my%20bus", runtimeDirectory: nil) == "/tmp/my bus")
        // The first unix path, after entries that name no file.
        #expect(
            BusSocket.path(address: "unix:abstract=/tmp/dbus-x;tcp:host=localhost,port=1;unix:path=/run/bus", runtimeDirectory: nil)
                == "/run/bus")
    }

    @Test func withoutAnAddressItIsTheRuntimeDirectorysBus() {
        #expect(BusSocket.path(address: nil, runtimeDirectory: "/run/user/1000") == "/run/user/1000/bus")
        #expect(BusSocket.path(address: "", runtimeDirectory: "/run/user/1000/") == "/run/user/1000/bus")
        #expect(BusSocket.path(address: nil, runtimeDirectory: nil) == nil)
        #expect(BusSocket.path(address: nil, runtimeDirectory: "relative") == nil)
    }

    @Test func anAddressWithNoSocketFileHasNone() {
        #expect(BusSocket.path(address: "unix:abstract=/tmp/dbus-x", runtimeDirectory: "/run/user/1000") == nil)
        #expect(BusSocket.path(address: "autolaunch:", runtimeDirectory: "/run/user/1000") == nil)
        #expect(BusSocket.path(address: "unix:path=/tmp/bad%2", runtimeDirectory: nil) == nil)
        #expect(BusSocket.path(address: "unix:path=relative", runtimeDirectory: nil) == nil)
    }

    @Test func splitGivesTheDirectoryToWatchAndTheName() {
        #expect(BusSocket.split("/run/user/1000/bus") == ("/run/user/1000", "bus"))
        #expect(BusSocket.split("/bus") == ("/", "bus"))
    }
}
