/// `UIApplication.State` as locsim models it: the app is in use (`active`) or in the background.
public enum ApplicationState: String, Sendable, Hashable, CaseIterable {
    case active
    case background
}
