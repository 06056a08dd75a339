"""Hungarian's definite article chosen by the word after it: "a" before a consonant sound, "az" before a
vowel sound ("a Falu", "az indián", "az 5. mező", "a 12. mező").

Translations write "a(z)" (or "A(z)" at a sentence's start) where the word is a placeholder; ``articles``
turns each into the right form once the sentence is filled in, so no reader ever sees "a(z)".

    >>> articles("a(z) {x}".format(x="Erő"))
    'az Erő'
    >>> articles("A(z) 12. mező, a(z) 5. mező, a(z) 'stop'")
    "A 12. mező, az 5. mező, a 'stop'"
"""

from __future__ import annotations

import re

__all__ = ["article", "articles"]

VOWELS = frozenset("aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ")
_MARKED = re.compile(r"\b([Aa])\(z\) (['\"«»„”]?)(\S*)")


def _number_starts_with_vowel(digits: str) -> bool:
    """Whether a number read in Hungarian starts with a vowel: egy (1), öt (5, 50, 500, 5000 ...),
    ezer (1000-1999); tíz, száz and the rest start with a consonant."""
    n = int(digits)
    if n == 1 or digits[0] == "5":
        return True
    return len(digits) == 4 and digits[0] == "1" or len(digits) == 7 and digits[0] == "1"  # ezer, egymillió


def article(word: str) -> str:
    """ "az" before ``word`` when it starts with a vowel sound (a number as it is read), else "a"."""
    head = word.lstrip("'\"«»„”(#")
    digits = re.match(r"\d+", head)
    if digits:
        return "az" if _number_starts_with_vowel(digits.group()) else "a"
    return "az" if head[:1] in VOWELS else "a"


def articles(text: str) -> str:
    """``text`` with each "a(z) WORD" written "a WORD" or "az WORD" (a capital kept)."""
    def fix(m: re.Match[str]) -> str:
        chosen = article(m.group(3))
        if m.group(1) == "A":
            chosen = chosen.capitalize()
        return f"{chosen} {m.group(2)}{m.group(3)}"
    return _MARKED.sub(fix, text) if "(z)" in text else text
