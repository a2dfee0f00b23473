#!/usr/bin/env python3
"""Writes Waypoints/houston-new-orleans-i10.gpx: a timed drive Houston -> New Orleans on I-10.

Deterministic: the same output on every run. The route is a polyline through the landmarks
below: approximate coordinates of I-10 at each place, hand-placed from general knowledge of the
route, not surveyed or map-matched (expect errors of hundreds of metres, and straight legs where
the highway curves, which is why the length comes out a little under the real ~560 km). The car moves along it at 30 m/s +- 2 m/s (a slow sine
over distance) and a <trkpt> is written every 5 s. Positions are interpolated linearly in
latitude/longitude within each leg; lengths use the haversine formula (R = 6,371,008.8 m).

    python3 scripts/make-i10-track.py [output.gpx]
"""
import math
import os
import sys

ROUTE = [
    (29.7700, -95.3670, "Houston, I-10/I-45 downtown"),
    (29.7745, -95.3180, "Houston, Lockwood Dr"),
    (29.7770, -95.2660, "Houston, I-610 East Loop"),
    (29.7775, -95.2335, "Galena Park, Federal Rd"),
    (29.7805, -95.1735, "Beltway 8 East"),
    (29.7785, -95.1200, "Channelview"),
    (29.7930, -95.0760, "San Jacinto River bridge"),
    (29.7990, -94.9830, "Baytown, Garth Rd"),
    (29.8060, -94.9380, "Baytown, Cedar Bayou"),
    (29.8250, -94.8900, "Mont Belvieu, TX 146"),
    (29.8370, -94.8300, "Old River-Winfree"),
    (29.8420, -94.7300, "Trinity River bridge, Wallisville"),
    (29.8590, -94.5950, "Hankamer"),
    (29.8360, -94.3830, "Winnie, TX 73"),
    (29.9150, -94.2500, "Fannett, FM 365"),
    (29.9800, -94.2150, "Beaumont, Major Dr"),
    (30.0430, -94.1700, "Beaumont, Walden Rd"),
    (30.0730, -94.1290, "Beaumont, US 69"),
    (30.0960, -94.0900, "Neches River bridge"),
    (30.1060, -94.0450, "Rose City"),
    (30.1250, -93.9960, "Vidor"),
    (30.1150, -93.8800, "Orange, FM 1442"),
    (30.1000, -93.7600, "Orange, 16th St"),
    (30.1200, -93.7150, "Sabine River bridge (Texas/Louisiana line)"),
    (30.1450, -93.6600, "Louisiana welcome center"),
    (30.1920, -93.5850, "Vinton"),
    (30.2230, -93.3770, "Sulphur"),
    (30.2400, -93.2560, "Westlake"),
    (30.2365, -93.2390, "Calcasieu River bridge"),
    (30.2300, -93.2050, "Lake Charles"),
    (30.2220, -93.1500, "Lake Charles, I-210 east"),
    (30.2350, -93.0150, "Iowa"),
    (30.2370, -92.8220, "Welsh"),
    (30.2400, -92.7400, "Roanoke"),
    (30.2280, -92.6570, "Jennings"),
    (30.2240, -92.5850, "Mermentau River bridge"),
    (30.2400, -92.4900, "Egan"),
    (30.2400, -92.3730, "Crowley"),
    (30.2420, -92.2680, "Rayne"),
    (30.2390, -92.1850, "Duson"),
    (30.2420, -92.0940, "Scott"),
    (30.2640, -92.0200, "Lafayette, I-49"),
    (30.2840, -91.9050, "Breaux Bridge"),
    (30.3120, -91.7900, "Henderson"),
    (30.3180, -91.7720, "Atchafalaya Basin bridge, west end"),
    (30.3350, -91.6880, "Butte La Rose"),
    (30.3800, -91.6020, "Whiskey Bay"),
    (30.4000, -91.4900, "Ramah, Atchafalaya Basin bridge east end"),
    (30.4080, -91.4350, "Grosse Tete"),
    (30.4300, -91.3300, "Rosedale"),
    (30.4470, -91.2270, "Port Allen, LA 1"),
    (30.4380, -91.1950, "Mississippi River bridge"),
    (30.4300, -91.1800, "Baton Rouge, I-110"),
    (30.4140, -91.1140, "Baton Rouge, I-12 split"),
    (30.3830, -91.0600, "Baton Rouge, Siegen Ln"),
    (30.3550, -91.0150, "Highland Rd"),
    (30.3090, -90.9690, "Prairieville, LA 73"),
    (30.2470, -90.9220, "Gonzales, LA 30"),
    (30.2055, -90.8750, "Sorrento, LA 22"),
    (30.1700, -90.8200, "US 61"),
    (30.1300, -90.7100, "Gramercy, LA 641"),
    (30.0880, -90.4900, "LaPlace"),
    (30.0560, -90.4200, "Bonnet Carre Spillway"),
    (30.0400, -90.3300, "Lake Pontchartrain shore"),
    (30.0300, -90.2420, "Kenner, Williams Blvd"),
    (30.0064, -90.1905, "Metairie, Clearview Pkwy"),
    (29.9990, -90.1550, "Metairie, Causeway Blvd"),
    (29.9870, -90.1250, "I-610 split"),
    (29.9690, -90.1010, "New Orleans, Carrollton Ave"),
    (29.9510, -90.0812, "New Orleans, Superdome"),
    (29.9500, -90.0740, "New Orleans, Poydras St"),
]

START = 1_715_691_600  # 2024-05-14T13:00:00Z (8:00 CDT)
INTERVAL = 5.0
RADIUS = 6_371_008.8


def haversine(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * RADIUS * math.asin(math.sqrt(h))


def iso(seconds):
    days, rest = divmod(int(seconds), 86_400)
    # civil_from_days (Howard Hinnant), as in ISO8601Time.format
    z = days + 719_468
    era = z // 146_097
    doe = z - era * 146_097
    yoe = (doe - doe // 1460 + doe // 36_524 - doe // 146_096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (1 if month <= 2 else 0)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (year, month, day, rest // 3600, rest // 60 % 60, rest % 60)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Waypoints", "houston-new-orleans-i10.gpx")
    legs = [haversine(ROUTE[i], ROUTE[i + 1]) for i in range(len(ROUTE) - 1)]
    total = sum(legs)
    points = []
    travelled, t, leg, leg_start = 0.0, 0.0, 0, 0.0
    while True:
        while leg < len(legs) and travelled > leg_start + legs[leg]:
            leg_start += legs[leg]
            leg += 1
        if leg >= len(legs):
            points.append((ROUTE[-1][0], ROUTE[-1][1], t))
            break
        f = (travelled - leg_start) / legs[leg]
        a, b = ROUTE[leg], ROUTE[leg + 1]
        points.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, t))
        speed = 30.0 + 2.0 * math.sin(2 * math.pi * travelled / 7_000.0)
        travelled += speed * INTERVAL
        t += INTERVAL
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="locsim scripts/make-i10-track.py" xmlns="http://www.topografix.com/GPX/1/1">',
        "  <metadata>",
        "    <name>Houston to New Orleans on I-10</name>",
        "    <desc>Generated by scripts/make-i10-track.py (deterministic): %d hand-placed I-10 landmarks from"
        " downtown Houston to the New Orleans CBD (approximate, not surveyed), %.1f km, driven at"
        " 30 m/s +- 2 m/s with a point every 5 s.</desc>" % (len(ROUTE), total / 1000),
        "  </metadata>",
        "  <trk>",
        "    <name>I-10 eastbound, Houston TX to New Orleans LA</name>",
        "    <trkseg>",
    ]
    for lat, lon, t in points:
        lines.append('      <trkpt lat="%.6f" lon="%.6f"><time>%s</time></trkpt>' % (lat, lon, iso(START + t)))
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines))
    os.replace(tmp, out)
    print("%s: %d points, %.1f km, %.2f h" % (out, len(points), total / 1000, points[-1][2] / 3600))


if __name__ == "__main__":
    main()
