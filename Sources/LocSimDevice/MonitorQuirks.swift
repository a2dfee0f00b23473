/// Behaviours developers report from CLMonitor that Apple does not document, off by default
/// (``SimulatedDevice/monitor(named:quirks:)``): turn one on to test code that must survive it.
public struct MonitorQuirks: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Opening a monitor of a name used before re-emits, at once, an event with each served
    /// condition's current state (`satisfied` or `unsatisfied`), though nothing changed.
    /// customerio-ios#1158 works around CLMonitor "re-emit[ting] a condition's CURRENT state on
    /// process start and system re-evaluation" (a reviewer there asks whether it was seen on a
    /// device: Apple's model posts only a state that differs from the record's).
    public static let reemitOnReopen = MonitorQuirks(rawValue: 1 << 0)

    /// A condition whose first determination is `satisfied` gets no event (its record stays as it
    /// was); leaving it later is an `unsatisfied` event as usual. Apple developer forums thread
    /// 812111 reports CLMonitor holding back "enter" events after a background launch while exits
    /// arrive; cordova-background-geolocation-lt#178: "iOS doesn't fire geofences you're already
    /// in" (CLLocationManager's region monitoring, 2016).
    public static let noEntryWhenStartingInside = MonitorQuirks(rawValue: 1 << 1)
}
