#!/usr/bin/env python3
"""Build the Latin-script prose part of the token-estimate corpus.

Writes `corpus/prose-<code>/<source>/<document>` for 26 languages written in the Latin
script with diacritics (de nl it pl sl id vi tr fr es pt ca cs sk hu ro sv da nb fi et lv lt
hr eu gl). Every source is a Debian bookworm package (pinned versions below):

* translated man pages (manpages-l10n: `manpages-de`, `manpages-fr`, ...; `manpages-tr`),
  rendered with `man -l` at 100 columns without justification or hyphenation, backspace
  overstrike removed (`col -bx`), the seven-space body indent removed, the header and footer
  lines and the last section (the translators' credits) dropped;
* translated Debian documentation in HTML (`installation-guide-amd64`, `debian-reference-*`,
  `maint-guide-*`, `debian-faq-*`, `aptitude-doc-*`) reduced to text, one paragraph a line,
  navigation and `<pre>` blocks dropped; the GNOME desktop help (`gnome-user-docs`, Mallard
  `.page` files) likewise, its `<info>` (credits) and `<screen>` blocks dropped;
* gettext catalogs (`.mo` files, parsed directly): every msgstr that is non-empty, differs from
  its msgid and has at least two words (first plural form only), one entry per line; the header
  entry is skipped and fuzzy entries are never in a `.mo` file.

Lines holding an e-mail address and lines that look English (untranslated leftovers: common
English function words make up a tenth of the words) are dropped everywhere, and a man page or
HTML chapter of which more than 4% of the lines look English is left out whole. Man pages of the
programs whose own catalogs are used (coreutils, util-linux, gnupg, tar, ...) are left out of
the man-page sources so that no two sources carry the same text.

Per language up to three prose sources (man pages first, then documentation) and catalogs
after them, five sources in all, each of about 180/n KB (at most 55 KB). Documents (man pages,
HTML chapters, help pages, catalog windows; pages under 1.5 KB are joined in the order drawn,
named `<first>+<count of the others>`) are cut at line boundaries into pieces of random length between
1.5 and 24 KB named `<name>.00`, `<name>.01`, ...; a text of that size or less stays whole.
Every random choice uses a fixed seed, so runs are deterministic.

Run from the repository root:

    python3 scripts/corpus/prose-latin.py            # all languages
    python3 scripts/corpus/prose-latin.py de nl      # some languages only

Needs `apt-get download` (Debian bookworm archive), `dpkg-deb`, `man` (man-db + groff) and
`col`. Downloads and extracts into $CORPUS_LATIN_WORK (default /tmp/corpus-latin). It removes
and rewrites only the folders `corpus/prose-<code>` of the languages above.
"""

import glob
import gzip
import html.parser
import os
import random
import re
import shutil
import struct
import subprocess
import sys

WORK = os.environ.get("CORPUS_LATIN_WORK", "/tmp/corpus-latin")
MIN_DOC = 1536
MAX_DOC = 24576
LANG_TOTAL = 180 * 1024
SRC_MAX = 55 * 1024
SRC_MIN = 15 * 1024
MAX_SOURCES = 5
MAX_PROSE = 3

LANGS = {
    "de": "German", "nl": "Dutch", "it": "Italian", "pl": "Polish", "sl": "Slovenian",
    "id": "Indonesian", "vi": "Vietnamese", "tr": "Turkish", "fr": "French", "es": "Spanish",
    "pt": "Portuguese", "ca": "Catalan", "cs": "Czech", "sk": "Slovak", "hu": "Hungarian",
    "ro": "Romanian", "sv": "Swedish", "da": "Danish", "nb": "Norwegian Bokmål",
    "fi": "Finnish", "et": "Estonian", "lv": "Latvian", "lt": "Lithuanian", "hr": "Croatian",
    "eu": "Basque", "gl": "Galician",
}

# Debian bookworm versions used; a version no longer in the archive falls back to the current one.
PINS = {
    "apt": "2.6.2", "aptitude": "0.8.13-5", "aptitude-common": "0.8.13-5",
    "aptitude-doc-cs": "0.8.13-5", "aptitude-doc-es": "0.8.13-5", "aptitude-doc-fi": "0.8.13-5",
    "aptitude-doc-fr": "0.8.13-5", "aptitude-doc-it": "0.8.13-5",
    "bsdextrautils": "2.38.1-5+deb12u3", "bsdutils": "1:2.38.1-5+deb12u3", "coreutils": "9.1-1",
    "debian-faq-de": "11.1", "debian-faq-fr": "11.1", "debian-faq-it": "11.1",
    "debian-reference-de": "2.100", "debian-reference-es": "2.100", "debian-reference-fr": "2.100",
    "debian-reference-it": "2.100", "debian-reference-pt": "2.100",
    "dirmngr": "2.2.40-1.1+deb12u2", "dpkg": "1.21.23", "eject": "2.38.1-5+deb12u3",
    "evolution-common": "3.46.4-2+deb12u1", "fdisk": "2.38.1-5+deb12u3", "findutils": "4.9.0-4",
    "gettext": "0.21-12", "gettext-base": "0.21-12",
    "gnome-control-center-data": "1:43.6-2~deb12u1", "gnome-software-common": "43.5-1~deb12u2",
    "gnupg-l10n": "2.2.40-1.1+deb12u2", "gnupg-utils": "2.2.40-1.1+deb12u2",
    "gpg": "2.2.40-1.1+deb12u2", "gpg-agent": "2.2.40-1.1+deb12u2",
    "gpgconf": "2.2.40-1.1+deb12u2", "gpgsm": "2.2.40-1.1+deb12u2", "gpgv": "2.2.40-1.1+deb12u2",
    "grep": "3.8-5", "installation-guide-amd64": "20230508+deb12u1",
    "libc-l10n": "2.36-9+deb12u14", "libglib2.0-bin": "2.74.6-2+deb12u9",
    "libglib2.0-data": "2.74.6-2+deb12u9", "libgtk-3-common": "3.24.38-2~deb12u3",
    "maint-guide-de": "1.2.53", "maint-guide-es": "1.2.53", "maint-guide-fr": "1.2.53",
    "maint-guide-it": "1.2.53",
    "manpages-cs": "4.18.1-1", "manpages-da": "4.18.1-1", "manpages-de": "4.18.1-1",
    "manpages-es": "4.18.1-1", "manpages-fi": "4.18.1-1", "manpages-fr": "4.18.1-1",
    "manpages-hu": "1:4.18.1-1", "manpages-id": "4.18.1-1", "manpages-it": "4.18.1-1",
    "manpages-nb": "4.18.1-1", "manpages-nl": "4.18.1-1", "manpages-pl": "1:4.18.1-1",
    "manpages-pt-br": "4.18.1-1", "manpages-ro": "4.18.1-1", "manpages-sv": "4.18.1-1",
    "manpages-tr": "2.0.6-2", "manpages-vi": "4.18.1-1",
    "mount": "2.38.1-5+deb12u3", "nautilus-data": "43.2-1", "rfkill": "2.38.1-5+deb12u3",
    "sed": "4.9-1+deb12u1", "tar": "1.34+dfsg-1.2+deb12u1", "util-linux": "2.38.1-5+deb12u3",
    "util-linux-extra": "2.38.1-5+deb12u3", "util-linux-locales": "2.38.1-5+deb12u3",
    "uuid-runtime": "2.38.1-5+deb12u3", "wget": "1.21.3-1+deb12u1",
}

# Packages whose English man pages name the programs of the catalogs below; their page names
# are excluded from the translated man-page sources.
PROGRAM_PKGS = [
    "coreutils", "util-linux", "util-linux-extra", "mount", "fdisk", "bsdutils", "bsdextrautils",
    "eject", "uuid-runtime", "rfkill", "gpg", "gpg-agent", "gpgsm", "gpgconf", "dirmngr", "gpgv",
    "gnupg-utils", "tar", "gettext", "gettext-base", "dpkg", "wget", "grep", "sed", "findutils",
    "aptitude", "libglib2.0-bin", "apt",
]

MANPAGES = {
    "de": "manpages-de", "fr": "manpages-fr", "es": "manpages-es", "it": "manpages-it",
    "nl": "manpages-nl", "pl": "manpages-pl", "pt": "manpages-pt-br", "ro": "manpages-ro",
    "cs": "manpages-cs", "da": "manpages-da", "fi": "manpages-fi", "hu": "manpages-hu",
    "id": "manpages-id", "sv": "manpages-sv", "vi": "manpages-vi", "nb": "manpages-nb",
    "tr": "manpages-tr",
}
MAN_DIR = {"pt": "pt_BR"}

INSTALL_GUIDE_LANGS = "ca cs da de es fr id it nl pt ro sv vi".split()
GNOME_HELP_LANGS = "de nl it pl sl id vi tr fr es pt ca cs hu ro sv da fi lv lt hr gl".split()

# (slug, package pattern, glob of HTML files inside the package, languages)
DOCS = [
    ("installation-guide", "installation-guide-amd64",
     "usr/share/doc/installation-guide-amd64/{lang}/*.html", INSTALL_GUIDE_LANGS),
    ("debian-reference", "debian-reference-{lang}",
     "usr/share/debian-reference/*.{lang}.html", "de fr it pt es".split()),
    ("aptitude-doc", "aptitude-doc-{lang}",
     "usr/share/doc/aptitude/html/{lang}/*.html", "cs fr es it fi".split()),
    ("gnome-help", "gnome-user-docs",
     "usr/share/help/{lang}/gnome-help/*.page", GNOME_HELP_LANGS),
    ("maint-guide", "maint-guide-{lang}",
     "usr/share/doc/maint-guide-{lang}/html/*.{lang}.html", "de fr it es".split()),
    ("debian-faq", "debian-faq-{lang}",
     "usr/share/doc/debian/FAQ/{lang}/*.{lang}.html", "de fr it".split()),
]

# (slug = text domain, package), in order of preference (help texts and sentences first).
CATALOGS = [
    ("coreutils", "coreutils"),
    ("util-linux", "util-linux-locales"),
    ("gnupg2", "gnupg-l10n"),
    ("evolution", "evolution-common"),
    ("glib20", "libglib2.0-data"),
    ("gtk30-properties", "libgtk-3-common"),
    ("gettext-tools", "gettext"),
    ("dpkg", "dpkg"),
    ("libc", "libc-l10n"),
    ("gnome-control-center-2.0", "gnome-control-center-data"),
    ("nautilus", "nautilus-data"),
    ("gnome-software", "gnome-software-common"),
    ("aptitude", "aptitude-common"),
    ("wget", "wget"),
    ("tar", "tar"),
]
CATALOG_SLUG = {"gnome-control-center-2.0": "gnome-control-center"}
# Locale directories tried for a language, in order.
LOCALE_DIRS = {"pt": ["pt", "pt_BR"], "nb": ["nb", "nb_NO", "no"]}


def log(*a):
    print(*a, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- packages

def pkg_dir(pkg):
    """Download (pinned) and extract a package; return its extraction folder."""
    dest = os.path.join(WORK, "x", pkg)
    if os.path.isdir(dest):
        return dest
    debs = os.path.join(WORK, "debs")
    os.makedirs(debs, exist_ok=True)
    found = glob.glob(os.path.join(debs, pkg + "_*.deb"))
    if not found:
        spec = pkg + "=" + PINS[pkg] if pkg in PINS else pkg
        r = subprocess.run(["apt-get", "download", spec], cwd=debs,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if r.returncode != 0:
            log("pinned version unavailable, taking current:", spec)
            subprocess.run(["apt-get", "download", pkg], cwd=debs, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        found = glob.glob(os.path.join(debs, pkg + "_*.deb"))
    tmp = dest + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    subprocess.run(["dpkg-deb", "-x", sorted(found)[-1], tmp], check=True)
    os.rename(tmp, dest)
    return dest


# ---------------------------------------------------------------- text filters

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
EN_WORDS = set("the and that with this you your which from should have been were there when "
               "into these their would must other than please about because where what does "
               "only".split())
WORD = re.compile(r"[^\W\d_]+")


def is_english(line):
    words = WORD.findall(line.lower())
    if not words:
        return False
    hits = sum(1 for w in words if w in EN_WORDS)
    return (hits >= 1 and hits * 10 >= len(words)) or (hits >= 2 and hits * 25 >= len(words))


def english_share(lines):
    """Share of the lines (of three words or more) that look English."""
    n = hits = 0
    for line in lines:
        if len(line.split()) >= 3:
            n += 1
            hits += is_english(line)
    return hits / n if n >= 3 else 0.0


def clean_lines(lines):
    """Drop e-mail and English lines, trailing blanks and runs of blank lines."""
    out = []
    for line in lines:
        line = line.rstrip().replace("\r", "").replace("\0", "")
        if EMAIL.search(line) or is_english(line):
            continue
        if not line.strip():
            if out and out[-1] == "":
                continue
            line = ""
        out.append(line)
    while out and out[0] == "":
        out.pop(0)
    while out and out[-1] == "":
        out.pop()
    return out


def nbytes(s):
    return len(s.encode("utf-8"))


def split_doc(lines, rng):
    """Cut lines into pieces of random length in [MIN_DOC, MAX_DOC] bytes (line boundaries)."""
    total = sum(nbytes(l) + 1 for l in lines)
    if total <= MAX_DOC:
        return [lines] if total >= MIN_DOC else []
    pieces, cur, size = [], [], 0
    target = rng.randint(MIN_DOC, MAX_DOC)
    for line in lines:
        b = nbytes(line) + 1
        if cur and size >= MIN_DOC and size + b > target:
            pieces.append((cur, size))
            cur, size = [], 0
            target = rng.randint(MIN_DOC, MAX_DOC)
        cur.append(line)
        size += b
    if cur:
        if size < MIN_DOC and pieces and pieces[-1][1] + size <= MAX_DOC:
            prev, psize = pieces.pop()
            cur, size = prev + cur, psize + size
        pieces.append((cur, size))
    return [p for p, s in pieces if MIN_DOC <= s <= MAX_DOC]


def halve(lines):
    """Cut one piece in two at the line boundary nearest its middle."""
    total = sum(nbytes(l) + 1 for l in lines)
    acc = 0
    for i, line in enumerate(lines):
        acc += nbytes(line) + 1
        if acc * 2 >= total:
            a, b = lines[:i + 1], lines[i + 1:]
            if b and acc >= MIN_DOC and total - acc >= MIN_DOC:
                return [a, b]
            return None
    return None


# ---------------------------------------------------------------- man pages

_EXCL = None


def excluded_man_names():
    global _EXCL
    if _EXCL is not None:
        return _EXCL
    names = set()
    for pkg in PROGRAM_PKGS:
        for p in glob.glob(os.path.join(pkg_dir(pkg), "usr/share/man/man*/*.gz")):
            names.add(os.path.basename(p)[:-3])
    _EXCL = names
    return names


def render_man(path):
    env = dict(os.environ, MANWIDTH="100", LC_ALL="C.UTF-8", LANG="C.UTF-8", MAN_KEEP_FORMATTING="")
    env.pop("MANPAGER", None)
    env.pop("PAGER", None)
    r = subprocess.run(["man", "--no-hyphenation", "--no-justification", "-E", "UTF-8", "-l", path],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    c = subprocess.run(["col", "-bx"], input=r.stdout, env=env, stdout=subprocess.PIPE)
    text = c.stdout.decode("utf-8", "replace")
    lines = [l.rstrip() for l in text.split("\n")]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < 3:
        return []
    lines = lines[1:-1]  # header and footer
    heads = [i for i, l in enumerate(lines) if l and not l[0].isspace()]
    if len(heads) >= 3:
        lines = lines[:heads[-1]]  # last section: translation credits
    out = []
    for l in lines:
        out.append(l[7:] if l.startswith("       ") else l)
    return out


# Character-set tables (iso_8859-1(7), koi8-r(7), ...) are lists, not prose.
CHARSET_PAGE = re.compile(r"(iso[-_]?8859|koi8|cp125|armscii|ascii|latin\d|charsets|utf-?8)", re.I)


def man_docs(lang):
    pkg = MANPAGES[lang]
    root = pkg_dir(pkg)
    sub = MAN_DIR.get(lang, lang)
    excl = excluded_man_names()
    pages = sorted(glob.glob(os.path.join(root, "usr/share/man", sub, "man*", "*.gz")))
    pages = [p for p in pages if os.path.basename(p)[:-3] not in excl
             and not CHARSET_PAGE.match(os.path.basename(p))
             and not os.path.islink(p) and os.path.getsize(p) > 600]
    random.Random("man/" + lang).shuffle(pages)
    for p in pages:
        name = os.path.basename(p)[:-3]
        with gzip.open(p, "rb") as f:
            head = f.read(200)
        if head.startswith(b".so "):
            continue
        yield name, render_man(p)


# ---------------------------------------------------------------- HTML

BLOCK = set("p div h1 h2 h3 h4 h5 h6 li dt dd tr table ul ol dl br title blockquote "
            "caption th td section article hr".split())


class HtmlText(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines, self.buf = [], []
        self.skip_tag, self.skip_depth = None, 0

    def flush(self):
        t = " ".join("".join(self.buf).split())
        if t:
            self.lines.append(t)
        self.buf = []

    def handle_starttag(self, tag, attrs):
        if self.skip_tag:
            if tag == self.skip_tag:
                self.skip_depth += 1
            return
        cls = dict(attrs).get("class") or ""
        if tag in ("head", "script", "style", "pre") or \
                (tag == "div" and re.search(r"nav(header|footer)|toc\b|list-of", cls)):
            self.flush()
            self.skip_tag, self.skip_depth = tag, 1
            return
        if tag in BLOCK:
            self.flush()

    def handle_endtag(self, tag):
        if self.skip_tag:
            if tag == self.skip_tag:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skip_tag = None
            return
        if tag in BLOCK:
            self.flush()

    def handle_data(self, data):
        if not self.skip_tag:
            self.buf.append(data)


class MallardText(HtmlText):
    """Text of a Mallard help page (.page): one block a line, <info> and <screen> dropped."""
    INLINE = set("gui guiseq key keyseq link em app file sys code cmd input output var span "
                 "media hi string".split())

    def handle_starttag(self, tag, attrs):
        if self.skip_tag:
            if tag == self.skip_tag:
                self.skip_depth += 1
            return
        if tag in ("info", "screen", "comment"):
            self.flush()
            self.skip_tag, self.skip_depth = tag, 1
            return
        if tag not in self.INLINE:
            self.flush()

    def handle_endtag(self, tag):
        if self.skip_tag:
            if tag == self.skip_tag:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skip_tag = None
            return
        if tag not in self.INLINE:
            self.flush()


def html_docs(pattern, lang):
    files = sorted(f for f in glob.glob(pattern)
                   if not os.path.basename(f).startswith(("index", "toc")))
    random.Random("html/" + pattern).shuffle(files)
    for f in files:
        p = MallardText() if f.endswith(".page") else HtmlText()
        with open(f, "rb") as fh:
            raw = fh.read()
        m = re.search(rb'charset=["\']?([\w-]+)', raw[:2000])
        enc = m.group(1).decode() if m else "utf-8"
        try:
            p.feed(raw.decode(enc, "replace"))
        except LookupError:
            p.feed(raw.decode("utf-8", "replace"))
        p.close()
        p.flush()
        name = re.sub(r"\.(html|page)$", "", os.path.basename(f))
        name = re.sub(r"\." + re.escape(lang) + r"$", "", name)
        yield name, p.lines


# ---------------------------------------------------------------- gettext catalogs

def read_mo(path):
    with open(path, "rb") as f:
        d = f.read()
    e = "<" if struct.unpack("<I", d[:4])[0] == 0x950412de else ">"
    _, n, oo, to = struct.unpack(e + "4I", d[4:20])
    for i in range(n):
        l1, a1 = struct.unpack(e + "2I", d[oo + 8 * i:oo + 8 * i + 8])
        l2, a2 = struct.unpack(e + "2I", d[to + 8 * i:to + 8 * i + 8])
        yield d[a1:a1 + l1], d[a2:a2 + l2]


def find_mo(pkg, domain, lang):
    root = pkg_dir(pkg)
    for loc in LOCALE_DIRS.get(lang, [lang]):
        p = os.path.join(root, "usr/share/locale", loc, "LC_MESSAGES", domain + ".mo")
        if os.path.exists(p):
            return p
    return None


def catalog_lines(pkg, domain, lang):
    p = find_mo(pkg, domain, lang)
    if not p:
        return []
    seen, out = set(), []
    for mid, mstr in read_mo(p):
        if not mid:
            continue  # header entry
        mid = mid.split(b"\x04")[-1].split(b"\0")[0].decode("utf-8", "replace")
        s = mstr.split(b"\0")[0].decode("utf-8", "replace").replace("\r", "")
        if not s.strip() or s == mid or len(s.split()) < 2 or s in seen:
            continue
        seen.add(s)
        ls = clean_lines(s.split("\n"))
        if ls:
            out.append("\n".join(ls))
    return out


def catalog_window(entries, budget, rng):
    """Entries from a random start (wrapping) until the budget; as lines."""
    if not entries:
        return []
    start = rng.randrange(len(entries))
    out, size = [], 0
    for k in range(len(entries)):
        e = entries[(start + k) % len(entries)]
        b = nbytes(e) + 1
        if size + b > budget:
            if size >= budget * 0.9:
                break
            continue
        out.append(e)
        size += b
    return "\n".join(out).split("\n")


# ---------------------------------------------------------------- assembling

def collect(docs, budget, rng):
    """Pieces from (name, lines) documents until the budget; [(filename, lines)]."""
    chosen, size = [], 0
    pool, pool_count, pool_name = [], 0, None
    for name, lines in docs:
        if english_share(lines) > 0.04:
            continue  # a partly untranslated page or chapter
        lines = clean_lines(lines)
        b = sum(nbytes(l) + 1 for l in lines)
        if 0 < b < MIN_DOC:
            # short pages are gathered into one document, a blank line between them
            if not pool:
                pool_name = name
            pool.extend(([""] if pool else []) + lines)
            pool_count += 1
            if sum(nbytes(l) + 1 for l in pool) < MIN_DOC:
                continue
            name, lines = "%s+%d" % (pool_name, pool_count - 1), pool
            pool, pool_count = [], 0
        pieces = split_doc(lines, rng)
        for i, piece in enumerate(pieces):
            b = sum(nbytes(l) + 1 for l in piece)
            if size + b > budget * 1.2 and size >= budget * 0.5:
                continue
            fname = name if len(pieces) == 1 else "%s.%02d" % (name, i)
            chosen.append((fname, piece))
            size += b
            if size >= budget:
                return chosen
    return chosen


def finish(chosen):
    if len(chosen) == 1:
        name, lines = chosen[0]
        h = halve(lines)
        if h:
            base = name.rsplit(".", 1)[0] if re.search(r"\.\d\d$", name) else name
            chosen = [(base + ".00", h[0]), (base + ".01", h[1])]
    return chosen


def size_of(chosen):
    return sum(sum(nbytes(l) + 1 for l in piece) for _, piece in chosen)


def prose_candidates(lang):
    c = []
    if lang in MANPAGES:
        c.append((MANPAGES[lang], lambda: man_docs(lang)))
    for slug, pkgpat, globpat, langs in DOCS:
        if lang in langs:
            pkg = pkgpat.format(lang=lang)
            def gen(pkg=pkg, globpat=globpat):
                pattern = os.path.join(pkg_dir(pkg), globpat.format(lang=lang))
                return html_docs(pattern, lang)
            c.append((slug, gen))
    return c


def build_lang(lang):
    sources = []
    budget = min(SRC_MAX, LANG_TOTAL // MAX_SOURCES)
    for slug, gen in prose_candidates(lang):
        if len(sources) >= MAX_PROSE:
            break
        chosen = finish(collect(gen(), budget, random.Random("%s/%s" % (lang, slug))))
        if size_of(chosen) >= SRC_MIN and len(chosen) >= 2:
            sources.append((slug, chosen))
        else:
            log(lang, slug, "too small:", size_of(chosen))
    cats = []
    for domain, pkg in CATALOGS:
        if len(sources) + len(cats) >= MAX_SOURCES:
            break
        entries = catalog_lines(pkg, domain, lang)
        if sum(nbytes(e) + 1 for e in entries) >= SRC_MIN * 1.4:
            cats.append((CATALOG_SLUG.get(domain, domain), entries))
    n = len(sources) + len(cats)
    budget = min(SRC_MAX, LANG_TOTAL // max(n, 1))
    for slug, entries in cats:
        rng = random.Random("%s/%s" % (lang, slug))
        lines = catalog_window(entries, budget, rng)
        chosen = finish(collect([(slug, lines)], budget, rng))
        if size_of(chosen) >= SRC_MIN and len(chosen) >= 2:
            sources.append((slug, chosen))
    return sources


def write_lang(lang, sources):
    root = os.path.join("corpus", "prose-" + lang)
    shutil.rmtree(root, ignore_errors=True)
    for slug, chosen in sources:
        d = os.path.join(root, slug)
        os.makedirs(d, exist_ok=True)
        for fname, lines in chosen:
            fname = re.sub(r"[^A-Za-z0-9._+-]", "_", fname)
            with open(os.path.join(d, fname), "w", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(lines) + "\n")


def main():
    if not os.path.isdir("corpus"):
        sys.exit("run from the repository root")
    langs = sys.argv[1:] or list(LANGS)
    for lang in langs:
        if lang not in LANGS:
            sys.exit("unknown language " + lang)
    for lang in langs:
        sources = build_lang(lang)
        write_lang(lang, sources)
        total = sum(size_of(c) for _, c in sources)
        log("prose-%s: %d KB; %s" % (lang, total // 1024, ", ".join(
            "%s %d KB/%d docs" % (s, size_of(c) // 1024, len(c)) for s, c in sources)))


if __name__ == "__main__":
    main()
