/// `CLServiceSession` (iOS 18) on a ``SimulatedDevice`` (``SimulatedDevice/serviceSession(authorization:fullAccuracyPurposeKey:)``):
/// the app's authorization goal for one of its features, and ``diagnostics`` saying how the
/// device's state falls short of it.
///
/// While a session requiring `whenInUse` or `always` is held (not invalidated, not dropped)
/// and the app has been in use since it was made, a when-in-use app's updates go on in the
/// background; without one they stop there, and `liveUpdates` says `insufficientlyInUse` and
/// `serviceSessionRequired`. Like Apple's, a session lasts while you hold it: dropping it
/// invalidates it.
public final class ServiceSession: Sendable {
    /// `CLServiceSession.AuthorizationRequirement`: the authorization the feature needs.
    public enum AuthorizationRequirement: Sendable, Hashable {
        /// Asks for nothing; reports the state.
        case none
        /// Location while the app is in use (and, held from the foreground, in the background).
        case whenInUse
        /// Location at any time.
        case always
    }

    /// The requirement it was made with.
    public let authorization: AuthorizationRequirement
    /// The `NSLocationTemporaryUsageDescriptionDictionary` key it was made with, asking for
    /// Precise Location; `nil` for none.
    public let fullAccuracyPurposeKey: String?
    let id: Int
    let state: DeviceState

    init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String?, id: Int, state: DeviceState) {
        self.authorization = authorization
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        self.id = id
        self.state = state
    }

    deinit {
        invalidate()
    }

    /// `invalidate()`: ends the session at the device's latest instant; its ``diagnostics`` end
    /// after the ones made before. Invalidating it again does nothing.
    public func invalidate() {
        let id = self.id
        state.withDrive { $0.invalidateSession(id) }
    }

    /// `diagnostics`: one ``Diagnostic`` when the session is made (the state then), then one each
    /// time its flags change (authorization, Precise Location, Location Services, the app's
    /// state, the sessions held), stamped on the virtual clock. Each iterator gets every one
    /// from the first; pulling plays the drive, as the other streams do. Ends when the session
    /// is invalidated or the drive ends.
    public var diagnostics: Diagnostics { Diagnostics(id: id, state: state) }

    /// The session's diagnostics as an `AsyncSequence` (`CLServiceSession.Diagnostics`).
    public struct Diagnostics: AsyncSequence, Sendable {
        public typealias Element = Diagnostic
        public typealias Failure = Never

        let id: Int
        let state: DeviceState

        public func makeAsyncIterator() -> Iterator { Iterator(id: id, state: state) }

        /// Reads the diagnostics in order from the first; moves the device's `now` to each.
        public struct Iterator: AsyncIteratorProtocol {
            public typealias Element = Diagnostic
            public typealias Failure = Never

            let id: Int
            let state: DeviceState
            var index = 0

            public mutating func next() async -> Diagnostic? {
                let (id, index) = (self.id, self.index)
                let diagnostic: Diagnostic? = state.withDrive { drive in
                    while let log = drive.sessions[id], log.diagnostics.count <= index, log.isValid, !drive.finished {
                        drive.step()
                    }
                    guard let log = drive.sessions[id], index < log.diagnostics.count else { return nil }
                    drive.now = Swift.max(drive.now, log.diagnostics[index].t)
                    return log.diagnostics[index].diagnostic
                }
                if diagnostic != nil { self.index += 1 }
                return diagnostic
            }
        }
    }
}
