import LocSimSupport
import Testing

@Suite struct OperationErrorTests {
    enum Kind: Hashable, Sendable {
        case usage
        case data
    }

    typealias ToolError = OperationError<Kind>

    @Test func itReadsAsItsMessageAndComparesKindAndMessage() {
        let error = ToolError(.usage, "'--to apns' requires '--bundle-id <id>'.")
        #expect(error.description == "'--to apns' requires '--bundle-id <id>'.")
        #expect("\(error)" == error.message)
        #expect(error == ToolError(.usage, "'--to apns' requires '--bundle-id <id>'."))
        #expect(error != ToolError(.data, "'--to apns' requires '--bundle-id <id>'."))
    }

    @Test func anAliasNamesItsKindsAsKind() {
        let kind: ToolError.Kind = .data
        #expect(ToolError(kind, "x").kind == Kind.data)
    }
}
