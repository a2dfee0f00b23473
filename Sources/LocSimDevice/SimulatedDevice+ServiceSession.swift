extension SimulatedDevice {
    /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`: a session made at ``now``, held
    /// until you invalidate or drop it. Its first diagnostic is the state at ``now``.
    public func serviceSession(
        authorization: ServiceSession.AuthorizationRequirement, fullAccuracyPurposeKey: String? = nil
    ) -> ServiceSession {
        let id = state.withDrive { $0.openSession(authorization, fullAccuracy: fullAccuracyPurposeKey != nil) }
        return ServiceSession(
            authorization: authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey, id: id, state: state)
    }
}
