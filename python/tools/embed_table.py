#!/usr/bin/env python3
"""Embeds the estimate's trained table in the Python module that reads it.

The module carries the exact bytes of `crates/oz0-core/src/fit/tokens/cl100k.table`, compressed with zlib and
written in base64 between two marker lines at its end, so that the file works when copied alone. This
script rewrites that block from the table; with `--check` it changes nothing and exits 1 when the block
is stale.

    python3 python/tools/embed_table.py [--check] [TARGET]

TARGET defaults to `python/src/oz0/fit.py`; paths are taken from the repository root.
"""

from __future__ import annotations

import argparse
import base64
import re
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "crates" / "oz0-core" / "src" / "fit" / "tokens" / "cl100k.table"
DEFAULT_TARGET = ROOT / "python" / "src" / "oz0" / "fit.py"

BEGIN = "# BEGIN EMBEDDED TABLE: written by python/tools/embed_table.py from cl100k.table; do not edit."
END = "# END EMBEDDED TABLE"
# Short lines keep editors and diffs usable on a file that is mostly the blob.
LINE = 120

BLOCK = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END) + r"\n?", re.DOTALL)
BLOB = re.compile(r'_TABLE_BLOB = """\n(.*?)"""', re.DOTALL)


def render(table: bytes) -> str:
    """Returns the block that embeds `table`, marker lines included."""
    # Level 9 and a fixed codec keep the block the same for the same table, so `--check` is exact.
    text = base64.b64encode(zlib.compress(table, 9)).decode("ascii")
    lines = "\n".join(text[i : i + LINE] for i in range(0, len(text), LINE))
    return f'{BEGIN}\n_TABLE_BLOB = """\n{lines}\n"""\n{END}\n'


def embedded(source: str) -> bytes | None:
    """Returns the table bytes that the block of `source` holds, or None when it holds none."""
    block = BLOCK.search(source)
    blob = BLOB.search(block.group(0)) if block else None
    if blob is None:
        return None
    try:
        return zlib.decompress(base64.b64decode(blob.group(1)))
    except (ValueError, zlib.error):
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Embed cl100k.table in the Python estimate module.")
    parser.add_argument("target", nargs="?", type=Path, default=DEFAULT_TARGET, help="the module to rewrite")
    parser.add_argument("--check", action="store_true", help="exit 1 when the embedded table is stale")
    parser.add_argument("--table", type=Path, default=TABLE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    table = args.table.read_bytes()
    target: Path = args.target
    source = target.read_text(encoding="utf-8")
    if args.check:
        if embedded(source) == table:
            return 0
        shown = target if not target.is_absolute() else target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
        print(f"{shown}: the embedded table differs from {TABLE.relative_to(ROOT)}", file=sys.stderr)
        print(f"run: python3 python/tools/embed_table.py {shown}", file=sys.stderr)
        return 1
    block = render(table)
    if BLOCK.search(source):
        updated = BLOCK.sub(lambda _: block, source, count=1)
    else:
        updated = source.rstrip("\n") + "\n\n\n" + block
    if updated != source:
        target.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
