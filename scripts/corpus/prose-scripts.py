#!/usr/bin/env python3
"""Build the non-Latin-script prose folders of the token-estimate corpus.

Writes `corpus/prose-<code>/<source>/<doc>` for Ukrainian, Bulgarian, Serbian (Cyrillic), Greek,
Arabic, Persian, Hebrew, Hindi, Nepali, Bengali, Tamil, Malayalam, Thai, Lao, Macedonian,
Belarusian, Kazakh, Marathi, Gujarati, Punjabi (Gurmukhi), Telugu, Kannada, Sinhala, Khmer,
Burmese, Georgian, Armenian, Amharic and Urdu, from Debian bookworm packages:

* translated man pages (`manpages-uk`, `manpages-el`, `manpages-mk`, `manpages-sr`), rendered by
  `man -l` at 100 columns without justification or hyphenation, the body indent removed;
* LibreOffice help (`libreoffice-help-<lang>`, HTML reduced to one paragraph a line);
* the GNOME desktop help (`gnome-user-docs`, Mallard pages reduced to one paragraph a line, the
  page credits dropped);
* MediaWiki's interface messages (`mediawiki`, `languages/i18n/<lang>.json`, the values);
* Firefox ESR and Thunderbird language packs (the Fluent `.ftl` message values of the browser's,
  respectively the mail client's and calendar's own files, so that the two never share text);
* gettext catalogs (`.mo`) of GNOME, Xfce, MATE, Cinnamon, GIMP, Inkscape, VLC, coreutils, ...:
  the non-empty msgstr that differ from their msgid, header skipped (fuzzy entries are never
  compiled into a `.mo`), one string a line;
* translated debconf templates (`Description-<lang>.UTF-8`) of console-setup, for Lao only.

Only lines whose letters are mostly of the language's script are kept (so untranslated English in
partly translated help pages is dropped), and lines holding an e-mail address are dropped. Each
source's text is cut at line boundaries into documents of 1.5 to 24 KB (log-uniform lengths from a
fixed seed); a source keeps evenly spread documents until it has about 28 KB (never over 40 KB),
and a language takes its first five sources, in the order tried by `candidates` (man pages, help,
MediaWiki, Firefox, Thunderbird, then the catalogs in `GETTEXT`), that give at least two documents
and 10 KB (smaller ones, from 3 KB, only where fewer than three sources reach 10 KB).

Run from the repository root (as root, or anyone who may run `apt-get download`):

    python3 scripts/corpus/prose-scripts.py [--cache DIR] [--only uk,el,...]

Packages are downloaded with `apt-get download` into the cache folder (default
/tmp/prose-scripts-cache) and unpacked there with `dpkg-deb -x`. The script deletes and rewrites
only the `corpus/prose-<code>` folders of the languages it builds. Deterministic for given package
versions.
"""

import argparse
import glob
import gzip
import html
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import zipfile

SEED = 20240611
MIN_DOC = 1536
MAX_DOC = 24 * 1024
SOURCE_TARGET = 28 * 1024
SOURCE_MAX = 40 * 1024
MAX_SOURCES = 5
MIN_SOURCE_BYTES = 3 * 1024
GOOD_SOURCE = 10 * 1024
MIN_SOURCES = 3

CYR = [(0x0400, 0x052F)]
SCRIPTS = {
    "Cyrl": CYR,
    "Grek": [(0x0370, 0x03FF), (0x1F00, 0x1FFF)],
    "Arab": [(0x0600, 0x06FF), (0x0750, 0x077F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)],
    "Hebr": [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)],
    "Deva": [(0x0900, 0x097F), (0xA8E0, 0xA8FF)],
    "Beng": [(0x0980, 0x09FF)],
    "Guru": [(0x0A00, 0x0A7F)],
    "Gujr": [(0x0A80, 0x0AFF)],
    "Taml": [(0x0B80, 0x0BFF)],
    "Telu": [(0x0C00, 0x0C7F)],
    "Knda": [(0x0C80, 0x0CFF)],
    "Mlym": [(0x0D00, 0x0D7F)],
    "Sinh": [(0x0D80, 0x0DFF)],
    "Thai": [(0x0E00, 0x0E7F)],
    "Laoo": [(0x0E80, 0x0EFF)],
    "Mymr": [(0x1000, 0x109F), (0xAA60, 0xAA7F)],
    "Geor": [(0x10A0, 0x10FF), (0x1C90, 0x1CBF)],
    "Armn": [(0x0530, 0x058F)],
    "Ethi": [(0x1200, 0x139F), (0x2D80, 0x2DDF)],
    "Khmr": [(0x1780, 0x17FF), (0x19E0, 0x19FF)],
}

# Gettext catalogs tried after the document sources, in this order: (slug, package, domain).
GETTEXT = [
    ("evolution", "evolution-common", "evolution"),
    ("gimp", "gimp-data", "gimp20"),
    ("gnome-control-center", "gnome-control-center-data", "gnome-control-center-2.0"),
    ("inkscape", "inkscape", "inkscape"),
    ("vlc", "vlc-l10n", "vlc"),
    ("coreutils", "coreutils", "coreutils"),
    ("glib", "libglib2.0-data", "glib20"),
    ("nautilus", "nautilus-data", "nautilus"),
    ("shotwell", "shotwell-common", "shotwell"),
    ("caja", "caja-common", "caja"),
    ("cinnamon", "cinnamon-l10n", "cinnamon"),
    ("pidgin", "pidgin-data", "pidgin"),
    ("rhythmbox", "rhythmbox-data", "rhythmbox"),
    ("gnome-software", "gnome-software-common", "gnome-software"),
    ("gedit", "gedit-common", "gedit"),
    ("gtk30", "libgtk-3-common", "gtk30"),
    ("brasero", "brasero-common", "brasero"),
    ("thunar", "thunar-data", "thunar"),
    ("pluma", "pluma-common", "pluma"),
    ("gnome-disk-utility", "gnome-disk-utility", "gnome-disk-utility"),
    ("gnome-desktop", "gnome-desktop3-data", "gnome-desktop-3.0"),
    ("mate-desktop", "mate-desktop-common", "mate-desktop"),
]

LICENSES = {
    "evolution": "LGPL-2 or LGPL-3", "gimp": "GPL-3+", "gnome-control-center": "GPL-2+", "inkscape": "GPL",
    "vlc": "GPL-2+", "coreutils": "GPL-3+", "glib": "LGPL-2.1+", "nautilus": "GPL-3+",
    "shotwell": "LGPL-2.1+", "caja": "GPL-2+", "cinnamon": "GPL-2+", "pidgin": "GPL-2+",
    "rhythmbox": "GPL-2+", "gnome-software": "GPL-2+", "gedit": "GPL-2+", "gtk30": "LGPL-2.1+",
    "brasero": "GPL-2+", "thunar": "GPL-2+", "pluma": "GPL-2+", "gnome-disk-utility": "GPL-2+",
    "gnome-desktop": "GPL-2+ / LGPL-2+", "mate-desktop": "GPL-2+ / LGPL-2+",
    "mediawiki": "GPL-2+", "firefox-esr-l10n": "MPL-2.0", "thunderbird-l10n": "MPL-2.0",
    "libreoffice-help": "MPL-2.0", "gnome-help": "CC-BY-SA-3.0", "console-setup": "GPL-2+",
}

# code: (English name, script, man-page locale, LibreOffice help, MediaWiki code, Firefox pack,
#        Thunderbird pack, gettext locales)
LANGS = {
    "uk": ("Ukrainian", "Cyrl", "uk", None, "uk", "uk", "uk", ["uk"]),
    "bg": ("Bulgarian", "Cyrl", None, None, "bg", "bg", "bg", ["bg"]),
    "sr": ("Serbian (Cyrillic)", "Cyrl", "sr", None, "sr-ec", "sr", "sr", ["sr"]),
    "el": ("Greek", "Grek", "el", "el", "el", "el", "el", ["el"]),
    "ar": ("Arabic", "Arab", None, None, "ar", "ar", "ar", ["ar"]),
    "fa": ("Persian", "Arab", None, None, "fa", "fa", None, ["fa", "fa_IR"]),
    "he": ("Hebrew", "Hebr", None, None, "he", "he", "he", ["he"]),
    "hi": ("Hindi", "Deva", None, "hi", "hi", "hi-in", None, ["hi"]),
    "ne": ("Nepali", "Deva", None, None, "ne", "ne-np", None, ["ne"]),
    "bn": ("Bengali", "Beng", None, None, "bn", "bn", None, ["bn", "bn_BD", "bn_IN"]),
    "ta": ("Tamil", "Taml", None, None, "ta", "ta", None, ["ta"]),
    "ml": ("Malayalam", "Mlym", None, None, "ml", None, None, ["ml"]),
    "th": ("Thai", "Thai", None, None, "th", "th", "th", ["th"]),
    "lo": ("Lao", "Laoo", None, None, "lo", None, None, ["lo"]),
    "mk": ("Macedonian", "Cyrl", "mk", None, "mk", "mk", None, ["mk"]),
    "be": ("Belarusian", "Cyrl", None, None, "be", "be", "be", ["be"]),
    "kk": ("Kazakh", "Cyrl", None, None, "kk-cyrl", "kk", "kk", ["kk"]),
    "mr": ("Marathi", "Deva", None, None, "mr", "mr", None, ["mr"]),
    "gu": ("Gujarati", "Gujr", None, None, "gu", "gu-in", None, ["gu"]),
    "pa": ("Punjabi (Gurmukhi)", "Guru", None, None, "pa", "pa-in", "pa-in", ["pa"]),
    "te": ("Telugu", "Telu", None, None, "te", "te", None, ["te"]),
    "kn": ("Kannada", "Knda", None, None, "kn", "kn", None, ["kn"]),
    "si": ("Sinhala", "Sinh", None, None, "si", "si", None, ["si"]),
    "km": ("Khmer", "Khmr", None, "km", "km", "km", None, ["km"]),
    "my": ("Burmese", "Mymr", None, None, "my", "my", None, ["my", "my_MM"]),
    "ka": ("Georgian", "Geor", None, None, "ka", "ka", "ka", ["ka"]),
    "hy": ("Armenian", "Armn", None, None, "hy", "hy-am", "hy-am", ["hy", "hy_AM"]),
    "am": ("Amharic", "Ethi", None, None, "am", None, None, ["am", "am_ET"]),
    "ur": ("Urdu", "Arab", None, None, "ur", "ur", None, ["ur", "ur_PK"]),
}

EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")


class Cache:
    """Downloads and unpacks Debian packages once."""

    def __init__(self, root):
        self.root = root
        os.makedirs(os.path.join(root, "debs"), exist_ok=True)

    def unpack(self, pkg):
        """Returns the folder `pkg` is unpacked in, or None when it cannot be had."""
        dest = os.path.join(self.root, "x", pkg)
        if os.path.isdir(dest):
            return dest
        debs = os.path.join(self.root, "debs")
        found = glob.glob(os.path.join(debs, pkg + "_*.deb"))
        if not found:
            r = subprocess.run(["apt-get", "download", pkg], cwd=debs, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            found = glob.glob(os.path.join(debs, pkg + "_*.deb"))
            if r.returncode != 0 or not found:
                print(f"  (package {pkg} not available)", file=sys.stderr)
                return None
        tmp = dest + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        subprocess.run(["dpkg-deb", "-x", sorted(found)[-1], tmp], check=True)
        os.makedirs(os.path.join(tmp, "DEBIAN"), exist_ok=True)
        subprocess.run(["dpkg-deb", "-e", sorted(found)[-1], os.path.join(tmp, "DEBIAN")], check=True)
        os.rename(tmp, dest)
        return dest


def in_script(ch, ranges):
    o = ord(ch)
    return any(a <= o <= b for a, b in ranges)


def mostly_script(line, ranges, share=0.5):
    letters = [c for c in line if c.isalpha()]
    if not letters:
        return False
    n = sum(1 for c in letters if in_script(c, ranges))
    return n >= 2 and n >= share * len(letters)


def clean_line(s):
    s = s.replace("\r", "").replace("\t", " ").replace("\x00", "")
    s = re.sub(r"[\u2028\u2029]", " ", s)
    return s.rstrip()


def filter_lines(lines, ranges):
    """Keeps the distinct lines mostly in the script, without e-mail addresses."""
    out, seen = [], set()
    for line in lines:
        line = clean_line(line)
        key = line.strip()
        if not key or key in seen or EMAIL.search(line) or not mostly_script(line, ranges):
            continue
        seen.add(key)
        out.append(line)
    return out


# ---------------------------------------------------------------- extractors


def read_mo(path):
    """Yields (msgid, msgstr) of a .mo file, the header skipped."""
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    end = "<" if magic == 0x950412DE else ">"
    _, n, oo, ot, _ = struct.unpack(end + "5I", data[4:24])
    for i in range(n):
        ol, oo_ = struct.unpack(end + "2I", data[oo + 8 * i: oo + 8 * i + 8])
        tl, to_ = struct.unpack(end + "2I", data[ot + 8 * i: ot + 8 * i + 8])
        msgid = data[oo_: oo_ + ol].decode("utf-8", "replace")
        msgstr = data[to_: to_ + tl].decode("utf-8", "replace")
        if msgid == "":
            continue
        yield msgid, msgstr


def gettext_lines(paths):
    lines = []
    for path in paths:
        for msgid, msgstr in read_mo(path):
            ids = set(msgid.split("\x04")[-1].split("\x00"))
            for form in msgstr.split("\x00"):
                form = " ".join(form.split("\n")).strip()
                form = form.replace("_", "") if re.fullmatch(r"[^_]*_[^_]*", form) else form
                if form and form not in ids:
                    lines.append(form)
    return lines


def ftl_values(text):
    """Returns the text of the messages and attributes of a Fluent file, a value a line."""
    out, cur = [], []

    def flush():
        if cur:
            out.append(" ".join(x for x in cur if x))
            cur.clear()

    for raw in text.split("\n"):
        if not raw.strip() or raw.startswith("#"):
            flush()
            continue
        m = re.match(r"^-?[A-Za-z][\w-]*\s*=\s*(.*)$", raw)
        if m:
            flush()
            cur.append(m.group(1).strip())
            continue
        s = raw.strip()
        m = re.match(r"^\.[\w-]+\s*=\s*(.*)$", s)
        if m:
            flush()
            cur.append(m.group(1).strip())
            continue
        m = re.match(r"^\*?\[[^\]]*\]\s*(.*)$", s)
        if m:
            flush()
            cur.append(m.group(1).strip())
            continue
        if s == "}" or s.endswith("->"):
            continue
        cur.append(s)
    flush()
    return [re.sub(r"\{\s*\}|\{\s*$", "", v).strip() for v in out if v]


def xpi_lines(pkgdir, pattern):
    lines = []
    for xpi in sorted(glob.glob(os.path.join(pkgdir, "usr/lib/**/*.xpi"), recursive=True)):
        with zipfile.ZipFile(xpi) as z:
            for name in sorted(z.namelist()):
                if re.match(pattern, name) and name.endswith(".ftl"):
                    lines.extend(ftl_values(z.read(name).decode("utf-8", "replace")))
    return lines


def mediawiki_lines(pkgdir, code):
    path = os.path.join(pkgdir, "usr/share/mediawiki/languages/i18n", code + ".json")
    if not os.path.exists(path):
        return []
    data = json.load(open(path, encoding="utf-8"))
    return [" ".join(v.split("\n")) for k, v in data.items() if k != "@metadata" and isinstance(v, str)]


def strip_html(s):
    s = re.sub(r"(?s)<(script|style|head|header|aside|noscript)\b.*?</\1>", "", s)
    s = re.sub(r"(?i)</?(p|h[1-6]|li|tr|div|br|table|td|th|ul|ol|pre)\b[^>]*>", "\n", s)
    s = re.sub(r"<[^>]+>", "", s)
    s = html.unescape(s)
    return [" ".join(x.split()) for x in s.split("\n")]


def lohelp_lines(pkgdir, lang):
    lines = []
    base = os.path.join(pkgdir, "usr/share/libreoffice/help", lang, "text")
    for path in sorted(glob.glob(os.path.join(base, "**/*.html"), recursive=True)):
        lines.extend(strip_html(open(path, encoding="utf-8", errors="replace").read()))
        lines.append("")
    return lines


def mallard_lines(pkgdir, locs, doc):
    """Returns the paragraphs of a Mallard help (credits and page info dropped), a line each."""
    lines = []
    for loc in locs:
        pages = sorted(glob.glob(os.path.join(pkgdir, "usr/share/help", loc, doc, "*.page")))
        for path in pages:
            s = open(path, encoding="utf-8", errors="replace").read()
            s = re.sub(r"(?s)<info\b.*?</info>|<!--.*?-->|<\?.*?\?>", "", s)
            s = re.sub(r"(?i)</?(p|title|desc|td|th|item|note|section|page|list|terms|tree|screen|"
                       r"steps|table|tr|example|synopsis|figure|media|code)\b[^>]*>", "\n", s)
            s = re.sub(r"<[^>]+>", "", s)
            s = html.unescape(s)
            lines.extend(" ".join(x.split()) for x in s.split("\n"))
            lines.append("")
        if pages:
            break
    return lines


def render_man(path):
    env = dict(os.environ, MANWIDTH="100", LANG="C.UTF-8", LC_ALL="C.UTF-8", MAN_KEEP_FORMATTING="",
               MANPAGER="cat", PAGER="cat", GROFF_NO_SGR="1")
    r = subprocess.run(["man", "--nj", "--nh", "-l", path], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    text = r.stdout.decode("utf-8", "replace")
    text = re.sub(r".\x08", "", text)
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    out = []
    for line in text.split("\n"):
        line = line.rstrip()
        out.append(line[7:] if line.startswith(" " * 7) else line)
    return "\n".join(out).strip("\n")


def man_texts(pkgdir, loc, ranges):
    """Returns the rendered pages, each a list of lines, mostly in the script."""
    texts = []
    for path in sorted(glob.glob(os.path.join(pkgdir, "usr/share/man", loc, "man*", "*"))):
        if os.path.islink(path):
            continue
        text = render_man(path)
        letters = [c for c in text if c.isalpha()]
        if not letters or sum(in_script(c, ranges) for c in letters) < 0.5 * len(letters):
            continue
        lines = [clean_line(x) for x in text.split("\n") if not EMAIL.search(x)]
        # collapse runs of blank lines
        kept = []
        for x in lines:
            if x.strip() or (kept and kept[-1].strip()):
                kept.append(x if x.strip() else "")
        texts.append(kept)
    random.Random(SEED).shuffle(texts)
    return texts


def debconf_lines(pkgdir, lang):
    path = os.path.join(pkgdir, "DEBIAN", "templates")
    if not os.path.exists(path):
        return []
    lines, on = [], False
    for raw in open(path, encoding="utf-8", errors="replace").read().split("\n"):
        m = re.match(r"^(Description|Choices)-([\w@]+)\.UTF-8:\s*(.*)$", raw)
        if m:
            on = m.group(2) == lang
            if on:
                if m.group(1) == "Choices":
                    lines.extend(x.strip() for x in m.group(3).split(","))
                else:
                    lines.append(m.group(3))
            continue
        if raw.startswith(" ") and on:
            if raw.strip() != ".":
                lines.append(raw.strip())
            continue
        on = False
    return lines


# ---------------------------------------------------------------- cutting


def cut(lines, rng):
    """Cuts lines into pieces of 1.5-24 KB (log-uniform targets); the tail joins the last piece."""
    pieces, cur, size = [], [], 0
    target = math.exp(rng.uniform(math.log(MIN_DOC), math.log(MAX_DOC)))
    for line in lines:
        n = len(line.encode("utf-8")) + 1
        if cur and size + n > MAX_DOC:
            pieces.append(cur)
            cur, size = [], 0
            target = math.exp(rng.uniform(math.log(MIN_DOC), math.log(MAX_DOC)))
        cur.append(line)
        size += n
        if size >= target:
            pieces.append(cur)
            cur, size = [], 0
            target = math.exp(rng.uniform(math.log(MIN_DOC), math.log(MAX_DOC)))
    if cur:
        tail = len("\n".join(cur).encode("utf-8"))
        if pieces and tail < MIN_DOC and len("\n".join(pieces[-1] + cur).encode("utf-8")) <= MAX_DOC:
            pieces[-1].extend(cur)
        else:
            pieces.append(cur)
    return ["\n".join(p).strip("\n") + "\n" for p in pieces]


def size(s):
    return len(s.encode("utf-8"))


def pick(pieces):
    """Picks pieces evenly spread over the stream, up to about SOURCE_TARGET bytes."""
    pieces = [p for p in pieces if MIN_DOC <= size(p) <= MAX_DOC]
    if sum(map(size, pieces)) <= SOURCE_MAX:
        return pieces
    order, chosen, total = [], set(), 0
    # visit indices in a van der Corput order, so that the choice is spread over the whole text
    n = len(pieces)
    k = 1
    while len(order) < n:
        bits, x, i = 0.0, 0.5, k
        while i:
            if i & 1:
                bits += x
            i >>= 1
            x /= 2
        j = int(bits * n)
        if j not in order:
            order.append(j)
        k += 1
        if k > 64 * n:
            order.extend(i for i in range(n) if i not in order)
    for j in order:
        if total >= SOURCE_TARGET:
            break
        if total + size(pieces[j]) > SOURCE_MAX:
            continue
        chosen.add(j)
        total += size(pieces[j])
    return [pieces[j] for j in sorted(chosen)]


def build_source(lang, slug, texts):
    """texts: list of line lists. Returns the documents of one source as [(name, text)]."""
    rng = random.Random(f"{SEED}:{lang}:{slug}")
    pieces = []
    for lines in texts:
        if lines:
            pieces.extend(cut(lines, rng))
    docs = pick(pieces)
    return [(f"{slug}.{i:02d}", d) for i, d in enumerate(docs)]


# ---------------------------------------------------------------- per language


def candidates(code, cache):
    """Yields (slug, description, texts) for the language, in order of preference."""
    name, script, man, lohelp, mw, ff, tb, locs = LANGS[code]
    ranges = SCRIPTS[script]
    if man:
        d = cache.unpack(f"manpages-{man}")
        if d:
            yield f"manpages-{man}", man_texts(d, man, ranges)
    if lohelp:
        d = cache.unpack(f"libreoffice-help-{lohelp}")
        if d:
            yield "libreoffice-help", [filter_lines(lohelp_lines(d, lohelp), ranges)]
    d = cache.unpack("gnome-user-docs")
    if d:
        yield "gnome-help", [filter_lines(mallard_lines(d, locs, "gnome-help"), ranges)]
    if mw:
        d = cache.unpack("mediawiki")
        if d:
            yield "mediawiki", [filter_lines(mediawiki_lines(d, mw), ranges)]
    if ff:
        d = cache.unpack(f"firefox-esr-l10n-{ff}")
        if d:
            yield "firefox-esr-l10n", [filter_lines(xpi_lines(d, r"^browser/localization/[^/]+/browser/"), ranges)]
    if tb:
        d = cache.unpack(f"thunderbird-l10n-{tb}")
        if d:
            yield "thunderbird-l10n", [filter_lines(
                xpi_lines(d, r"^localization/[^/]+/(messenger|calendar)/"), ranges)]
    if code == "lo":
        lines = []
        for pkg in ("keyboard-configuration", "console-setup"):
            d = cache.unpack(pkg)
            if d:
                lines.extend(debconf_lines(d, code))
        yield "console-setup", [filter_lines(lines, ranges)]
    for slug, pkg, domain in GETTEXT:
        d = cache.unpack(pkg)
        if not d:
            continue
        paths = []
        for loc in locs:
            paths.extend(sorted(glob.glob(os.path.join(
                d, "usr/share/locale", loc, "LC_MESSAGES", domain + ".mo"))))
        if paths:
            yield slug, [filter_lines(gettext_lines(paths[:1]), ranges)]


def build_language(code, cache, root):
    """Writes the language's folder: its first MAX_SOURCES sources of at least GOOD_SOURCE bytes,
    or, where fewer than MIN_SOURCES reach that, the smaller ones too (at least MIN_SOURCE_BYTES)."""
    out = os.path.join(root, f"prose-{code}")
    shutil.rmtree(out, ignore_errors=True)
    good, small = [], []
    for slug, texts in candidates(code, cache):
        if len(good) >= MAX_SOURCES:
            break
        docs = build_source(code, slug, texts)
        total = sum(size(t) for _, t in docs)
        if len(docs) < 2 or total < MIN_SOURCE_BYTES:
            continue
        (good if total >= GOOD_SOURCE else small).append((slug, docs, total))
    chosen = good + small[: max(0, MIN_SOURCES - len(good))]
    report = []
    for slug, docs, total in chosen:
        folder = os.path.join(out, slug)
        os.makedirs(folder, exist_ok=True)
        for name, text in docs:
            assert "\x00" not in text and "\r" not in text and MIN_DOC <= size(text) <= MAX_DOC
            with open(os.path.join(folder, name), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        report.append((slug, len(docs), total))
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", default="/tmp/prose-scripts-cache")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    root = os.path.join(os.getcwd(), "corpus")
    if not os.path.isdir(root):
        sys.exit("run from the repository root (no corpus/ folder here)")
    cache = Cache(args.cache)
    codes = [c for c in args.only.split(",") if c] or list(LANGS)
    grand = 0
    for code in codes:
        report = build_language(code, cache, root)
        total = sum(t for _, _, t in report)
        grand += total
        parts = ", ".join(f"{s} {n} docs {t / 1024:.1f} KB" for s, n, t in report)
        print(f"prose-{code}: {total / 1024:.1f} KB in {len(report)} sources: {parts}")
    print(f"total {grand / 1024:.1f} KB")


if __name__ == "__main__":
    main()
