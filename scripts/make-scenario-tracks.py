#!/usr/bin/env python3
"""Write the GPX tracks of the seed scenarios that no other file provides, under Waypoints/Generated/.

Deterministic: no randomness, no clock, no network. Run from the repository root:

    python3 scripts/make-scenario-tracks.py

Every file is synthetic: coordinates are hand-picked points along public roads (interstate
exits, town centres), joined by great-circle interpolation, timed at a constant speed. They are
test inputs for locsim's scenarios, not recorded drives.
"""

import math
import os

EARTH_RADIUS = 6371008.8  # mean Earth radius (m), for spacing and timing only
START = 1714572000  # 2024-05-01T14:00:00Z


def iso(seconds):
    days, rest = divmod(seconds, 86400)
    hour, rest = divmod(rest, 3600)
    minute, second = divmod(rest, 60)
    # 2024-05-01 is day 0; every track here stays within May 2024.
    return "2024-05-%02dT%02d:%02d:%02dZ" % (1 + days - 19844, hour, minute, second)


def haversine(a, b):
    (lat1, lon1), (lat2, lon2) = [(math.radians(p[0]), math.radians(p[1])) for p in (a, b)]
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(math.sqrt(h))


def slerp(a, b, f):
    (lat1, lon1), (lat2, lon2) = [(math.radians(p[0]), math.radians(p[1])) for p in (a, b)]
    d = haversine(a, b) / EARTH_RADIUS
    if d == 0:
        return a
    s1, s2 = math.sin((1 - f) * d) / math.sin(d), math.sin(f * d) / math.sin(d)
    x = s1 * math.cos(lat1) * math.cos(lon1) + s2 * math.cos(lat2) * math.cos(lon2)
    y = s1 * math.cos(lat1) * math.sin(lon1) + s2 * math.cos(lat2) * math.sin(lon2)
    z = s1 * math.sin(lat1) + s2 * math.sin(lat2)
    return (math.degrees(math.atan2(z, math.hypot(x, y))), math.degrees(math.atan2(y, x)))


def drive(corner_points, speed, spacing):
    """Points every `spacing` metres (and at every corner) along the polyline, timed at `speed` m/s."""
    points = [(corner_points[0], 0.0)]
    elapsed = 0.0
    for a, b in zip(corner_points, corner_points[1:]):
        length = haversine(a, b)
        steps = max(1, int(math.ceil(length / spacing)))
        for i in range(1, steps + 1):
            points.append((slerp(a, b, i / steps), elapsed + length * i / steps / speed))
        elapsed += length / speed
    return points


def write(path, name, description, points):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="locsim scripts/make-scenario-tracks.py" xmlns="http://www.topografix.com/GPX/1/1">',
        "  <metadata><name>%s</name><desc>%s</desc></metadata>" % (name, description),
        "  <trk><name>%s</name><trkseg>" % name,
    ]
    for (lat, lon), t in points:
        lines.append('    <trkpt lat="%.6f" lon="%.6f"><time>%s</time></trkpt>' % (lat, lon, iso(START + int(round(t)))))
    lines += ["  </trkseg></trk>", "</gpx>", ""]
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines))
    os.chmod(path + ".tmp", 0o644)
    os.replace(path + ".tmp", path)


def write_waypoint(path, name, description, point):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="locsim scripts/make-scenario-tracks.py" xmlns="http://www.topografix.com/GPX/1/1">',
        "  <metadata><name>%s</name><desc>%s</desc></metadata>" % (name, description),
        '  <wpt lat="%.6f" lon="%.6f"><name>%s</name></wpt>' % (point[0], point[1], name),
        "</gpx>",
        "",
    ]
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines))
    os.chmod(path + ".tmp", 0o644)
    os.replace(path + ".tmp", path)


# I-10 eastbound, Houston to New Orleans: exits and town centres along the interstate.
I10 = [
    (29.7700, -95.3650),  # Houston, I-10 at downtown
    (29.7800, -95.2200),
    (29.7950, -95.0500),  # Channelview
    (29.8150, -94.9000),  # Baytown
    (29.8250, -94.7000),
    (29.8200, -94.3900),  # Winnie
    (29.9700, -94.2300),
    (30.0800, -94.1300),  # Beaumont
    (30.0950, -93.9000),  # Vidor
    (30.0950, -93.7400),  # Orange
    (30.1900, -93.5800),  # Vinton
    (30.2300, -93.3600),  # Sulphur
    (30.2300, -93.2100),  # Lake Charles
    (30.2300, -92.9200),  # Iowa
    (30.2250, -92.6600),  # Jennings
    (30.2150, -92.3700),  # Crowley
    (30.2100, -92.1800),  # Scott
    (30.2350, -92.0200),  # Lafayette
    (30.2800, -91.9000),  # Breaux Bridge
    (30.3100, -91.7500),  # Henderson
    (30.3700, -91.5300),  # Atchafalaya Basin bridge
    (30.4200, -91.4300),  # Grosse Tete
    (30.4500, -91.2200),  # Port Allen
    (30.4400, -91.1000),  # Baton Rouge
    (30.3600, -90.9700),
    (30.2300, -90.9200),  # Gonzales
    (30.1400, -90.7500),
    (30.0700, -90.4900),  # LaPlace
    (30.0100, -90.2600),  # Kenner
    (29.9850, -90.1600),  # Metairie
    (29.9600, -90.0750),  # New Orleans
]

# A short, dense piece of the same drive (Scott, west of Lafayette): a point every second at 25 m/s.
I10_DENSE = [(30.2100, -92.1800), (30.2180, -92.1560)]

# Franklin, LA: along Main Street (LA-182) through town, northwest to southeast.
FRANKLIN = [(29.8080, -91.5200), (29.7960, -91.5015), (29.7860, -91.4880)]

# Buffalo, NY: downtown to the south towns along NY-5, where lake-effect bands come ashore.
BUFFALO = [(42.8864, -78.8784), (42.8580, -78.8650), (42.8200, -78.8400), (42.7800, -78.8300)]


def main():
    os.makedirs("Waypoints/Generated", exist_ok=True)
    write(
        "Waypoints/Generated/i10-houston-new-orleans.gpx",
        "I-10 Houston to New Orleans",
        "Synthetic timed drive along I-10 eastbound (hand-picked points, 27 m/s); a locsim test input.",
        drive(I10, speed=27.0, spacing=1000.0),
    )
    write(
        "Waypoints/Generated/i10-lafayette-dense.gpx",
        "I-10 at Lafayette, dense",
        "Synthetic 25 m/s drive with a point every second, for the geocoder throttle; a locsim test input.",
        drive(I10_DENSE, speed=25.0, spacing=25.0),
    )
    write(
        "Waypoints/Generated/buffalo-ny-southtowns.gpx",
        "Buffalo to the south towns",
        "Synthetic 15 m/s drive from downtown Buffalo south along NY-5; a locsim test input.",
        drive(BUFFALO, speed=15.0, spacing=500.0),
    )
    write(
        "Waypoints/Generated/franklin-la-main-street.gpx",
        "Franklin, LA, Main Street",
        "Synthetic 12 m/s drive along Main Street through Franklin, LA; a locsim test input.",
        drive(FRANKLIN, speed=12.0, spacing=250.0),
    )
    write_waypoint(
        "Waypoints/Generated/tempe-az.gpx", "Tempe, AZ", "A single waypoint on Mill Avenue; a locsim test input.",
        (33.4255, -111.9400),
    )
    write_waypoint(
        "Waypoints/Generated/osaka.gpx", "Osaka", "A single waypoint at Umeda, Osaka; a locsim test input.",
        (34.7025, 135.4959),
    )


if __name__ == "__main__":
    main()
