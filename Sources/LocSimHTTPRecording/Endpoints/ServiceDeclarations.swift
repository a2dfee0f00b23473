/// Endpoints and secrets as a plain value: a ``ServiceDeclaring`` for code that has no `ReplayApp`.
///
/// ```swift
/// let declarations = ServiceDeclarations(endpoints: Endpoints([aeris]), secrets: [aerisSecret])
/// let server = try CassetteServer(app: declarations, session: session)
/// ```
public struct ServiceDeclarations: ServiceDeclaring, Hashable {
    public var endpoints: Endpoints
    public var secrets: [SecretDeclaration]

    public init(endpoints: Endpoints, secrets: [SecretDeclaration] = []) {
        self.endpoints = endpoints
        self.secrets = secrets
    }
}
