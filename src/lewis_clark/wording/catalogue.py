"""The translation catalogue: ``t`` and ``tn`` look our English source strings up in the active language.

Catalogues are gettext ``.po`` files shipped with the package (``locale/<lang>/LC_MESSAGES/messages.po``),
read with Babel when first needed and turned into a stdlib ``GNUTranslations`` so that plural forms
work; ``scripts/catalogue.py`` extracts ``messages.pot`` from the sources and updates the ``.po`` files.
The active language lives in a ``ContextVar``: a web server may answer several languages at once.
A message with no translation (or an unknown language) falls back to the English source.

The pseudo-locale ``qps`` (``PSEUDO``) is made from the template, never translated: each message's letters
become look-alikes with accents and it is wrapped in « », its ``{placeholders}`` kept, e.g. "«Ṗŀȧẏ {card}»".
A page or a screen shown in it holds plain ASCII words only where something did not come through the
catalogue (card names aside, which are proper names): that is how the sweeps find English that leaks.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from pathlib import Path

from lewis_clark.wording.articles import articles

LANGUAGES: tuple[str, ...] = ("en", "hu")
SOURCE = "en"  # the language the source strings are written in
PSEUDO = "qps"  # the pseudo-locale (after Windows' qps-ploc): asked for by code, never offered to people
KNOWN: tuple[str, ...] = (*LANGUAGES, PSEUDO)  # the codes a ``?lang=`` may ask for
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"

# The environment variable that chooses the language of every command (``--language`` overrides it).
LANGUAGE_VARIABLE = "LEWIS_CLARK_LANGUAGE"

_ACTIVE: ContextVar[str] = ContextVar("lewis_clark_language", default=SOURCE)
_LOADED: dict[str, gettext.NullTranslations] = {}


def catalogue_path(code: str) -> Path:
    """Where the ``.po`` file of ``code`` lives."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


# The pseudo-locale's letters: each ASCII letter has a look-alike with an accent, so none stays ASCII.
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MARKED = "ȧƀċḋḗƒġħīĵķŀḿƞǿƥɋřşŧūṽẇẋẏẑȦƁĊḊḖƑĠĦĪĴĶĿḾȠǾƤɊŘŞŦŪṼẆẊẎẐ"
_LOOK_ALIKE = str.maketrans(_PLAIN, _MARKED)
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` as the pseudo-locale has it: letters marked, placeholders kept, wrapped in « ».

    >>> pseudo("Play {card} at Strength {n}")
    '«Ƥŀȧẏ {card} ȧŧ Şŧřḗƞġŧħ {n}»'
    """
    parts = _PLACEHOLDER.split(message)
    return "«" + "".join(p if i % 2 else p.translate(_LOOK_ALIKE) for i, p in enumerate(parts)) + "»"


def unmarked(text: str) -> list[str]:
    """The words of ``text`` (two letters or more) that the pseudo-locale did not make: plain ASCII ones.

    >>> unmarked("«Ƥŀȧẏ» York (#3) «ȧŧ» Strength 2")
    ['York', 'Strength']
    """
    return re.findall(r"(?<![^\W\d_])[A-Za-z]{2,}(?![^\W\d_])", text)


def _pseudo_catalogue() -> gettext.NullTranslations:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    catalog = Catalog(locale="en", domain=DOMAIN)
    for m in template:
        if m.id:
            forms = tuple(pseudo(form) for form in m.id) if isinstance(m.id, tuple | list) else pseudo(m.id)
            catalog.add(m.id, forms, flags=m.flags - {"fuzzy"})
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _load(code: str) -> gettext.NullTranslations:
    if code == PSEUDO:
        return _pseudo_catalogue()
    path = catalogue_path(code)
    if code == SOURCE or not path.exists():
        return gettext.NullTranslations()
    # Babel is imported only when a translated language is first used: English needs nothing.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)  # fuzzy and empty entries are left out: they fall back to English
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code``, read once and cached."""
    if code not in _LOADED:
        _LOADED[code] = _load(code)
    return _LOADED[code]


def install(code: str, catalogue: gettext.NullTranslations) -> None:
    """Use ``catalogue`` for language ``code`` from now on (tests install pseudo-locales this way)."""
    _LOADED[code] = catalogue


def system_language() -> str:
    """The language the environment asks for: ``LEWIS_CLARK_LANGUAGE`` ("hu"), else the system's locale
    (LC_ALL, LC_MESSAGES, LANG, e.g. "hu_HU.UTF-8"), if we have it; else English."""
    for name in (LANGUAGE_VARIABLE, "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else SOURCE
    return SOURCE


def current_language() -> str:
    """The language of this context."""
    return _ACTIVE.get()


def use_language(code: str) -> Token[str]:
    """Make ``code`` the language of this context; the token restores the previous one."""
    return _ACTIVE.set(code)


@contextmanager
def language(code: str) -> Iterator[None]:
    """Words in ``code`` inside the ``with`` block."""
    token = _ACTIVE.set(code)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


# What a language does to a sentence once it is filled in: Hungarian chooses "a" or "az" by the word.
FINISH: dict[str, Callable[[str], str]] = {"hu": articles}


def t(message: str, /, **values: object) -> str:
    """``message`` in the active language, its ``{name}`` placeholders filled from ``values``."""
    code = _ACTIVE.get()
    text = translations(code).gettext(message)
    text = text.format(**values) if values else text
    finish = FINISH.get(code)
    return finish(text) if finish else text


def gettext_of(message: str) -> str:
    """``message`` in the active language, unformatted: for a library that fills it in itself (Click)."""
    return translations(_ACTIVE.get()).gettext(message)


def ngettext_of(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the active language, unformatted (Click's ``ngettext``)."""
    return translations(_ACTIVE.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message that another library translates and fills in (``gettext_of``): extracted into the
    catalogue like ``t``, returned as it is."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """``N_`` for a message with a plural form."""
    return singular, plural


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The singular or plural form for ``n`` in the active language; ``{n}`` is available to the format."""
    code = _ACTIVE.get()
    text = translations(code).ngettext(singular, plural, n).format(n=n, **values)
    finish = FINISH.get(code)
    return finish(text) if finish else text
