"""Tests of the Python token estimate: its numbers against the Rust binary's, its definitions, its API.

The comparisons with Rust run the binary that `OZ0_BIN` names, or the build cargo made (see `built.py`):
`python3 -m unittest discover -s python/tests -v` from the repository root, after `cargo build`. Without
a binary they fail, saying how to build it.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest
import zlib
from pathlib import Path

from built import oz0_binary

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "python" / "src" / "oz0" / "fit.py"
TABLE = ROOT / "crates" / "oz0-core" / "src" / "fit" / "tokens" / "cl100k.table"
CORPUS = ROOT / "corpus"
EMBED = ROOT / "python" / "tools" / "embed_table.py"


def load(path: Path):
    spec = importlib.util.spec_from_file_location("fit_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered before it runs: its dataclasses look their module up.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


est = load(MODULE)


def read(path: Path) -> str:
    """Returns the text of a file exactly as its bytes hold it, line ends and all."""
    return path.read_bytes().decode("utf-8")


def corpus_files() -> list[Path]:
    """Returns every document of the corpus, in a fixed order."""
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name != "README.md")


def edge_cases() -> dict[str, str]:
    """Returns texts rich in what the estimate must get right, by name."""
    rng = random.Random(7)
    cases = {
        "empty": "",
        "one-byte": "a",
        "one-space": " ",
        "one-newline": "\n",
        "e-acute": "é",
        "emoji": "😀",
        "nul": "\x00",
        "hello": "hello world",
        "crlf": "first line\r\nsecond line\r\n\r\nthird\r\n",
        "crlf-blank-run": "a" + "\r\n" * 40 + "b",
        "crlf-long": "x\r\n" * 2000,
        "emoji-zwj": "👩‍👩‍👧‍👦 family, 🇫🇷🇯🇵 flags, 👍🏽 skin, ❤️ heart\n" * 20,
        "four-byte": "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𐍈𐌰𐌹 🜁🜂 𠜎𠜱𠝹𠱓 " * 30,
        "lone-combining": "\u0301\u0301\u0301 \u0308x\u0301 e\u0301 \u20dd" * 40,
        "zero-width": "a\u200bb\u200cc\u200dd\ufeffe \u2060f" * 30,
        "bom": "\ufeffstarts with a byte order mark",
        "file-separators": "a\x1cb\x1dc\x1ed\x1f" * 50 + "\x1c" * 100,
        "control": "".join(chr(c) for c in range(0, 32)) * 10,
        "long-line": "word " * 40000,
        "long-word": "x" * 100_000,
        "long-cjk": "委员会将于下周再次开会审查预算和新的招聘计划" * 3000,
        "long-base64": base64.b64encode(bytes(rng.randrange(256) for _ in range(60000))).decode(),
        "mixed-scripts": "Ça coûte 12,50 € — «naïve» 数据 ключ 😀 tokens\tand words_42. " * 300,
    }
    for c, name in [(" ", "spaces"), ("\t", "tabs"), ("\n", "newlines"), ("\r", "cr"), ("\x0b", "vt")]:
        for n in [1, 2, 63, 64, 65, 66, 67, 100, 128, 129, 300, 1000, 20000]:
            cases[f"{name}-{n}"] = f"a{c * n}b"
            cases[f"{name}-{n}-alone"] = c * n
            cases[f"{name}-{n}-end"] = "end" + c * n
            cases[f"{name}-{n}-start"] = c * n + "start"
    for c, name in [("\u3000", "ideographic"), ("\u00a0", "nbsp"), ("\u2028", "line-sep"), ("\u0085", "nel")]:
        for n in [63, 64, 65, 66, 200]:
            cases[f"{name}-{n}"] = f"a{c * n}b"
            cases[f"{name}-{n}-mixed"] = f"a{(c + ' ') * n}b{' ' * n}{c}c"
    cases["mixed-runs"] = "".join(
        "x" + "".join(rng.choice(" \t\n\r\u3000\u00a0\u2003") for _ in range(rng.randrange(1, 200)))
        for _ in range(300)
    )
    cases["indented-code"] = "fn main() {\n" + "".join(
        " " * rng.randrange(0, 90) + f"let x{i} = {i};\n" + "\n" * rng.randrange(0, 3) for i in range(500)
    )
    # Runs and characters that straddle the fast path's windows.
    for at in [16383, 16384, 16385, 32767]:
        cases[f"window-run-{at}"] = "y" * (at - 30) + " " * 70 + "z" * 100
        cases[f"window-emoji-{at}"] = "y" * (at - 2) + "😀" * 10 + " " * 64 + "z"
    pieces = [
        lambda: "".join(rng.choice("abcXYZ0189 .,;(){}\"'_-") for _ in range(rng.randrange(1, 41))),
        lambda: "".join(rng.choice(" \t\n\r") for _ in range(rng.randrange(1, 91))),
        lambda: "".join(rng.choice("\u00a0\u2000\u3000\u0085 ") for _ in range(rng.randrange(1, 81))),
        lambda: "".join(rng.choice("абвгдежзийАБВГ ") for _ in range(rng.randrange(1, 31))),
        lambda: "".join(rng.choice("一二三四五龥ぁあいうえん、。") for _ in range(rng.randrange(1, 31))),
        lambda: "".join(chr(rng.randrange(0x1F600, 0x1F650)) for _ in range(rng.randrange(1, 6))),
        lambda: rng.choice([" ", "\n", "\t", "\r", "\u3000"]) * rng.randrange(1, 200),
    ]
    for i in range(120):
        cases[f"mix-{i:03}"] = "".join(rng.choice(pieces)() for _ in range(rng.randrange(0, 12)))
    markdown = sorted((CORPUS / "markdown").glob("*"))
    if markdown:
        cases["windows-markdown"] = read(markdown[0]).replace("\n", "\r\n")
    cases["random-unicode"] = "".join(
        chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0xA0, 0x800), rng.randrange(0x800, 0xD800),
                        rng.randrange(0x10000, 0x110000), 0x20, 0x0A, 0x3000]))
        for _ in range(20000)
    )
    return cases


def reference(text: str) -> tuple[int, int]:
    """Returns `count` and `weigh` of `text` straight from their definitions, one byte at a time."""
    table = est._table()
    data = text.encode("utf-8")
    total = long_score = long_weight = 0
    run_chars = run_score = 0
    history = table.start * 0x0101_0101_0101_0101
    at = 0
    for ch in text:
        width = len(ch.encode("utf-8"))
        space = ord(ch) in est._WHITE_SPACE
        if not space:
            if run_chars > 64:
                long_score += run_score
                long_weight += -(-run_chars // 4)
            run_chars = run_score = 0
        rated = space and ord(ch) < 0x80 and run_chars >= 64
        char_score = 0
        for i in range(at, at + width):
            history = ((history << 8) | data[i]) & ((1 << 64) - 1)
            nxt = data[i + 1] if i + 1 < len(data) else 256
            if rated:
                char_score += table.rates[data[i]]
            else:
                char_score += table.score(history, est._word_before(history), nxt)
        at += width
        total += char_score
        if space:
            run_chars += 1
            run_score += char_score
    if run_chars > 64:
        long_score += run_score
        long_weight += -(-run_chars // 4)
    if not text:
        return 0, 0
    return max(est._round(total), 1), max(est._round(total - long_score) + long_weight, 1)


def slow(data: bytes):
    """Returns a meter fed `data` through the careful path alone."""
    meter = est.Meter()
    table = est._table()
    for b in data:
        meter._step(table, b)
    return meter


class EmbeddedTable(unittest.TestCase):
    def test_the_embedded_table_is_the_trained_one(self):
        embedded = zlib.decompress(base64.b64decode(est._TABLE_BLOB))
        self.assertEqual(embedded, TABLE.read_bytes(), "run: python3 python/tools/embed_table.py")

    def test_the_generator_finds_it_current(self):
        done = subprocess.run([sys.executable, str(EMBED), "--check", str(MODULE)], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)


class Definitions(unittest.TestCase):
    def test_the_table_decodes(self):
        table = est._table()
        self.assertEqual((table.rates[0x20], table.rates[0x0A], table.rates[0x09]), (2, 8, 16))

    def test_the_empty_text_is_nothing(self):
        self.assertEqual((est.count(""), est.weigh("")), (0, 0))
        meter = est.Meter()
        meter.feed(b"")
        self.assertEqual((meter.count(), meter.weight(), meter.raw_weight()), (0, 0, None))

    def test_any_text_is_at_least_one_token(self):
        for text in [" ", "a", "\n", "é", "😀"]:
            self.assertGreaterEqual(est.count(text), 1, text)
            self.assertGreaterEqual(est.weigh(text), 1, text)

    def test_a_long_run_weighs_a_quarter_of_its_length(self):
        self.assertEqual(est.weigh("a" + " " * 400 + "b"), est.count("ab") + 100)
        self.assertEqual(est.weigh("a" + " " * 64 + "b"), est.count("a" + " " * 64 + "b"))
        self.assertGreater(est.weigh("a" + " " * 65 + "b"), est.count("a" + " " * 65 + "b"))

    def test_count_and_weigh_follow_their_definitions(self):
        for name, text in edge_cases().items():
            if len(text) <= 30000:
                self.assertEqual((est.count(text), est.weigh(text)), reference(text), name)

    def test_texts_without_long_runs_sum_as_a_meter_does(self):
        rng = random.Random(29)
        pieces = ["a", "b", " ", "\n", "\t", "é", "日本", "😀", "x1", ".", "\u3000", "\r\n", "word "]
        for _ in range(300):
            text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 400)))
            data = text.encode("utf-8")
            if est._RUN_OF_MARKS not in data.translate(est._RUN_MARKS):
                self.assertEqual(est._plain_sum(data), slow(data).raw_weight().fixed, text)

    def test_corpus_documents_follow_their_definitions(self):
        rng = random.Random(3)
        for path in rng.sample(corpus_files(), 20):
            text = read(path)[:20000]
            self.assertEqual((est.count(text), est.weigh(text)), reference(text), path)

    def test_any_chunking_gives_the_same_figures(self):
        rng = random.Random(11)
        texts = list(edge_cases().items())
        texts += [(str(p), read(p)[:8000]) for p in rng.sample(corpus_files(), 10)]
        for name, text in texts:
            data = text.encode("utf-8")[:6000]
            whole = slow(data)
            cuts = sorted(rng.randrange(len(data) + 1) for _ in range(6))
            meter = est.Meter()
            start = 0
            for cut in cuts:
                meter.feed(data[start:cut])
                start = cut
                so_far = slow(data[:cut])
                self.assertEqual((meter.count(), meter.weight()), (so_far.count(), so_far.weight()), name)
            meter.feed(data[start:])
            self.assertEqual((meter.count(), meter.weight()), (whole.count(), whole.weight()), name)

    def test_bytes_that_are_not_utf8_measure_the_same_in_any_chunking(self):
        rng = random.Random(5)
        for _ in range(300):
            data = bytes(rng.choice([rng.randrange(256), 0x20, 0x80, 0xE3, 0x61, 0xC2, 0xA0])
                         for _ in range(rng.randrange(300)))
            whole = slow(data)
            cut = rng.randrange(len(data) + 1)
            meter = est.Meter()
            meter.feed(data[:cut])
            meter.feed(data[cut:])
            self.assertEqual((meter.count(), meter.weight()), (whole.count(), whole.weight()), data)

    def test_marking_points_gives_the_figures_of_stopping_there(self):
        rng = random.Random(13)
        cases = list(edge_cases().values())
        for text in rng.sample(cases, 40) + [read(p) for p in rng.sample(corpus_files(), 5)]:
            data = text.encode("utf-8")[:5000]
            before = rng.choice(cases).encode("utf-8")[:300]
            points = sorted(rng.randrange(len(data) + 1) for _ in range(rng.randrange(10)))
            meter = est.Meter()
            meter.feed(before)
            stopping = meter.copy()
            marked = []
            meter.feed_marking(data, points, lambda p, raw: marked.append((p, raw)))
            expected = []
            at = 0
            for p in points:
                stopping.feed(data[at:p])
                at = p
                expected.append((p, stopping.raw_weight()))
            stopping.feed(data[at:])
            self.assertEqual(marked, expected)
            self.assertEqual((meter.count(), meter.weight()), (stopping.count(), stopping.weight()))

    def test_text_measured_apart_after_a_printable_byte_adds_up(self):
        rng = random.Random(17)
        texts = list(edge_cases().values()) + [read(p) for p in rng.sample(corpus_files(), 5)]
        for text in texts:
            data = text.encode("utf-8")[:4000]
            start = rng.randrange(len(data) + 1)
            at = next((i for i in range(start, len(data) + 1)
                       if i >= est.HISTORY and 0x21 <= data[i - 1] <= 0x7E), None)
            if at is None:
                continue
            base = est.Meter()
            base.feed(data[:at])
            before = data[at - est.HISTORY:at]
            self.assertTrue(base.is_after_word(before))
            self.assertTrue(est.ends_clean(data, at))
            tail = est.Meter.after_word(before)
            whole = base.copy()
            ends = sorted(at + rng.randrange(len(data) - at + 1) for _ in range(3)) + [len(data)]
            start = at
            for end in ends:
                tail.feed(data[start:end])
                whole.feed(data[start:end])
                start = end
                raw = tail.raw_weight()
                self.assertIsNotNone(raw)
                self.assertEqual(base.weight_with(raw), whole.weight())
            tail.rebase(base)
            self.assertEqual((tail.count(), tail.weight()), (whole.count(), whole.weight()))

    def test_every_way_of_summing_a_stretch_sums_the_same(self):
        rng = random.Random(23)
        table = est._table()
        samples = [text.encode("utf-8") for text in rng.sample(list(edge_cases().values()), 30)]
        samples += [bytes(rng.randrange(256) for _ in range(rng.randrange(2000))) for _ in range(20)]
        for data in samples:
            history = rng.randrange(1 << 64)
            lo = rng.randrange(len(data) + 1)
            hi = rng.randrange(lo, len(data) + 1)
            points = sorted(rng.randrange(lo, hi) for _ in range(rng.randrange(8))) if hi > lo else []
            buf = history.to_bytes(8, "big") + data[lo:hi]
            want = est._direct(table, buf, 7, len(buf) - 1)
            total, after, partials = est._stretch_sum(table, history, data, lo, hi, points)
            self.assertEqual(total, want)
            self.assertEqual(after, int.from_bytes(buf[-8:], "big"))
            self.assertEqual(partials, [est._direct(table, buf, 7, 7 + p - lo) for p in points])
            if len(buf) > 9:
                odd, even, evens = est._vector_parts(table, buf)
                self.assertEqual(sum(odd) + sum(evens), want)

    def test_ends_clean_matches_the_careful_path(self):
        rng = random.Random(19)
        for text in rng.sample(list(edge_cases().values()), 30):
            data = text.encode("utf-8")[:600]
            for n in range(est.HISTORY, len(data)):
                if est.ends_clean(data, n):
                    meter = est.Meter()
                    meter.feed(data[:n])
                    self.assertTrue(meter.is_after_word(data[n - est.HISTORY:n]), (text[:40], n))


def binary_table(binary: Path) -> bytes | None:
    """Returns the estimate table that the oz0 binary embeds, or None when none is found in it."""
    data = binary.read_bytes()
    at = data.find(b"oz0e\x05\x04")
    while at >= 0:
        # The table's length follows from its levels' sizes: a header, the pair logits, each level's
        # residuals, the hash multipliers and eight bytes of padding.
        end = at + 8 + 256 + 8 + 1024 + (1 << 18)
        for _ in range(3):
            if end + 2 > len(data):
                break
            end += 2 + (1 << data[end + 1])
        else:
            try:
                est._Table(data[at : end + 20])
                return data[at : end + 20]
            except (ValueError, IndexError):
                pass
        at = data.find(b"oz0e\x05\x04", at + 1)
    return None


class RustParity(unittest.TestCase):
    """Compares the figures with the binary's. A binary built from another table than the embedded one (the
    table is being trained) is compared with the Python port reading the binary's own table, so that the
    port is checked either way; `test_the_embedded_table_is_the_trained_one` checks the embedding."""

    BATCH = 400

    @classmethod
    def setUpClass(cls) -> None:
        cls.binary = oz0_binary()
        cls.saved = est._table()
        table = binary_table(Path(cls.binary))
        embedded = zlib.decompress(base64.b64decode(est._TABLE_BLOB))
        if table is not None and table != embedded:
            print(
                "\nnote: the oz0 binary embeds another cl100k.table than fit.py; comparing with its table",
                file=sys.stderr,
            )
            est._TABLE = est._Table(table)

    @classmethod
    def tearDownClass(cls) -> None:
        est._TABLE = cls.saved

    def rust_figures(self, paths: list[Path]) -> list[tuple[int, int]]:
        """Returns Rust's `count` and `weigh` of each file, running the binary once a batch of files."""
        figures = []
        for i in range(0, len(paths), self.BATCH):
            batch = paths[i : i + self.BATCH]
            done = subprocess.run(
                [self.binary, "fit", "--count", "--format", "json", "--", *map(str, batch)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=600,
            )
            self.assertEqual(done.returncode, 0, done.stderr)
            files = json.loads(done.stdout)["files"]
            self.assertEqual([f["name"] for f in files], [str(p) for p in batch])
            figures += [(f["count"], f["weigh"]) for f in files]
        return figures

    def compare(self, paths: list[Path], texts: list[str]) -> None:
        rust = self.rust_figures(paths)
        python = [(est.count(text), est.weigh(text)) for text in texts]
        differ = [(str(p), r, py) for p, r, py in zip(paths, rust, python) if r != py]
        self.assertEqual(differ, [], f"{len(differ)} of {len(paths)} documents differ (path, Rust, Python)")
        print(f"\n  {len(paths)} documents, the same count and weigh as Rust", end=" ", file=sys.stderr)

    def test_every_corpus_document(self):
        paths = corpus_files() + [CORPUS / "README.md"]
        self.compare(paths, [read(p) for p in paths])

    def test_edge_cases(self):
        cases = edge_cases()
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for i, text in enumerate(cases.values()):
                path = Path(folder) / f"case-{i:03}.txt"
                path.write_bytes(text.encode("utf-8"))
                paths.append(path)
            self.compare(paths, list(cases.values()))


if __name__ == "__main__":
    unittest.main()
