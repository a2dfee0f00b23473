public import LocSimCanonicalJSON

extension GPXValidation {
    /// The `locsim validate --format json` object (docs/contract.md, Validation output):
    /// `{errors, file, routePoints, routes, segments, trackPoints, tracks, valid, warnings, waypoints}`
    /// with `errors` and `warnings` as `[{column, line, message}]`. Print it with `compact()`, one
    /// per line.
    public var json: JSONValue {
        .object([
            "file": .string(file),
            "valid": .bool(isValid),
            "tracks": .int(summary.tracks),
            "segments": .int(summary.segments),
            "trackPoints": .int(summary.trackPoints),
            "routes": .int(summary.routes),
            "routePoints": .int(summary.routePoints),
            "waypoints": .int(summary.waypoints),
            "errors": Self.json(diagnostics),
            "warnings": Self.json(warnings),
        ])
    }

    private static func json(_ diagnostics: [GPXDiagnostic]) -> JSONValue {
        .array(
            diagnostics.map { diagnostic in
                .object([
                    "line": .int(diagnostic.line),
                    "column": .int(diagnostic.column),
                    "message": .string(diagnostic.message),
                ])
            })
    }
}
