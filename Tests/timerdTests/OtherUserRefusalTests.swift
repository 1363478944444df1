import Protocol
import Testing

@testable import timerd

/// What the server tells a client of another user (the check itself, SO_PEERCRED, is tested
/// end to end in the integration tests, as another user).
@Suite struct OtherUserRefusalTests {
    @Test func anotherUserIsToldEachUserHasATimerd() {
        let error = Server.otherUserRefusal(peer: 65_534, owner: 1_000)
        #expect(error.code == RPCError.invalidRequestCode)
        #expect(error.message == """
            This timerd belongs to user 1000, not to you (user 65534); each user runs their own timerd. \
            Connect to yours: docs/protocol.md ("Transport") says where its socket is.
            """)
        #expect(error.data == ["reason": "other-user", "uid": 65_534, "owner": 1_000])
    }

    @Test func rootIsToldHowToBeLetIn() {
        let error = Server.otherUserRefusal(peer: 0, owner: 1_000)
        #expect(error.message.contains("does not serve root"))
        #expect(error.message.contains("--allow-root"))
        #expect(error.data == ["reason": "root-not-allowed", "uid": 0, "owner": 1_000])
    }
}
