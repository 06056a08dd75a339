"""The "How to play" page: the guide's sections (``wording.guide``) as one HTML page in the asked
language, with a small inline picture per section (no outside assets). Built once per language."""

from __future__ import annotations

from functools import cache
from html import escape

from lewis_clark.journal import SLOTS, fur_cost
from lewis_clark.wording import language, t
from lewis_clark.wording.guide import Section, guide_sections, guide_title

__all__ = ["guide_page"]

_WAVE = '<path d="M{x} {y} q5 -6 10 0 t10 0 t10 0" class="wave"/>'
_PEAK = '<path d="M{x} {y} l10 -18 l10 18 z" class="peak"/>'

# Pictures, drawn in a 240x80 box; only shapes (and the Journal's fur costs, from the data).
_PICTURES: dict[str, str] = {
    "goal": ('<path d="M14 60 C70 20 120 70 170 34 S220 30 228 22" class="route"/>'
             '<circle cx="14" cy="60" r="6" class="mark"/><path d="M228 22 v-18 l12 5 l-12 5" class="flag"/>'
             + _PEAK.format(x=120, y=52) + _PEAK.format(x=134, y=52)),
    "turn": ('<rect x="30" y="14" width="40" height="56" rx="5" class="card"/>'
             '<circle cx="170" cy="24" r="8" class="indian"/><path d="M158 66 l12 -32 l12 32 z" class="indian"/>'
             '<path d="M90 42 h40" class="dash"/>'),
    "strength": ('<rect x="86" y="22" width="40" height="52" rx="5" class="under"/>'
                 '<rect x="76" y="8" width="40" height="52" rx="5" class="card"/>'
                 '<circle cx="150" cy="30" r="6" class="pip"/><circle cx="166" cy="30" r="6" class="pip"/>'
                 '<circle cx="182" cy="30" r="6" class="pip"/>'),
    "camp": ('<path d="M10 60 H230" class="route"/><circle cx="190" cy="52" r="7" class="mark"/>'
             '<path d="M180 40 Q150 20 128 40" class="arrow"/><path d="M60 60 l14 -24 l14 24 z" class="tent"/>'
             '<path d="M92 50 H120" class="arrow"/>'),
    "boats": "".join(f'<path d="M{x} 46 h{w} l-6 16 h-{w - 12} z" class="boat"/>'
                     for x, w in ((6, 40), (52, 40), (98, 54), (158, 34), (198, 38))),
    "resources": "".join(f'<rect x="{30 + 48 * i}" y="26" width="32" height="32" rx="4" class="res r{i}"/>'
                         for i in range(4)),
    "moving": ("".join(_WAVE.format(x=10 + 34 * i, y=56) for i in range(3))
               + _PEAK.format(x=130, y=60) + _PEAK.format(x=150, y=60) + _PEAK.format(x=170, y=60)
               + '<circle cx="60" cy="38" r="7" class="mark"/><path d="M70 38 H110" class="arrow"/>'),
    "village": ('<circle cx="40" cy="40" r="14" class="spot"/><circle cx="80" cy="40" r="14" class="spot"/>'
                '<circle cx="120" cy="40" r="14" class="spot full"/>'
                '<path d="M160 54 a22 22 0 0 1 44 0 z" class="spot"/>'),
    "journal": "".join(f'<rect x="{12 + 46 * i}" y="8" width="36" height="48" rx="4" class="card"/>'
                       f'<text x="{30 + 46 * i}" y="74" class="cost">{fur_cost(i)}</text>' for i in range(SLOTS)),
    "solo": ('<path d="M10 60 H230" class="route"/><circle cx="120" cy="52" r="7" class="mark"/>'
             '<rect x="150" y="44" width="14" height="14" class="rival"/><path d="M228 60 v-24 l10 5 l-10 5" class="flag"/>'),
    "winning": ('<path d="M120 70 V14 l40 10 l-40 10" class="flag"/><path d="M88 70 l16 -28 l16 28 z" class="tent"/>'),
}


def _picture(key: str, title: str) -> str:
    shapes = _PICTURES.get(key)
    if not shapes:
        return ""
    return (f'<svg class="picture" viewBox="0 0 240 80" role="img" aria-label="{escape(title)}">{shapes}</svg>')


def _section(s: Section) -> str:
    paragraphs = "".join(f"<p>{escape(p)}</p>" for p in s.paragraphs)
    items = "<ul>" + "".join(f"<li>{escape(i)}</li>" for i in s.items) + "</ul>" if s.items else ""
    return f'<section id="{s.key}"><h2>{escape(s.title)}</h2>{_picture(s.key, s.title)}{paragraphs}{items}</section>'


@cache
def guide_page(lang: str) -> str:
    """The whole page in ``lang`` (a language the wording layer knows)."""
    with language(lang):
        sections = guide_sections()
        title = guide_title()
        toc = "".join(f'<li><a href="#{s.key}">{escape(s.title)}</a></li>' for s in sections)
        home = f"/?lang={lang}"
        return (
            f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n"
            '<link rel="stylesheet" href="/static/style.css">\n<link rel="stylesheet" href="/static/guide.css">\n'
            '<script type="module" src="/static/guide.js"></script>\n</head>\n'
            f'<body data-language-label="{escape(t("Language"))}">\n'
            f'<header><h1><a href="{home}">{escape(t("Lewis & Clark"))}</a></h1>'
            f'<span>{escape(t("How to play"))}</span></header>\n'
            f'<main class="guide">\n<h1>{escape(title)}</h1>\n<nav class="toc"><ol>{toc}</ol></nav>\n'
            + "\n".join(_section(s) for s in sections)
            + f'\n<p class="start"><a class="primary" href="{home}">{escape(t("New game"))}</a></p>\n'
            "</main>\n</body>\n</html>\n"
        )
