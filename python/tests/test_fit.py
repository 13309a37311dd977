"""Tests of `oz0.fit`: byte-for-byte parity with `oz0 fit` over the corpus and generated documents, the
API's contract, and the module working when copied alone.

The parity test needs the Rust binary: the one `OZ0_BIN` names, or the build cargo made (see `built.py`);
without one, it fails saying how to build it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
sys.path.insert(0, str(SRC))

from built import oz0_binary  # noqa: E402
from oz0 import fit  # noqa: E402

REPO = HERE.parent.parent
CORPUS = REPO / "corpus"

# A case is the arguments of one call: view, budget, query, chars and kind, each None when absent.
Case = tuple[Any, Any, Any, Any, Any]

BUDGETS = (None, 50, 300, 2000, 8000)

# Cases every document may draw, the same for all, so that one run of the binary answers many documents.
SHARED: tuple[Case, ...] = (
    (None, 50, None, None, None),
    (None, 300, None, None, None),
    (None, 2000, None, None, None),
    (None, 8000, None, None, None),
    ("summary", None, None, None, None),
    ("summary", 2000, None, 5000, None),
    ("stub", None, None, None, None),
    ("stub", 300, None, None, None),
    ("stub", 50, None, None, None),
    ("full", 2000, None, None, None),
    (None, None, None, 3000, None),
    (None, None, None, 400, None),
    (None, 300, "1-20", None, None),
    (None, 2000, "30-60", None, None),
    (None, 300, "7", None, None),
    (None, 300, "no part is named this", None, None),
    (None, 8000, "40-12", None, None),
    (None, 300, "100000-100010", None, None),
    ("section", 2000, "lines 1-20", None, None),
    ("summary", 300, "1-20", None, None),
)

# How many of the shared cases, and of a document's own queries, each document is compared on; a plain
# text document, whose own queries are line ranges no other document shares, is compared on one.
SHARED_PER_DOC = 5
OWN_PER_DOC = 3


def rank(*parts: object) -> int:
    """Returns a number fixed by `parts`, for choosing cases deterministically."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], "big")


def pick(items: list[Any], n: int, *seed: object) -> list[Any]:
    return sorted(items, key=lambda item: rank(item, *seed))[:n]


def own_queries(index: Any, body: Any) -> list[str]:
    """Returns queries taken from a document's own outline, in the forms its kind allows."""
    parts = index.parts
    queries: list[str] = []
    labelled = [i for i, p in enumerate(parts) if p.label and not p.label.startswith("(")]
    if index.kind == "markdown":
        for i in labelled[:40]:
            queries.append(parts[i].label)
            if parts[i].parent >= 0:
                queries.append(f"{parts[parts[i].parent].label} > {parts[i].label}")
                queries.append(fit._heading_path(index, i))
            words = parts[i].label.split()
            if len(words) > 1:
                queries.append(" ".join(words[:2]))
                queries.append(words[0])
            queries.append("## " + parts[i].label.upper())
    elif index.kind == "json":
        for i in labelled[:40]:
            queries.append(fit._query_for(index, i))
            queries.append(parts[i].label)
        queries += ["[0]", "[3]", "/0", "/1/0"]
        lines = body.text.split("\n")
        for i in labelled[:10]:
            key = fit._query_for(index, i)
            queries.append("/" + key.replace("~", "~0").replace("/", "~1"))
            # A pointer one level deeper, by the first member or item of the value, when it has one.
            if parts[i].first < len(lines) and lines[parts[i].first - 1].rstrip().endswith(("{", "[")):
                child = lines[parts[i].first].strip()
                inner = fit._unquote(fit._key_token_str(child)) if child.startswith('"') else "0"
                queries.append("/" + key.replace("~", "~0").replace("/", "~1") + "/" + inner)
    elif index.kind == "diff":
        for i in labelled[:40]:
            part = parts[i]
            if part.level == 1:
                queries.append(part.label)
                queries.append(part.label.rsplit("/", 1)[-1])
                queries.append(part.label + "#2")
                queries.append(part.label + "#1")
            else:
                queries.append(fit._query_for(index, i))
                header = fit._hunk_header(part.label)
                if header:
                    queries.append(header.split(" ", 1)[1])
                queries.append(part.label)
    else:
        for i in labelled[:40]:
            queries.append(parts[i].label)
        if index.lines > 3:
            queries.append(f"{index.lines // 3}-{index.lines // 2}")
            queries.append(f"{index.lines - 2}-{index.lines + 5}")
    if parts:
        queries.append(parts[len(parts) // 2].label[:3] + "zq")
    return list(dict.fromkeys(q for q in queries if q.strip()))


def rust_args(case: Case) -> list[str]:
    view, budget, query, chars, kind = case
    # `--name=value` keeps a query that begins with `-` a value.
    named = (("view", view), ("budget", budget), ("query", query), ("chars", chars), ("kind", kind))
    return [f"--{name}={value}" for name, value in named if value]


def as_rust_reads(case: Case, name: str | None, text: str) -> Case:
    """Returns the case as the binary is asked it: code, which Rust reads by its definitions, is read as
    plain text as the port reads it."""
    view, budget, query, chars, kind = case
    detected = fit._parse_kind(kind) if kind else fit._detect(name, text.encode("utf-8"))
    return (view, budget, query, chars, "text") if detected.startswith("code:") else case


def run_rust(case: Case, paths: list[str], cwd: Path) -> list[dict[str, Any]]:
    """Returns `oz0 fit`'s answers for `paths`, in order, each `{"content", "fit"}`."""
    command = [oz0_binary(), "fit", "--format", "json", *rust_args(case), "--", *paths]
    done = subprocess.run(command, cwd=cwd, capture_output=True, check=False)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(command[:12])} ... failed: {done.stderr.decode(errors='replace')}")
    answers = json.loads(done.stdout)
    if isinstance(answers, dict):
        answers = [answers]
    return [{"content": a["content"], "fit": a["fit"]} for a in answers]


def compact_diff(expected: Any, got: Any) -> str:
    """Returns where two answers first differ, briefly."""
    lines = []
    for key in ("fit", "content"):
        a, b = expected[key], got[key]
        if a == b:
            continue
        if key == "fit":
            for field in a:
                if a.get(field) != b.get(field):
                    lines.append(f"    fit.{field}: rust {a.get(field)!r}\n    {' ' * len(field)}  python {b.get(field)!r}")
        else:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            lines.append(
                f"    content differs at char {at} (rust {len(a)} chars, python {len(b)}):\n"
                f"      rust   {a[max(at - 60, 0):at + 80]!r}\n      python {b[max(at - 60, 0):at + 80]!r}"
            )
    return "\n".join(lines)


class Parity:
    """Collects cases, answers them with the binary in batches of one run per case, and with Python
    while the binary runs."""

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.groups: dict[Case, list[str]] = {}
        self.python: dict[tuple[Case, str], Callable[[], dict[str, Any]]] = {}
        self.errors: list[str] = []

    def add(self, path: str, case: Case, answer: Callable[[], dict[str, Any]]) -> None:
        """Adds a case of the document at `path`, and what gives Python's answer to it."""
        self.groups.setdefault(case, []).append(path)
        self.python[(case, path)] = answer

    def compare(self) -> tuple[int, list[str]]:
        batches = [
            (case, paths[start : start + 400])
            for case, paths in self.groups.items()
            for start in range(0, len(paths), 400)
        ]
        # The binary's runs take most of the time: as many at once as there are cores, while Python
        # answers the same cases here.
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            answers = pool.map(lambda batch: run_rust(batch[0], batch[1], self.cwd), batches)
            python = {key: answer() for key, answer in self.python.items()}
            compared, differences = 0, []
            for (case, batch), rust in zip(batches, answers):
                for path, expected in zip(batch, rust):
                    compared += 1
                    got = python[(case, path)]
                    if got != expected:
                        differences.append(
                            f"  {path} {' '.join(rust_args(case))}\n{compact_diff(expected, got)}"
                        )
        return compared, differences


def fitted_answer(text: str, name: str, case: Case) -> dict[str, Any]:
    """Returns Python's answer to a case of a document fitted whole, as `fit_document` fits it."""
    view, budget, query, chars, kind = case
    got = fit.fit_document(text, view=view, budget=budget, query=query, head=name, name=name, chars=chars, kind=kind)
    return got.answer()


def python_answer(index: Any, body: Any, path: str, case: Case) -> dict[str, Any]:
    view, budget, query, chars, _ = case
    return fit._fit_index(index, body, view, budget, query, chars, path).answer()


class Prepared:
    """A document indexed once for each kind it is read as, for the many cases asked of it."""

    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.indexes: dict[Any, Any] = {}

    def of(self, kind: str | None) -> Any:
        if kind not in self.indexes:
            self.indexes[kind] = fit._prepare(self.text, fit._parse_kind(kind), self.name)
        return self.indexes[kind]

    def answer(self, case: Case) -> dict[str, Any]:
        return python_answer(*self.of(case[4]), self.name, case)


def generated_documents() -> dict[str, str]:
    """Returns documents made to reach the engine's corners, by file name."""
    docs: dict[str, str] = {}
    docs["tiny-parts.md"] = "".join(f"# {i}\n## x{i}\n" for i in range(600))
    docs["tiny-parts-2.md"] = "".join(f"## Part {i}\n\nIt says one thing. Then more.\n\n" for i in range(400))
    docs["empty.txt"] = ""
    docs["empty.md"] = ""
    docs["empty.json"] = ""
    docs["newline.txt"] = "\n"
    docs["one-line.txt"] = "word " * 60000
    docs["long-line.md"] = "# Head\n\n" + "x" * 5000 + "\r\n## Next\n\n" + "é" * 3000 + "\n"
    docs["spaces.txt"] = "a" + " " * 1000 + "b\n" + "\n" * 300 + "c\t\t\t\n"
    docs["deep.json"] = "[" * 300 + "]" * 300
    docs["deep-ok.json"] = "[" * 200 + "1" + "]" * 200
    docs["nested.json"] = json.dumps(
        {"a": {"b": [10, {"c": 2}]}, "x/y": 3, "list": list(range(40)), "é": "ü", "s": "a\"b\\c\u00e9"}
    )
    docs["one-line-big.json"] = json.dumps([{"id": i, "name": f"item {i}", "tags": ["a", "b"]} for i in range(300)])
    docs["scalar.json"] = " 42 "
    docs["invalid.json"] = '{"a": 1,\n  "b": [1, 2\n'
    docs["bom.json"] = "\ufeff{\"a\": [1, 2, 3], \"b\": {}}"
    docs["numbers.json"] = '{"z":1.000000000000000000001,"a":"\\u00e9","n":-0.5e-7,"t":true,"f":false,"0":null}'
    docs["unicode.md"] = (
        "# Größe\n\nDie Größe zählt. Nicht wahr?\n\n## 数据 und mehr\n\n安装很简单。然后运行。\n\n"
        "## Σίσυφος ΟΔΟΣ\n\nΚείμενο εδώ.\n\n### Привет мир\n\nТекст. Ещё.\n"
    )
    docs["indic.md"] = "# नमस्ते दुनिया\n\nपाठ यहाँ है।\n\n## नमस्कार\n\nऔर पाठ।\n\n## Ⓐbc\n\nText.\n"
    docs["crlf.md"] = "# Title\r\n\r\nSome text here.\r\n\r\n## Sub\r\n\r\nMore text.\r\n"
    docs["bom.md"] = "\ufeff# Title\n\nText.\n\n## Two\n\nMore.\n"
    docs["setext.md"] = "Title\n=====\n\nIntro e.g. this. And more.\n\nSub\n---\n\n- item one\n- item two\n"
    docs["front.md"] = "---\ntitle: x\n---\n\nPreamble line.\n\n# A\n\n```\n# not a heading\n```\n\n## B\n\nB text.\n"
    docs["fences.md"] = "Intro.\n\n~~~~\n## no\n~~~~\n\n# Real\n\n    # indented code\n\n###### Six ######\n\n####### seven\n"
    docs["git.diff"] = (
        "diff --git a/src/a.rs b/src/a.rs\nindex 1..2 100644\n--- a/src/a.rs\n+++ b/src/a.rs\n"
        "@@ -1,3 +1,4 @@ fn main() {\n a\n-b\n+c\n+d\n e\n@@ -10,2 +11,2 @@\n-x\n+y\n z\n"
        "diff --git a/new.txt b/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello\n"
        "\\ No newline at end of file\n"
    )
    docs["plain.diff"] = (
        "--- old/x.c\t2026-01-01 10:00\n+++ new/x.c\t2026-01-02 10:00\n@@ -1 +1 @@\n-a\n+b\n"
        "--- gone.c\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y"
    )
    docs["many-lines.txt"] = "".join(f"line {i} says something.\n" + ("\n" if i % 7 == 0 else "") for i in range(3000))
    docs["mixed.txt"] = "# Not markdown by name\n\n" + "\n".join(f"row {i}, value {i * i}" for i in range(250))
    docs["no-name-json"] = '{"k": [1, 2], "m": {"n": "o"}}'
    docs["no-name-md"] = "intro\n\n## Install\n\nRun it.\n"
    docs["no-name-diff"] = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
    docs["script"] = "#!/usr/bin/env python3\nimport os\n\n\ndef main():\n    pass\n"
    return docs


GENERATED_CASES: tuple[Case, ...] = (
    ("full", None, None, None, None),
    (None, 50, None, None, None),
    (None, 300, None, None, None),
    (None, 2000, None, None, None),
    ("summary", None, None, None, None),
    ("summary", 300, None, None, None),
    ("stub", 50, None, None, None),
    ("stub", 10, None, None, None),
    ("stub", 3, None, None, None),
    ("stub", None, None, 120, None),
    (None, None, None, 60, None),
    ("full", 50, None, None, None),
    (None, 300, "2-5", None, None),
    (None, 300, "Sub", None, None),
    (None, 300, "/a/b/1", None, None),
    (None, 300, "/x~1y", None, None),
    (None, 300, "[3]", None, None),
    (None, 300, "list", None, None),
    (None, 300, "src/a.rs#2", None, None),
    (None, 300, "@@ -10,2 +11,2 @@", None, None),
    (None, 300, "new.txt", None, None),
    (None, 300, "Größe > 数据 und mehr", None, None),
    (None, 300, "σίσυφος οδος", None, None),
    (None, 300, "Part 3", None, None),
    (None, 300, "नमस्त", None, None),
    (None, 300, "नमस", None, None),
    (None, 300, "Part", None, None),
    (None, 300, "nothing at all", None, None),
    (None, 300, "5-2", None, None),
    (None, 2000, "lines 1-20", None, None),
    ("section", 300, "Title", None, None),
    (None, 300, None, None, "text"),
    (None, 300, None, None, "markdown"),
    ("summary", 2000, None, None, "diff"),
)


MARKDOWN_LINES = (
    "# Guide", "## Install", "### Sub section ##", "#hashtag", "    # indented code", "```", "```rust", "~~~",
    "````", "---", "===", "...", "- item one", "* item two. Done.", "1. first step", "2) second", "> quote. Yes.",
    "| a | b |", "<div>", "[![ci](x)](y)", "![img](z)", "", "", "", "   ", "\t", "Text sentence one. Two.",
    "e.g. this is it. More", "Σίσυφος ΟΔΟΣ. Τέλος.", "数据。更多。", "word " * 50, "x" * 1100 + " end.",
    "title: x", "Setext line", "Line with CRLF.\r", "## Day 3", "## Day 30", "## Day 3: the end", "#", "#  #",
    "###### Six ######", "  ## Two spaces", "Mr. Smith went. Then.", "Version 1.2 is out! Yes.", "**bold** text",
    "## Install", "## Ünïcödé heading", "_ _ _", "***", "- - -",
)
DIFF_LINES = (
    "diff --git a/src/a.rs b/src/a.rs", "diff --git a/b c/d e b/b c/d e", "index 1..2 100644", "--- a/src/a.rs",
    "+++ b/src/a.rs", "--- /dev/null", "+++ /dev/null", "--- old.c\t2026-01-01", "+++ new.c\t2026-01-02",
    "@@ -1,3 +1,4 @@ fn main() {", "@@ -10 +10 @@", "@@ -0,0 +1,2 @@", "@@ -5,x +5,2 @@", " context line",
    "-removed line", "+added line", "\\ No newline at end of file", "", "Binary files a/x and b/x differ",
    "+" + "é" * 200, "-- not a header", "+++ b/other.txt", "new file mode 100644",
)


def random_markdown(rng: random.Random) -> str:
    lines = [rng.choice(MARKDOWN_LINES) for _ in range(rng.randrange(1, 120))]
    if rng.random() < 0.2:
        lines = ["---", "title: front", "---"] + lines
    end = "\r\n" if rng.random() < 0.1 else "\n"
    return end.join(lines) + (end if rng.random() < 0.8 else "")


def random_diff(rng: random.Random) -> str:
    lines = []
    for _ in range(rng.randrange(1, 6)):
        path = rng.choice(("src/a.rs", "lib/b.py", "c d/e.txt", "x.c"))
        if rng.random() < 0.6:
            lines.append(f"diff --git a/{path} b/{path}")
        lines += [f"--- a/{path}", f"+++ b/{path}"]
        for _ in range(rng.randrange(0, 5)):
            old, new = rng.randrange(0, 6), rng.randrange(0, 6)
            lines.append(f"@@ -{rng.randrange(1, 99)},{old} +{rng.randrange(1, 99)},{new} @@ ctx")
            lines += [rng.choice(DIFF_LINES) if rng.random() < 0.2 else rng.choice((" c", "-r", "+a"))
                      for _ in range(rng.randrange(0, 12))]
    return "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")


def random_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 4 or roll < 0.35:
        return rng.choice((0, -1, 2.5, 1e-7, 1e16, 123456789, True, False, None, "", "text", "é\"\\/\n\t",
                           "数据", "x" * 300, "a, b", "[not] {json}"))
    if roll < 0.7:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(0, 8))]
    keys = ("name", "id", "a/b", "m~n", "ünï", "", "items", "Name", "with space", "q\"uote")
    return {rng.choice(keys) + ("" if rng.random() < 0.7 else str(i)): random_value(rng, depth + 1)
            for i in range(rng.randrange(0, 8))}


def random_json(rng: random.Random) -> str:
    value = random_value(rng)
    if not isinstance(value, (list, dict)) and rng.random() < 0.7:
        value = [value]
    text = json.dumps(value, ensure_ascii=rng.random() < 0.3, indent=rng.choice((None, None, 2, 4, "\t")))
    if rng.random() < 0.1:
        text = text[: rng.randrange(0, len(text) + 1)]
    return text


def random_text(rng: random.Random) -> str:
    lines = []
    for _ in range(rng.randrange(0, 400)):
        roll = rng.random()
        lines.append("" if roll < 0.15 else " " * rng.randrange(1, 200) if roll < 0.2 else
                     f"log line {rng.randrange(10**6)} said something, then more words.")
    return "\n".join(lines)


def random_documents() -> dict[str, str]:
    """Returns documents of each kind made of the lines that reach the splitters' corners."""
    rng = random.Random(20261201)
    docs = {}
    for i in range(60):
        docs[f"r{i}.md"] = random_markdown(rng)
        docs[f"r{i}.json"] = random_json(rng)
        docs[f"r{i}.diff"] = random_diff(rng)
        docs[f"r{i}.txt"] = random_text(rng)
    return docs


def large_documents() -> dict[str, str]:
    """Returns documents past the 64 KiB that `oz0 fit` tells a kind by, and past the 2 MiB it reads on
    one thread."""
    rng = random.Random(7)
    big_json = json.dumps({f"key {i}": [rng.randrange(1000) for _ in range(20)] for i in range(1200)}, indent=2)
    docs = {
        "big-no-name-json": big_json,
        "big-no-name-broken-json": big_json[:-5],
        "late-heading": "plain words on a line\n" * 4000 + "# Heading after 64 KiB\n\nText.\n",
        "big.md": "".join(random_markdown(rng) + "\n" for _ in range(1500)),
        "huge.txt": "".join(f"{i} " + "lorem ipsum dolor sit amet " * (i % 9) + "\n" for i in range(70000)),
    }
    return docs


LARGE_CASES: tuple[Case, ...] = (
    (None, 2000, None, None, None),
    ("summary", 8000, None, None, None),
    (None, 300, "Heading after 64 KiB", None, None),
    (None, 2000, "key 7", None, None),
    (None, 2000, "60000-60040", None, None),
    (None, 50000, None, None, None),
    ("summary", 60000, None, None, None),
    (None, None, "1-30000", None, None),
    (None, None, None, 250000, None),
)


class ParityTest(unittest.TestCase):
    """Every answer of `oz0.fit` is the bytes `oz0 fit --format json` prints for the same input."""

    def check(self, parity: Parity, what: str, started: float) -> None:
        compared, differences = parity.compare()
        print(
            f"\n{what}: {compared} cases compared, {len(differences)} differences "
            f"({time.monotonic() - started:.1f} s)",
            file=sys.stderr,
        )
        if differences:
            self.fail(f"{len(differences)} of {compared} cases differ; the first:\n" + "\n".join(differences[:8]))

    def test_corpus(self) -> None:
        started = time.monotonic()
        parity = Parity(REPO)
        files = sorted(str(p.relative_to(REPO)) for p in CORPUS.rglob("*") if p.is_file())
        self.assertGreater(len(files), 100)
        skipped = 0
        for n, path in enumerate(files):
            data = (REPO / path).read_bytes()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                skipped += 1
                continue
            detected = fit._detect(path, data)
            # Rust reads code by its definitions, which the port reads as plain text.
            kind = "text" if detected.startswith("code:") else None
            index, body = fit._prepare(text, "text" if kind else None, path)
            cases = pick(list(SHARED), SHARED_PER_DOC, path)
            cases += [
                (None, BUDGETS[rank(path, q, "budget") % len(BUDGETS)], q, None, None)
                for q in pick(own_queries(index, body), OWN_PER_DOC if index.kind != "text" else 1, path)
            ]
            if n % 7 == 0 and cases:
                view, budget, query, chars, _ = cases[0]
                first = fit.fit_document(text, view=view, budget=budget, query=query, head=path, name=path,
                                         chars=chars, kind=kind)
                self.assertEqual(first.answer(), python_answer(index, body, path, cases[0]))
            for view, budget, query, chars, _ in cases:
                case = (view, budget, query, chars, kind)
                parity.add(path, case, partial(python_answer, index, body, path, case))
        print(f"\ncorpus: {len(files)} documents, {skipped} not UTF-8 and left out", file=sys.stderr)
        self.check(parity, "corpus", started)

    def test_generated(self) -> None:
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            parity = Parity(root)
            for name, text in generated_documents().items():
                (root / name).write_bytes(text.encode("utf-8"))
                for case in GENERATED_CASES:
                    parity.add(name, as_rust_reads(case, name, text), partial(fitted_answer, text, name, case))
            self.check(parity, "generated", started)

    def test_random_documents(self) -> None:
        self.compare_documents(random_documents(), "random", per_doc=6)

    def test_large_documents(self) -> None:
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            parity = Parity(root)
            for name, text in large_documents().items():
                (root / name).write_bytes(text.encode("utf-8"))
                prepared = Prepared(text, name)
                for case in LARGE_CASES:
                    parity.add(name, case, partial(prepared.answer, case))
            self.check(parity, "large", started)

    def compare_documents(self, docs: dict[str, str], what: str, per_doc: int) -> None:
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            parity = Parity(root)
            for name, text in docs.items():
                (root / name).write_bytes(text.encode("utf-8"))
                prepared = Prepared(text, name)
                cases = pick(list(SHARED) + list(GENERATED_CASES), per_doc // 2, name)
                cases += [
                    (None, BUDGETS[rank(name, q) % len(BUDGETS)], q, None, None)
                    for q in pick(own_queries(*prepared.of(None)), per_doc - per_doc // 2, name)
                ]
                for case in cases:
                    parity.add(name, as_rust_reads(case, name, text), partial(prepared.answer, case))
            self.check(parity, what, started)

    def test_without_a_name(self) -> None:
        """A document read from stdin has no name: its kind is told by its content alone."""
        compared, differences = 0, []
        for name, text in generated_documents().items():
            for case in GENERATED_CASES[:8:3] + ((None, 300, "Install", None, None),):
                command = [oz0_binary(), "fit", "--format", "json", *rust_args(as_rust_reads(case, None, text))]
                done = subprocess.run(command, input=text.encode("utf-8"), capture_output=True, check=True)
                expected = json.loads(done.stdout)
                view, budget, query, chars, kind = case
                got = fit.fit_document(text, view=view, budget=budget, query=query, chars=chars, kind=kind).answer()
                compared += 1
                if got != expected:
                    differences.append(f"  {name} (stdin) {' '.join(rust_args(case))}\n{compact_diff(expected, got)}")
        print(f"\nstdin: {compared} cases compared, {len(differences)} differences", file=sys.stderr)
        if differences:
            self.fail("\n".join(differences[:8]))


class ApiTest(unittest.TestCase):
    """What the convention asks of the module's functions."""

    def test_bounds(self) -> None:
        self.assertEqual((fit.CAP, fit.CAP_CHARS, fit.META_KEY), (50_000, 200_000, "oz0/fit"))
        self.assertEqual(fit.chars_of(2000), 16_000)

    def test_wanted(self) -> None:
        self.assertFalse(fit.wanted(None, None, None))
        self.assertFalse(fit.wanted("", 0, "  "))
        self.assertTrue(fit.wanted("stub", None, None))
        self.assertTrue(fit.wanted(None, 500, None))
        self.assertTrue(fit.wanted(None, None, "Install"))

    def test_section_of_the_spec_example(self) -> None:
        text = "# Guide\n\nStart here.\n\n## Install\n\nRun the installer. It takes a minute.\n"
        f = fit.fit_document(text, query="Install", budget=500)
        self.assertEqual(f.view, "section")
        self.assertTrue(f.text.startswith("## Install"))
        self.assertEqual(list(f.meta()), ["view", "budget", "size", "tokens", "omitted", "bound", "truncated"])
        self.assertEqual(f.meta()["budget"], 500)
        self.assertIn("the section 'Install'", f.meta()["omitted"])

    def test_absent_arguments(self) -> None:
        text = "# A\n\nText.\n"
        self.assertEqual(
            fit.fit_document(text, view=None, budget=None, query=None, head=None, name=None),
            fit.fit_document(text),
        )
        self.assertEqual(fit.fit_document(text).view, "full")

    def test_unknown_names_are_refused(self) -> None:
        with self.assertRaisesRegex(ValueError, "unknown view `outline`: expected one of full, section"):
            fit.fit_document("x", view="outline")
        with self.assertRaisesRegex(ValueError, "unknown kind `yaml`: expected one of markdown, json"):
            fit.fit_document("x", kind="yaml")
        with self.assertRaises(ValueError):
            fit.fit_document("x", budget=-1)

    def test_head_and_name(self) -> None:
        text = "intro\n\n## Install\n\nRun it. It says more than its outline line would.\n" * 30
        f = fit.fit_document(text, view="stub", budget=200, head="Guide", name="guide.txt")
        self.assertTrue(f.text.startswith("Guide: text,"), f.text)
        f = fit.fit_document(text, view="stub", budget=200, head="Guide")
        self.assertTrue(f.text.startswith("Guide: markdown,"), f.text)

    def test_code_is_read_as_text(self) -> None:
        code = "fn main() {\n    println!(\"hi\");\n}\n" * 50
        self.assertEqual(
            fit.fit_document(code, view="stub", name="main.rs"),
            fit.fit_document(code, view="stub", name="main.rs", kind="text"),
        )
        self.assertEqual(
            fit.fit_document(code, view="stub", kind="rust"), fit.fit_document(code, view="stub", kind="text")
        )
        self.assertTrue(fit.fit_document(code, view="stub", name="main.rs").text.startswith("main.rs: text,"))

    def test_json_values_and_diffs(self) -> None:
        value = {"name": "oz0", "list": [1, 2.5, 1e16, 1e-7, None, True], "nested": {"a": "é"}}
        f = fit.fit(value, query="list", budget=300)
        self.assertEqual(f.view, "section")
        self.assertIn("1e16", f.text)
        self.assertIn("1e-7", f.text)
        self.assertEqual(fit.fit(value).text, fit.fit_document(fit._json_text(value), kind="json").text)
        diff = "--- a/x.py\n+++ b/x.py\n@@ -1,30 +1,30 @@\n" + "-a line that was there\n+a line that is here\n" * 30
        self.assertEqual(fit.fit_diff(diff, view="stub").text.split(",")[0], "document: diff")
        self.assertEqual(fit.fit_diff(diff, query="x.py#1").view, "section")

    def test_floats_as_serde_json_writes_them(self) -> None:
        cases = {1.0: "1.0", 0.1: "0.1", 1e16: "1e16", 1e15: "1000000000000000.0", 1e-5: "0.00001",
                 1e-6: "1e-6", 123.456: "123.456", -2.5e-10: "-2.5e-10", 1.5e300: "1.5e300", 0.0: "0.0",
                 float("nan"): "null", 12345678901234567890.0: "1.2345678901234567e19"}
        for value, text in cases.items():
            self.assertEqual(fit._float_text(value), text, value)

    def test_stub_always_fits(self) -> None:
        text = "".join(f"## Heading number {i}\n\nText of part {i}.\n\n" for i in range(2000))
        for budget in (1, 5, 20, 100, 1000):
            f = fit.fit_document(text, budget=budget, name="big.md")
            self.assertLessEqual(fit.weigh(f.text), budget)
            self.assertLessEqual(len(f.text), fit.chars_of(budget))
            self.assertTrue(f.truncated)


class CopiedAloneTest(unittest.TestCase):
    """The module works as one file copied into a plugin, without the package or site-packages."""

    def test_runs_alone(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            shutil.copy(SRC / "oz0" / "fit.py", folder)
            script = (
                "import sys; sys.path.insert(0, '.'); import fit; "
                "f = fit.fit_document('# A\\n\\nText here.\\n\\n## B\\n\\nMore.\\n', query='B', budget=100); "
                "print(f.view, f.meta()['tokens'], fit.count('hello world'), fit.weigh(' ' * 100))"
            )
            done = subprocess.run([sys.executable, "-S", "-I", "-c", script], cwd=folder, capture_output=True,
                                  text=True, check=False)
            self.assertEqual(done.returncode, 0, done.stderr)
            view, _, _, spaces = done.stdout.split()
            self.assertEqual((view, spaces), ("section", "25"))


if __name__ == "__main__":
    unittest.main()
