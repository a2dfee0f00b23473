"""The gazetteer data file formats, shared by make-gazetteer.py and gazetteer-v1-to-v2.py.

A gazetteer is described by `Tables` (the content, independent of the format): the string table,
the countries, regions and places in rank order, and the section pairs. `write_v2` lays it out as
the version-2 file the geocoder maps (`read_v1`/`write_v1` handle the version-1 file it replaces,
so the converter can prove the conversion lossless).

The version-2 layout is documented in make-gazetteer.py's docstring.

Version 1 (the same header with version 1) had the countries, the regions with 0 in place of the
group, the place columns in rank order (i32 latitude[n], i32 longitude[n], u32 population[n],
u16 region[n] padded to 4 bytes, u32 name ref[n]), the sections in ranks, and the strings.
"""

import math
import os
import struct
import tempfile
from dataclasses import dataclass

MAGIC = b"LSGZ"
NONE = 0xFFFFFFFF
# Must match MunicipalityRule in Sources/LocSimGeocoding: notional radius of a place in metres.
DENSITY_PER_M2 = 2000e-6
MIN_RADIUS = 1000.0
MAX_RADIUS = 15000.0
EARTH_RADIUS = 6371008.8
# Must match KDTree.radiusBound in Sources/LocSimGeocoding: the radius a slot's bound byte stands for.
RADIUS_BOUND_BASE = MIN_RADIUS
RADIUS_BOUND_STEP = 56.0


@dataclass
class Tables:
    """A gazetteer's content. Places and sections use ranks (positions in `places`)."""

    strings: bytes
    attribution: int  # string ref
    countries: list  # (2-byte ASCII code, name ref)
    regions: list  # (country index, admin1 ref, admin2 ref)
    places: list  # (latitude e5, longitude e5, population, region index, name ref), rank order
    sections: list  # (child rank, parent rank), sorted by child


def notional_radius(population):
    return min(MAX_RADIUS, max(MIN_RADIUS, math.sqrt(population / (math.pi * DENSITY_PER_M2))))


def unit_vector(latitude_e5, longitude_e5):
    """The geocoder's KDTree.unitVector of a place, operation for operation (same doubles)."""
    phi = latitude_e5 / 1e5 * math.pi / 180
    lam = longitude_e5 / 1e5 * math.pi / 180
    c = math.cos(phi)
    return (c * math.cos(lam), c * math.sin(lam), math.sin(phi))


def radius_bound(radius):
    """The smallest k with RADIUS_BOUND_BASE + k * RADIUS_BOUND_STEP >= radius (exact)."""
    k = max(0, math.ceil((radius - RADIUS_BOUND_BASE) / RADIUS_BOUND_STEP))
    while RADIUS_BOUND_BASE + k * RADIUS_BOUND_STEP < radius:
        k += 1
    while k > 0 and RADIUS_BOUND_BASE + (k - 1) * RADIUS_BOUND_STEP >= radius:
        k -= 1
    if k > 255:
        raise ValueError(f"radius {radius} m needs a bound above 255 steps")
    return k


def kd_tree(places):
    """(order, axes): order[slot] is the rank of the place in that slot, axes[slot] its split axis."""
    vectors = [unit_vector(p[0], p[1]) for p in places]
    n = len(places)
    order = list(range(n))
    axes = [0] * n
    stack = [(0, n)]
    while stack:
        lo, hi = stack.pop()
        if hi - lo < 2:
            continue
        items = order[lo:hi]
        spread = []
        for a in range(3):
            values = [vectors[i][a] for i in items]
            spread.append(max(values) - min(values))
        if spread[0] >= spread[1]:
            axis = 0 if spread[0] >= spread[2] else 2
        else:
            axis = 1 if spread[1] >= spread[2] else 2
        items.sort(key=lambda i: (vectors[i][axis], i))
        order[lo:hi] = items
        mid = lo + (hi - lo) // 2
        axes[mid] = axis
        stack.append((lo, mid))
        stack.append((mid + 1, hi))
    return order, axes


def subtree_radius_bounds(order, places):
    """For each slot, radius_bound of the largest notional radius in its subtree."""
    bounds = [0] * len(order)

    def fill(lo, hi):
        if lo >= hi:
            return 0.0
        mid = lo + (hi - lo) // 2
        largest = max(notional_radius(places[order[mid]][2]), fill(lo, mid), fill(mid + 1, hi))
        bounds[mid] = radius_bound(largest)
        return largest

    fill(0, len(order))
    return bounds


def region_groups(regions):
    """Group of each region: one number per (country, admin1), in order of first appearance."""
    ids = {}
    return [ids.setdefault((country, admin1), len(ids)) for country, admin1, _ in regions]


def header(version, tables):
    return MAGIC + struct.pack(
        "<7I", version, len(tables.places), len(tables.regions), len(tables.countries), len(tables.sections),
        len(tables.strings), tables.attribution)


def write_v2(tables):
    """The version-2 file for `tables`: a function of its content alone."""
    n = len(tables.places)
    if n == 0 or len(tables.regions) > 0x10000:
        raise ValueError("a gazetteer needs places and at most 65536 regions")
    order, axes = kd_tree(tables.places)
    bounds = subtree_radius_bounds(order, tables.places)
    slot_of = [0] * n
    for slot, rank in enumerate(order):
        slot_of[rank] = slot
    out = bytearray(header(2, tables))
    for code, name in tables.countries:
        out += struct.pack("<2sHI", code, 0, name)
    for (country, admin1, admin2), group in zip(tables.regions, region_groups(tables.regions)):
        out += struct.pack("<HHII", country, group, admin1, admin2)
    out += bytes((-len(out)) % 16)
    for slot, rank in enumerate(order):
        latitude, longitude, population, region, _ = tables.places[rank]
        out += struct.pack("<iiIHBB", latitude, longitude, population, region, axes[slot], bounds[slot])
    out += struct.pack(f"<{n}I", *(tables.places[rank][4] for rank in order))
    out += struct.pack(f"<{n}I", *order)
    for child, parent in sorted((slot_of[c], slot_of[p]) for c, p in tables.sections):
        out += struct.pack("<II", child, parent)
    out += tables.strings
    return bytes(out)


def write_v1(tables):
    """The version-1 file for `tables` (what make-gazetteer.py wrote before version 2)."""
    n = len(tables.places)
    out = bytearray(header(1, tables))
    for code, name in tables.countries:
        out += struct.pack("<2sHI", code, 0, name)
    for country, admin1, admin2 in tables.regions:
        out += struct.pack("<HHII", country, 0, admin1, admin2)
    for column, kind in ((0, "i"), (1, "i"), (2, "I"), (3, "H")):
        out += struct.pack(f"<{n}{kind}", *(p[column] for p in tables.places))
    out += bytes((-len(out)) % 4)
    out += struct.pack(f"<{n}I", *(p[4] for p in tables.places))
    for child, parent in tables.sections:
        out += struct.pack("<II", child, parent)
    out += tables.strings
    return bytes(out)


def _read_front(data, expected_version):
    """The header, countries and regions of a file of `expected_version`, and the offset after
    them; raises ValueError when the file is not one."""
    if len(data) < 32 or data[:4] != MAGIC:
        raise ValueError("not a gazetteer file")
    version, n, region_count, country_count, section_count, string_bytes, attribution = struct.unpack_from(
        "<7I", data, 4)
    if version != expected_version:
        raise ValueError(f"version {version}, expected {expected_version}")
    offset = 32
    countries = [struct.unpack_from("<2sHI", data, offset + 8 * i) for i in range(country_count)]
    offset += 8 * country_count
    regions = [struct.unpack_from("<HHII", data, offset + 12 * i) for i in range(region_count)]
    offset += 12 * region_count
    return n, section_count, string_bytes, attribution, countries, regions, offset


def write_atomically(path, data):
    """Writes `data` to `path` through a temporary file in the same directory (mode 0644)."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".gazetteer.")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def read_v1(data):
    """The `Tables` of a version-1 file; raises ValueError when it is not one."""
    (n, section_count, string_bytes, attribution, countries, regions, offset) = _read_front(data, 1)
    columns = []
    for kind, size in (("i", 4), ("i", 4), ("I", 4), ("H", 2)):
        columns.append(struct.unpack_from(f"<{n}{kind}", data, offset))
        offset += size * n
    offset += (-offset) % 4
    columns.append(struct.unpack_from(f"<{n}I", data, offset))
    offset += 4 * n
    sections = [struct.unpack_from("<II", data, offset + 8 * i) for i in range(section_count)]
    offset += 8 * section_count
    if offset + string_bytes != len(data):
        raise ValueError("section sizes do not add up to the file size")
    return Tables(
        strings=bytes(data[offset:]),
        attribution=attribution,
        countries=[(code, name) for code, _, name in countries],
        regions=[(country, admin1, admin2) for country, _, admin1, admin2 in regions],
        places=list(zip(*columns)),
        sections=sections,
    )


def read_v2(data):
    """The `Tables` of a version-2 file (places back in rank order); raises ValueError."""
    (n, section_count, string_bytes, attribution, countries, regions, offset) = _read_front(data, 2)
    offset += (-offset) % 16
    slots = [struct.unpack_from("<iiIHBB", data, offset + 16 * i) for i in range(n)]
    offset += 16 * n
    names = struct.unpack_from(f"<{n}I", data, offset)
    offset += 4 * n
    order = struct.unpack_from(f"<{n}I", data, offset)
    offset += 4 * n
    pairs = [struct.unpack_from("<II", data, offset + 8 * i) for i in range(section_count)]
    offset += 8 * section_count
    if offset + string_bytes != len(data):
        raise ValueError("section sizes do not add up to the file size")
    places = [None] * n
    for slot, rank in enumerate(order):
        places[rank] = slots[slot][:4] + (names[slot],)
    return Tables(
        strings=bytes(data[offset:]),
        attribution=attribution,
        countries=[(code, name) for code, _, name in countries],
        regions=[(country, admin1, admin2) for country, _, admin1, admin2 in regions],
        places=places,
        sections=sorted((order[child], order[parent]) for child, parent in pairs),
    )
