"""Finds the `oz0` binary the Rust build made, for the tests that compare `oz0.fit` with it.

`OZ0_BIN` names it when set (`scripts/test` sets it to the build it just made). Otherwise it is looked for
where cargo builds, in the target folder `cargo metadata` reports (which follows `CARGO_TARGET_DIR`), the
debug build first. A test that needs it and finds none fails, saying how to build it: it is never skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _target_directory() -> Path:
    """Cargo's target folder for the workspace, or `target/` in it when cargo cannot say."""
    try:
        metadata = subprocess.run(
            ["cargo", "metadata", "--no-deps", "--format-version", "1"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            text=True,
        )
        return Path(json.loads(metadata.stdout)["target_directory"])
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError):
        return ROOT / "target"


@cache
def oz0_binary() -> str:
    """The path of the `oz0` binary to compare with; raises `AssertionError` saying what to do when none is
    built."""
    named = os.environ.get("OZ0_BIN")
    if named:
        found = shutil.which(named) or shutil.which(str(ROOT / named))
        if found is None:
            raise AssertionError(f"OZ0_BIN={named} is not an executable: build it (cargo build) or unset OZ0_BIN")
        return str(Path(found).resolve())
    target = _target_directory()
    for build in ("debug", "release"):
        binary = target / build / "oz0"
        if os.access(binary, os.X_OK):
            return str(binary)
    raise AssertionError(
        f"no oz0 binary in {target}/debug or {target}/release to compare with: run `cargo build` first, or set "
        "OZ0_BIN to the binary"
    )
