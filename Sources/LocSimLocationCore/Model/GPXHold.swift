/// The `<type>` of a hold point `locsim export` writes: a copy of the previous position, 1 ms
/// before a jump. locsim's GPX reader plays no fix for it (the next point follows a pause);
/// players that interpolate between points (Xcode) hold the position until the jump.
package enum GPXHold {
    /// `locsim:hold`.
    package static let type = "locsim:hold"
}
