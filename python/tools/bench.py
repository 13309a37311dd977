#!/usr/bin/env python3
"""Measures oz0.fit's `count` and `fit_document` against the Rust binary on the same texts.

    python3 python/tools/bench.py [--oz0 target/release/oz0] [--mixed-mb 4] [--runs 5]

Prints MB/s (10^6 bytes a second) of `count` in this interpreter beside `oz0 fit --count`, and of
`fit_document(view="summary", budget=2000)` beside `oz0 fit --view summary --budget 2000`, on:

- mixed: documents of every category of `corpus/`, one in every few, concatenated;
- markdown: 1 MB of English Markdown from `corpus/markdown` (the 0.6 MB there, then English prose);
- prose: documents of the 60 languages of `corpus/prose-*`, concatenated.

Each figure is the best of a few runs; the Rust one has the binary's start-up (measured on an empty file)
taken out. The first Python run also decodes the embedded table, so it is not counted; "cold s" is a
fresh interpreter importing the module and fitting the text once, as a plugin's first call does.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "python" / "src" / "oz0" / "fit.py"
CORPUS = ROOT / "corpus"
MB = 1_000_000


def load():
    spec = importlib.util.spec_from_file_location("fit_bench", MODULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered before it runs: its dataclasses look their module up.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def documents(pattern: str) -> list[Path]:
    return sorted(p for p in CORPUS.glob(pattern) if p.is_file() and p.name != "README.md")


def sample(paths: list[Path], size: int) -> str:
    """Returns about `size` bytes of the documents of `paths`, taken evenly across them, as text."""
    total = sum(p.stat().st_size for p in paths)
    stride = max(1, total // size)
    picked = paths[::stride] if stride > 1 else paths
    text = "\n".join(p.read_bytes().decode("utf-8") for p in picked)
    return cut(text, size)


def cut(text: str, size: int) -> str:
    """Returns the longest start of `text` of at most `size` UTF-8 bytes."""
    return text.encode("utf-8")[:size].decode("utf-8", "ignore")


def markdown(size: int) -> str:
    """Returns `size` bytes of the English Markdown documents, then of the English prose when they run out."""
    text = ""
    for p in documents("markdown/**/*") + documents("prose-en/**/*"):
        text += p.read_bytes().decode("utf-8") + "\n"
        if len(text.encode("utf-8")) >= size:
            break
    return cut(text, size)


def best(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def rust_seconds(binary: str, args: list[str], path: Path, empty: Path, runs: int) -> float:
    """Returns the best time of `oz0 fit ARGS` on `path`, less the same on an empty file."""
    command = [binary, "fit", *args, "--"]
    start_up = best(runs, lambda: subprocess.run([*command, str(empty)], check=True, capture_output=True))
    whole = best(runs, lambda: subprocess.run([*command, str(path)], check=True, capture_output=True))
    return max(whole - start_up, 1e-6)


COLD = (
    "import sys; sys.path.insert(0, sys.argv[1]); import fit; "
    "fit.fit_document(open(sys.argv[2], encoding='utf-8').read(), view='summary', budget=2000, name='doc.md')"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oz0", default=str(ROOT / "target" / "release" / "oz0"), help="the Rust binary")
    parser.add_argument("--mixed-mb", type=float, default=4.0, help="the size of the mixed sample, in MB")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    fit = load()
    fit.count("warm up: decode the table")
    inputs = {
        "mixed": sample(documents("**/*"), int(args.mixed_mb * MB)),
        "markdown": markdown(MB),
        "prose": sample(documents("prose-*/**/*"), int(args.mixed_mb * MB)),
    }
    rust = Path(args.oz0)
    operations = {
        "count": (lambda text: fit.count(text), ["--count"]),
        "fit summary": (
            lambda text: fit.fit_document(text, view="summary", budget=2000, name="doc.md"),
            ["--view", "summary", "--budget", "2000", "--name", "doc.md"],
        ),
    }
    print(f"{'input':<10} {'MB':>6} {'operation':<12} {'Python MB/s':>12} {'Rust MB/s':>10} {'Python s':>9} {'cold s':>7}")
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.txt"
        empty.write_bytes(b"")
        for name, text in inputs.items():
            size = len(text.encode("utf-8"))
            path = Path(folder) / f"{name}.txt"
            path.write_bytes(text.encode("utf-8"))
            for operation, (python, flags) in operations.items():
                seconds = best(args.runs, lambda: python(text))
                cold = "-"
                if operation != "count":
                    run = [sys.executable, "-S", "-c", COLD, str(MODULE.parent), str(path)]
                    cold = f"{best(3, lambda: subprocess.run(run, check=True)):.2f}"
                rust_rate = "-"
                if rust.exists():
                    rust_rate = f"{size / MB / rust_seconds(str(rust), flags, path, empty, args.runs):.0f}"
                print(
                    f"{name:<10} {size / MB:>6.2f} {operation:<12} {size / MB / seconds:>12.1f} {rust_rate:>10} "
                    f"{seconds:>9.3f} {cold:>7}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
