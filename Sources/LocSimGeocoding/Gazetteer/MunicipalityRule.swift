import LocSimSupport

/// How the offline gazetteer chooses a municipality rather than the nearest neighbourhood.
///
/// GeoNames cities1000 mixes municipalities with sections of them ("Kenton" in north Portland).
/// Which place is a section of which is decided by `scripts/make-gazetteer.py` from GeoNames
/// feature codes where the data has one (a PPL such as Oak Park IL is a municipality, a PPLX such
/// as Kreuzberg a section; New York City's boroughs are sections of New York) and from
/// population and distance otherwise; the lookup works from population and distance:
///
/// 1. Every place gets a *notional radius*, the radius of a disc holding its population at
///    ``density`` (2,000 people per km²), clamped to ``minimumRadius``...``maximumRadius``
///    (1 km...15 km): Portland (652,503) 10.2 km, Tempe (175,826) 5.3 km, Kenton (7,000) 1.05 km.
/// 2. The nearest place decides the country and first-level region.
/// 3. Among places of that region whose disc contains the point (distance < radius), the one the
///    point lies deepest in — the smallest distance ÷ radius — is the candidate. When no disc
///    contains the point, the nearest place is.
/// 4. A candidate recorded in the data file as a *section* gives way: its parent is the locality
///    and the candidate the `subLocality`, unless the parent is a borough, whose own parent is
///    then the locality and the borough the `subLocality` (Park Slope → Brooklyn → New York).
/// 5. Otherwise the nearest place becomes `subLocality` when it is not the locality.
///
/// Distances are chord lengths on a sphere of ``earthRadius`` (within 1 cm of the great-circle
/// distance at 15 km). `scripts/make-gazetteer.py` uses the same constants to find sections.
public enum MunicipalityRule {
    /// People per square metre used for the notional radius.
    public static let density = 2000e-6
    /// Smallest notional radius, metres (also for places of population 0).
    public static let minimumRadius = 1000.0
    /// Largest notional radius, metres.
    public static let maximumRadius = 15000.0
    /// Mean Earth radius, metres (IUGG).
    public static let earthRadius = GreatCircle.meanRadius

    /// The notional radius in metres of a place with `population` inhabitants.
    public static func radius(population: Int) -> Double {
        min(maximumRadius, max(minimumRadius, (Double(population) / (Double.pi * density)).squareRoot()))
    }
}
