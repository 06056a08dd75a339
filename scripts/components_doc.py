"""Write docs/components.md from the engine's own data, so the page cannot drift from the code.

    python scripts/components_doc.py          # rewrite docs/components.md
    python scripts/components_doc.py --check  # exit 1 if the page differs from the data

Every number on the page is read from the module that holds it (cards.py, route.py, expedition.py,
village.py, journal.py, queries.py, setup.py); the page says which, and which numbers the sources
confirm and which the project assumes (from /work/shared/rules/components.md).
tests/project/test_components_doc.py checks that the committed page equals ``render()``.
"""

from __future__ import annotations

import sys
from itertools import groupby
from pathlib import Path

from lewis_clark.cards import CARDS, COLOURS, ENCOUNTERED_IDS, FIRST_STARTING_ID, ONCE_ONLY, PERMANENT, ROLES
from lewis_clark.expedition import (
    BASE_RESOURCE_CAPACITY,
    LARGE_INDIAN_CAPACITY,
    LARGE_RESOURCE_CAPACITY,
    SMALL_RESOURCE_CAPACITY,
    TILE_FACES,
    TILE_STACK,
    TILES_PER_STACK,
    indian_time,
    resource_time,
)
from lewis_clark.journal import SLOTS, fur_cost
from lewis_clark.queries import BOLEY_DISCOUNT, GRAVELINES_DISCOUNT, recruit_equipment
from lewis_clark.resources import KINDS, PRIMARY
from lewis_clark.route import MOUNTAIN, MOUNTAIN_RIVER, PRINTED, PRINTED_FORT_CLATSOP, PRINTED_ST_LOUIS, RIVER
from lewis_clark.setup import RANDOM_START_POOL, STARTING_RESOURCES
from lewis_clark.village import INDIANS_BY_PLAYERS, PLACES, UNLIMITED

PAGE = Path(__file__).resolve().parent.parent / "docs" / "components.md"

# What the sources leave unconfirmed (components.md): everything else on the page is confirmed.
CONFIRMED_SOLO_BADGES = {"hunting", "shamanism"}
PACIFIC_NOTE = "assumed count (two fan boards and a photo; medium confidence)"

TERRAIN_NAMES = {RIVER: "River", MOUNTAIN: "Mountain", MOUNTAIN_RIVER: "Mountain-River"}


def badge(kind: int) -> str:
    """A resource index as a capitalised name."""
    return KINDS[kind].capitalize()


def table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table."""
    return ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)] + ["| " + " | ".join(r) + " |" for r in rows]


def starting_section() -> list[str]:
    cards = list(CARDS[FIRST_STARTING_ID:])
    rows = []
    for role in ROLES:
        crew = [c for c in cards if c.role == role]
        first = crew[0]
        assert all((c.strength, c.badge) == (first.strength, first.badge) for c in crew), role
        names = [next(c.name for c in crew if c.colour == colour) for colour in COLOURS]
        rows.append([role.replace("-", " ").capitalize(), str(first.strength), badge(first.badge), *names])
    return [
        "## Starting Characters (confirmed)",
        "",
        f"Six per colour, the same roles in every crew. Data: `cards.py` `_ROLE_DATA` (Strength, badge, action)"
        f" and `_CREWS` (names); ids {FIRST_STARTING_ID}-{len(CARDS) - 1}, six per colour in `ROLES` order.",
        "",
        *table(["Role", "Strength", "Badge", *(c.capitalize() for c in COLOURS)], rows),
    ]


def encountered_section() -> list[str]:
    cards = [CARDS[i] for i in ENCOUNTERED_IDS]
    totals = ", ".join(f"{badge(r)} {sum(1 for c in cards if c.badge == r)}" for r in PRIMARY)
    rows = []
    for c in cards:
        notes = "permanent" if c.id in PERMANENT else "once only" if c.id in ONCE_ONLY else ""
        rows.append([str(c.number), c.name, str(c.strength), badge(c.badge), notes])
    strengths = "; ".join(
        f"#{group[0].number}-{group[-1].number}: {s}"
        for s, group in ((s, list(g)) for s, g in groupby(cards, key=lambda c: c.strength))
    )
    return [
        "## Encountered Characters (confirmed)",
        "",
        f"{len(cards)} cards; id = printed number. Data: `cards.py` `_ENCOUNTERED` (number, name, badge, action);"
        " Strength is derived from the number in `_build` "
        f"({strengths}); `PERMANENT` and `ONCE_ONLY` mark the cards noted below. Badge totals: {totals}"
        " (checked on import by `cards._validate`).",
        "",
        "Permanent cards work while face-up in their owner's area and cannot be copied (R15, R16, R19, R22);"
        " once-only cards gain nothing from Strength above 1.",
        "",
        *table(["#", "Name", "Strength", "Badge", "Note"], rows),
    ]


def route_section() -> list[str]:
    rows = []
    index = 0
    for terrain, run in groupby(PRINTED):
        n = len(list(run))
        spans = [(index, index + n - 1)]
        # St Louis and Fort Clatsop get their own rows inside the river runs.
        for special in (PRINTED_ST_LOUIS, PRINTED_FORT_CLATSOP):
            spans = [part for lo, hi in spans for part in _split(lo, hi, special)]
        for lo, hi in spans:
            rows.append([f"{lo}" if lo == hi else f"{lo}-{hi}", str(hi - lo + 1), TERRAIN_NAMES[terrain], _what(lo, hi)])
        index += n
    return [
        "## The Route",
        "",
        "Data: `route.py` `PRINTED` (terrains by index), `PRINTED_ST_LOUIS`, `PRINTED_FORT_CLATSOP`. Any other"
        " route can be given as data (`Route`, R25). Confirmed except the number of spaces beyond Fort Clatsop.",
        "",
        *table(["Index", "Spaces", "Terrain", "What"], rows),
        "",
        f"Fort Clatsop is {PRINTED_FORT_CLATSOP - PRINTED_ST_LOUIS} spaces beyond St Louis; index 0 and St Louis"
        " are the only spaces Scouts may share (`Route.shared`).",
    ]


def _split(lo: int, hi: int, at: int) -> list[tuple[int, int]]:
    if not lo <= at <= hi:
        return [(lo, hi)]
    return [(a, b) for a, b in ((lo, at - 1), (at, at), (at + 1, hi)) if a <= b]


def _what(lo: int, hi: int) -> str:
    if lo == hi == PRINTED_ST_LOUIS:
        return "St Louis: the start"
    if lo == hi == PRINTED_FORT_CLATSOP:
        return "Fort Clatsop: a Camp here or beyond ends the game (R23)"
    if hi < PRINTED_ST_LOUIS:
        return "below St Louis; index 0 is the first river space"
    if lo > PRINTED_FORT_CLATSOP:
        return f"beyond Fort Clatsop: {PACIFIC_NOTE}"
    return ""


def boats_section() -> list[str]:
    no_tiles = (0, 0)
    # Time of each boat read from the engine's Time functions: boat 1 fills first for free, then the
    # cheapest arrangement (R6).
    boat2 = resource_time(6, *no_tiles)
    boat3 = resource_time(BASE_RESOURCE_CAPACITY, *no_tiles) - boat2
    rows = [
        ["1", "resources", "3", str(resource_time(3, *no_tiles)), "setup: " + ", ".join(badge(r) for r in STARTING_RESOURCES)],
        ["2", "resources", "3", f"{boat2} if it holds any", ""],
        ["3", "resources", str(BASE_RESOURCE_CAPACITY - 6), f"1 per resource (up to {boat3})", ""],
        ["4", "Indians", "1", str(indian_time(1, 0, 0)), "setup: the starting Indian"],
        ["5", "Indians", "unlimited", "1 per Indian", ""],
    ]
    faces = [
        ["small resource", str(SMALL_RESOURCE_CAPACITY), str(resource_time(3 + SMALL_RESOURCE_CAPACITY, 1, 0)),
         "2 primary resources of your choice"],
        ["large resource", str(LARGE_RESOURCE_CAPACITY), "1 if it holds any", "2 primary resources of your choice"],
        ["small Indian", "1", str(indian_time(2, 1, 0)), "1 Indian from the stock, if any"],
        ["large Indian", str(LARGE_INDIAN_CAPACITY), "1 if it holds any", "1 Indian from the stock, if any"],
    ]
    stacks = ", ".join(
        f"stack {s}: {' / '.join(TILE_FACES[f] for f in range(len(TILE_FACES)) if TILE_STACK[f] == s)}" for s in (0, 1)
    )
    return [
        "## Expedition boats (confirmed)",
        "",
        f"Data: `expedition.py` (`BASE_RESOURCE_CAPACITY` = {BASE_RESOURCE_CAPACITY}, boats 1-3 written 3 + 3 + 5;"
        " the Time rules, boats 4 and 5 included, in `resource_time` and `indian_time`, R6);"
        " the starting load in `setup.py` (`STARTING_RESOURCES`;"
        f" the random variant deals 3 from a pool of {RANDOM_START_POOL} of each primary, `RANDOM_START_POOL`, R25).",
        "",
        *table(["Boat", "Holds", "Capacity", "Time at a Camp", "Note"], rows),
        "",
        "### Boat tiles",
        "",
        f"{2 * TILES_PER_STACK} double-sided tiles in two stacks of {TILES_PER_STACK} (`TILES_PER_STACK`); Expedition"
        f" Upgrade takes the top tile of a stack and the player picks its face for good. Pairing of faces ({stacks};"
        " `TILE_STACK`): **assumed**. Capacities: `SMALL_RESOURCE_CAPACITY`, `LARGE_RESOURCE_CAPACITY`,"
        " `LARGE_INDIAN_CAPACITY`; what a new tile brings: `decisions._boat`.",
        "",
        *table(["Face", "Capacity", "Time", "Comes with"], faces),
    ]


def village_section() -> list[str]:
    rows = []
    for p in PLACES:
        spots = "semicircle: 1-3 Indians per placement" if p.spots == UNLIMITED else f"{p.spots} circle{'s' * (p.spots > 1)}"
        status = "confirmed" if p.name in CONFIRMED_SOLO_BADGES else "**assumed**"
        rows.append([p.title, f"`{p.name}`", spots, f"{badge(p.solo_badge)} ({status})"])
    counts = ", ".join(f"{n} → {k}" for n, k in sorted(INDIANS_BY_PLAYERS.items()))
    return [
        "## The Village",
        "",
        "Data: `village.py` `_PLACES` (word, title, spots, solo badge token, action) and `INDIANS_BY_PLAYERS`."
        " Places and spots are confirmed (R9); of the solo badge tokens only Hunting and Shamanism are.",
        "",
        *table(["Place", "Word", "Spots", "Solo badge token"], rows),
        "",
        "Beside the places: the Powwow and the Newcomer spot (R10, R11).",
        "",
        f"Indians in play by player count (confirmed): {counts}. Set-up puts one on the Newcomer and one on"
        " each expedition's boats (`setup.new_game`).",
    ]


def journal_section() -> list[str]:
    rows = [[str(slot + 1), str(fur_cost(slot))] for slot in range(SLOTS)]
    examples = ", ".join(f"Strength {s}: {recruit_equipment(CARDS.index(next(c for c in CARDS[1:] if c.strength == s)))}"
                         for s in (1, 2, 3))
    return [
        "## Journal of Encounters (confirmed)",
        "",
        f"Data: `journal.py` (`SLOTS` = {SLOTS}, `fur_cost`); Equipment and discounts: `queries.py`"
        f" (`recruit_fur`, `recruit_equipment`, `GRAVELINES_DISCOUNT` = {GRAVELINES_DISCOUNT}). Slot 1 is next to"
        " the Gulf of Mexico, slot 5 next to the draw deck; new cards enter at the top after the others slide"
        f" down (R13, R14). Recruiting also costs Equipment = the card's Strength ({examples}), less the Strength"
        " of one card discarded from hand (R15).",
        "",
        *table(["Slot", "Fur"], rows),
        "",
        f"John Boley saves {BOLEY_DISCOUNT} Time per Camp (`queries.BOLEY_DISCOUNT`, R16).",
    ]


def render() -> str:
    """The whole page."""
    lines = [
        "# Component numbers and where they live",
        "",
        "<!-- Generated by `python scripts/components_doc.py` from the engine's data; do not edit by hand."
        " tests/project/test_components_doc.py fails when this page and the data disagree. -->",
        "",
        "The numbers the rulebook leaves out, as the engine holds them. Source: the project's components"
        " notes (`shared/rules/components.md`), gathered from scans of the printed components."
        ' "Confirmed" means two or more sources agree; "assumed" means a reasoned default kept as data so'
        " that it is easy to change. Rulings (R1-R25) are in [rulings.md](rulings.md).",
        "",
        "Stocks: resources never run out; Indians are limited by player count; boat tiles by the"
        f" {2 * TILES_PER_STACK} tiles (R8).",
        "",
    ]
    for section in (starting_section, encountered_section, route_section, boats_section, village_section,
                    journal_section):
        lines += section() + [""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = render()
    if argv == ["--check"]:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE} differs from the data: run python scripts/components_doc.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
