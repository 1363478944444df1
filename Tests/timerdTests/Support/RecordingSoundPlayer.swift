@testable import timerd

/// A `SoundPlayer` that keeps what it was asked to play and stop, in order.
final class RecordingSoundPlayer: SoundPlayer {
    enum Call: Equatable {
        case play(PlayedSound)
        case stop(UInt32)
    }

    private let log = PthreadLock<[Call]>([])

    func play(_ sound: PlayedSound) { log.withLock { $0.append(.play(sound)) } }
    func stop(_ id: UInt32) { log.withLock { $0.append(.stop(id)) } }

    var calls: [Call] { log.withLock { $0 } }
    var played: [PlayedSound] { calls.compactMap { if case .play(let sound) = $0 { sound } else { nil } } }
    var stopped: [UInt32] { calls.compactMap { if case .stop(let id) = $0 { id } else { nil } } }
    /// The sounds played and not stopped since.
    var sounding: [PlayedSound] { played.filter { !stopped.contains($0.id) } }
}
