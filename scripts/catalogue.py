"""Extract the wording catalogue's template from the sources and update every language's ``.po`` file.

    python scripts/catalogue.py            # write messages.pot, update locale/<lang>/LC_MESSAGES/messages.po
    python scripts/catalogue.py --check    # exit 1 if messages.pot is not up to date with the sources

Messages are the English strings passed to ``t`` and ``tn`` (singular and plural) anywhere under
src/lewis_clark. Babel does the extraction; translators edit only the ``.po`` files.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src" / "lewis_clark"
LOCALE = SOURCES / "wording" / "locale"
TEMPLATE = LOCALE / "messages.pot"
KEYWORDS = {"t": None, "tn": (1, 2), "N_": None, "Nn_": (1, 2)}  # N_: messages Click fills in (wording/tools.py)
LANGUAGES = ("hu",)  # English is the source language: it needs no catalogue


def extract() -> Catalog:
    """Every message of the sources, in a fresh template."""
    catalog = Catalog(project="lewis-clark", version="0.1.0", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            SOURCES, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        catalog.add(message, None, [(str(Path("src/lewis_clark") / filename), lineno)], auto_comments=comments,
                    context=context)
    return catalog


def render(catalog: Catalog) -> bytes:
    """A catalogue as .po text, without dates or line numbers, so that it changes only when a message does."""
    out = io.BytesIO()
    write_po(out, catalog, width=120, no_location=True, omit_header=False, sort_output=True)
    return b"\n".join(line for line in out.getvalue().split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def ids(catalog: Catalog) -> set[object]:
    """The message ids of a catalogue (a plural message's id is its singular and plural pair)."""
    return {m.id for m in catalog if m.id}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that messages.pot is up to date")
    args = parser.parse_args(argv)
    template = extract()
    if args.check:
        with TEMPLATE.open("rb") as f:
            stored = read_po(f)
        if ids(stored) != ids(template):
            print("messages.pot is out of date: run python scripts/catalogue.py", file=sys.stderr)
            return 1
        return 0
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(render(template))
    for code in LANGUAGES:
        path = LOCALE / code / "LC_MESSAGES" / "messages.po"
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=code)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()  # messages gone from the sources leave the catalogue too
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, project="lewis-clark", version="0.1.0", charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
        path.write_bytes(render(catalog))
        done = sum(1 for m in catalog if m.id and m.string and (not isinstance(m.string, tuple) or all(m.string)))
        print(f"{code}: {done}/{len(catalog) - 1} messages translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
