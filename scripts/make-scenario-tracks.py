#!/usr/bin/env python3
"""Write the GPX tracks of the seed scenarios that Waypoints/ does not provide, under Waypoints/Generated/:
a drive from Buffalo to its south towns (several NWS zones), a drive along the lake shore east of
Erie, PA (the provider-failure scenarios), a dense piece of I-10 for the geocoder throttle and two
three-fix drives for the iOS 7 weather-app case study (Cupertino to Sunnyvale; San Francisco from Moscone West). The other scenarios use Waypoints/*.gpx.

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


# A short, dense piece of I-10 (Scott, west of Lafayette): a point every second at 25 m/s.
I10_DENSE = [(30.2100, -92.1800), (30.2180, -92.1560)]

# Buffalo, NY: downtown to the south towns along NY-5, where lake-effect bands come ashore.
BUFFALO = [(42.8864, -78.8784), (42.8580, -78.8650), (42.8200, -78.8400), (42.7800, -78.8300)]

# Erie, PA, east along the lake shore to North East: the failure scenarios' drive, away from the
# places of the demos (so `--cassettes Recordings` never answers a demo with a failure).
ERIE = [(42.1292, -80.0851), (42.1450, -80.0100), (42.1700, -79.9400), (42.2100, -79.8400)]

# Cupertino to Sunnyvale, CA: the iOS Simulator's default location (Apple, Infinite Loop), where
# the iOS 7 weather-app case study ran, then Apple Park and downtown Sunnyvale; one fix per corner.
CUPERTINO = [(37.3318, -122.0312), (37.3349, -122.0090), (37.3772, -122.0301)]

# San Francisco, from Moscone West (where iOS 7 was shown, WWDC 2013) past Union Square to the
# Ferry Building: the case study's rate-limited run, away from the Cupertino drive's requests.
SAN_FRANCISCO = [(37.7840, -122.4032), (37.7880, -122.4074), (37.7955, -122.3937)]


def main():
    os.makedirs("Waypoints/Generated", exist_ok=True)
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
        "Waypoints/Generated/erie-pa-lakeshore.gpx",
        "Erie to North East, PA",
        "Synthetic 15 m/s drive from Erie east along the lake shore; a locsim test input.",
        drive(ERIE, speed=15.0, spacing=500.0),
    )
    write(
        "Waypoints/Generated/cupertino-sunnyvale.gpx",
        "Cupertino to Sunnyvale, CA",
        "Synthetic 12 m/s drive from Infinite Loop past Apple Park to downtown Sunnyvale, three fixes; a locsim test input.",
        drive(CUPERTINO, speed=12.0, spacing=10000.0),
    )
    write(
        "Waypoints/Generated/san-francisco-moscone.gpx",
        "San Francisco from Moscone West",
        "Synthetic 8 m/s drive from Moscone West past Union Square to the Ferry Building, three fixes; a locsim test input.",
        drive(SAN_FRANCISCO, speed=8.0, spacing=10000.0),
    )


if __name__ == "__main__":
    main()
