"""Drawing the table with rich: the route, Village, Journal, expeditions, a hand, and the menu.

Everything a player at the table sees, laid out to stay readable in 80 columns (tables fold their
long cells rather than widen). Functions take a state and return rich renderables; nothing here
reads input or changes a state.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lewis_clark.actions import Action
from lewis_clark.cards import BY_SLUG, CARDS, GRAVELINES
from lewis_clark.describe import prompt
from lewis_clark.expedition import TILE_FACES
from lewis_clark.journal import fur_cost
from lewis_clark.queries import camp_time, capacity, recruit_fur
from lewis_clark.resources import KINDS, RESOURCES
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.rules import apply, camp
from lewis_clark.state import State
from lewis_clark.texts import card_summary, place_summary
from lewis_clark.village import PLACE_INDEX, PLACES

PLAYER_STYLES: dict[str, str] = {"orange": "bold dark_orange", "blue": "bold dodger_blue1", "yellow": "bold yellow",
                                 "green": "bold green3", "purple": "bold medium_purple1"}
KIND_STYLES: dict[str, str] = {"wood": "dark_goldenrod", "fur": "orange3", "food": "red3", "equipment": "grey70",
                               "canoe": "deep_sky_blue3", "horse": "tan", "indian": "magenta"}
TERRAIN = {RIVER: ("~", "blue"), MOUNTAIN: ("^", "bright_white"), "MR": ("*", "magenta")}
MENU_HINTS_UP_TO = 14  # longer menus drop their hints and use columns


def player_text(state: State, seat: int, seats: Sequence[str] = ()) -> Text:
    colour = state.players[seat].colour
    name = colour.capitalize()
    if seats and seat < len(seats):
        name += " (you)" if seats[seat] == "human" and seats.count("human") == 1 else f" ({seats[seat]})"
    return Text(name, style=PLAYER_STYLES.get(colour, "bold"))


def kind_text(kind: int, n: int | None = None) -> Text:
    name = KINDS[kind]
    return Text(name if n is None else f"{n} {name}", style=KIND_STYLES[name])


def resources_text(state: State, seat: int) -> Text:
    p = state.players[seat]
    parts = [kind_text(r, p.resources[r]) for r in RESOURCES if p.resources[r]]
    out = Text(", ").join(parts) if parts else Text("no resources", style="dim")
    out.append(f"  ({sum(p.resources)}/{capacity(p)} aboard)", style="dim")
    return out


# --- the route -----------------------------------------------------------------------------------

def render_route(state: State, seats: Sequence[str] = ()) -> RenderableType:
    """The route as one character per space, a ruler, St Louis (S), Fort Clatsop (F) and a row per
    expedition: C its Camp, @ its Scout (# when both stand together), - between them."""
    route = state.options.route
    n = len(route.terrains)
    label = 10
    ruler = Text(" " * label)
    for i in range(0, n, 10):
        ruler.append(f"{i:<10}"[: max(0, min(10, n - i))])
    terrain = Text("route".ljust(label), style="bold")
    for t in route.terrains:
        ch, style = TERRAIN[t]
        terrain.append(ch, style=style)
    marks = [" "] * n
    marks[route.st_louis] = "S"
    marks[route.fort_clatsop] = "F"
    landmarks = Text(" " * label + "".join(marks).rstrip(), style="bold")
    rows: list[RenderableType] = [ruler, terrain, landmarks]
    for p in state.players:
        cells = [" "] * n
        for i in range(min(p.camp, p.scout) + 1, max(p.camp, p.scout)):
            cells[i] = "-"
        cells[p.camp] = "C"
        cells[p.scout] = "#" if p.scout == p.camp else "@"
        row = Text(p.colour[:label - 1].ljust(label), style=PLAYER_STYLES.get(p.colour, "bold"))
        row.append("".join(cells), style=PLAYER_STYLES.get(p.colour, "bold"))
        row.append(f"  @{p.scout} C{p.camp}", style="dim")
        rows.append(row)
    if state.mackenzie >= 0:
        cells = [" "] * n
        cells[state.mackenzie] = "M"
        row = Text("Mackenzie".ljust(label), style="bold red")
        row.append("".join(cells), style="bold red")
        row.append(f"  space {state.mackenzie}", style="dim")
        rows.append(row)
    rows.append(Text("~ river  ^ mountain  * both   S St Louis  F Fort Clatsop   @ Scout C Camp # both", style="dim"))
    return Group(*rows)


# --- Village and Journal ---------------------------------------------------------------------------

def render_village(state: State) -> RenderableType:
    table = Table(title="Indian Village", box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column("place", no_wrap=True)
    table.add_column("ind.", justify="right")
    table.add_column("room", no_wrap=True)
    table.add_column("action", overflow="fold")
    for place in PLACES:
        room = "1-3 any time" if place.semicircle else ("2 circles" if place.spots == 2 else "1 circle")
        if not place.semicircle and state.village[place.index] >= place.spots:
            room = "full"
        n = state.village[place.index]
        table.add_row(place.name, Text(str(n), style="magenta" if n else "dim"), room, place_summary(place))
    return Group(table, Text(f"Powwow {state.powwow}   Newcomer {state.newcomer}   Indian stock {state.indian_stock}   "
                             f"boat tiles: small {state.tile_stacks[0]}, large {state.tile_stacks[1]}", style="dim"))


def _strength_badge(card: int) -> Text:
    c = CARDS[card]
    out = Text(f"{c.strength} ")
    out.append_text(kind_text(c.badge))
    return out


def render_journal(state: State, seat: int) -> RenderableType:
    p = state.players[seat]
    table = Table(title="Journal", box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column("slot", justify="right")
    table.add_column("fur", justify="right")
    table.add_column("card", no_wrap=True)
    table.add_column("str badge", no_wrap=True)
    table.add_column("action", overflow="fold")
    for slot, card in enumerate(state.journal):
        fur = recruit_fur(state, p, slot)
        fur_cell = str(fur) if fur == fur_cost(slot) else f"{fur}*"
        if not card:
            table.add_row(str(slot + 1), fur_cell, Text("(empty)", style="dim"), "", "")
            continue
        c = CARDS[card]
        table.add_row(str(slot + 1), fur_cell, f"{c.name} [dim]#{c.number}[/]", _strength_badge(card), card_summary(c))
    caption = f"recruit: fur by slot + equipment = Strength.  Deck {len(state.deck)}, discards {len(state.discard)}"
    if GRAVELINES in p.face_up:
        caption += "   * Gravelines: 2 fur less"
    table.caption = caption
    table.caption_justify = "left"
    return table


# --- expeditions and hands -----------------------------------------------------------------------

def camp_preview(state: State, seat: int) -> str:
    """The Time a Camp would cost now; for the seat on turn, also where Scout and Camp would end."""
    p = state.players[seat]
    time = camp_time(p)
    if seat != state.current or state.over:
        return f"camp now: Time {time}"
    after = state.copy()
    camp(after)
    q = after.players[seat]
    return f"camp now: Time {time} -> Scout {q.scout}, Camp {q.camp}"


def _card_names(ids: Sequence[int]) -> str:
    return ", ".join(CARDS[c].name for c in ids) if ids else "-"


def render_expeditions(state: State, seats: Sequence[str] = ()) -> RenderableType:
    table = Table(title="Expeditions", box=box.SIMPLE_HEAD, title_justify="left", show_header=False, padding=(0, 1))
    table.add_column("who", no_wrap=True)
    table.add_column("what", overflow="fold")
    for seat, p in enumerate(state.players):
        name = player_text(state, seat, seats)
        if seat == state.current and not state.over:
            name.append("  <- turn", style="bold")
        boats = ", ".join(f"{n} {TILE_FACES[f]}" for f, n in enumerate(p.tiles) if n) or "the 5 starting boats"
        lines = Text()
        lines.append(f"Scout {p.scout}, Camp {p.camp}; {camp_preview(state, seat)}\n")
        lines.append_text(resources_text(state, seat))
        lines.append(f"\nIndians: {p.indians} on boats, {p.on_cards} on cards; boats: {boats}\n")
        lines.append(f"area: {_card_names(p.face_up)}", style="")
        if p.face_down:
            lines.append(f" (under: {_card_names(p.face_down)})", style="dim")
        lines.append(f"\nhand: {len(p.hand)} cards", style="dim")
        table.add_row(name, lines)
    return table


def render_hand(state: State, seat: int) -> RenderableType:
    p = state.players[seat]
    table = Table(title=f"{p.colour.capitalize()}'s hand", box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column("card", no_wrap=True)
    table.add_column("str badge", no_wrap=True)
    table.add_column("action", overflow="fold")
    for c in sorted(p.hand, key=lambda c: (CARDS[c].strength, c)):
        card = CARDS[c]
        table.add_row(card.name, _strength_badge(c), card_summary(card))
    if not p.hand:
        table.add_row(Text("(no cards)", style="dim"), "", "")
    return table


def header(state: State, seats: Sequence[str]) -> Text:
    out = Text(f"Lewis & Clark - turn {state.turn} - seed {state.options.seed} - ", style="bold")
    if state.over:
        out.append("the game is over", style="bold")
    else:
        out.append_text(player_text(state, state.current, seats))
        out.append(" to play", style="bold")
    return out


def render_board(state: State, seats: Sequence[str], seat: int) -> RenderableType:
    """The whole table, then ``seat``'s hand in detail."""
    return Group(Text(""), header(state, seats), render_route(state, seats), Text(""), render_village(state),
                 render_journal(state, seat), render_expeditions(state, seats), render_hand(state, seat))


def render_status(state: State, seats: Sequence[str], seat: int) -> RenderableType:
    """A short reminder between the decisions of one turn."""
    p = state.players[seat]
    line = player_text(state, seat, seats)
    line.append(f": Scout {p.scout}, Camp {p.camp}, {p.indians} Indians aboard, {len(p.hand)} cards; ")
    line.append_text(resources_text(state, seat))
    line.append(f"; {camp_preview(state, seat)}", style="dim")
    return line


# --- the menu ------------------------------------------------------------------------------------

def action_hint(state: State, action: Action) -> str:
    """A few words on what a menu choice does."""
    v = action.verb
    p = state.players[state.current]
    if v == "play":
        card = BY_SLUG[action.subject]
        return f"{card.name}: {card_summary(card)}"
    if v == "under":
        return "Strength from Indians" if action.subject == "none" else f"Strength {BY_SLUG[action.subject].strength}"
    if v == "village":
        return place_summary(PLACES[PLACE_INDEX[action.subject]])
    if v == "recruit":
        card = BY_SLUG[action.subject]
        slot = state.journal.index(card.id)
        return f"{card.name}: {recruit_fur(state, p, slot)} fur + {card.strength} equip. (less a discard)"
    if v == "discard" and state.stack and state.stack[-1].kind == "recruit" and action.subject != "none":
        return f"discount {BY_SLUG[action.subject].strength}"
    if v == "camp":
        return camp_preview(state, state.current)
    if v == "end":
        return "end your turn"
    if v == "stop":
        return "perform no more"
    if v == "perform":
        after = apply(state, action)
        q = after.players[state.current]
        if q.scout != p.scout:
            return f"Scout {p.scout} -> {q.scout}"
    return ""


def render_menu(state: State, legal: Sequence[Action]) -> RenderableType:
    """The legal actions, numbered from 1 in ``legal``'s order."""
    title = Text(prompt(state), style="bold")
    texts = [str(a) for a in legal]
    widest = max((len(t) for t in texts), default=0)
    number_width = len(str(len(texts)))
    if len(legal) <= MENU_HINTS_UP_TO:
        lines: list[RenderableType] = []
        for i, action in enumerate(legal, 1):
            # one Text per entry, cut at the screen's edge: numbers and notation always show whole
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f" {i:>{number_width}}  ", style="bold cyan")
            line.append(texts[i - 1].ljust(widest + 2))
            line.append(action_hint(state, action), style="dim")
            lines.append(line)
        return Group(title, *lines)
    grid = Table(box=None, show_header=False, padding=(0, 1))
    columns = 2 if widest <= 32 else 1
    rows = (len(legal) + columns - 1) // columns
    for _ in range(columns):
        grid.add_column(justify="right", style="bold cyan", no_wrap=True, min_width=number_width)
        grid.add_column(no_wrap=True, min_width=widest)
    for r in range(rows):
        cells: list[str] = []
        for c in range(columns):
            i = c * rows + r
            cells.extend([str(i + 1), texts[i]] if i < len(legal) else ["", ""])
        grid.add_row(*cells)
    return Group(title, grid)


def render_end(state: State, seats: Sequence[str]) -> RenderableType:
    """Who won, and where everyone stands."""
    if state.winner >= 0:
        line = player_text(state, state.winner, seats)
        line.append(" wins: their Camp reached Fort Clatsop!", style="bold")
    else:
        line = Text("Mackenzie reached Fort Clatsop first: Mackenzie wins.", style="bold red")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    for col in ("expedition", "scout", "camp", "hand", "resources"):
        table.add_column(col)
    for seat, p in enumerate(state.players):
        table.add_row(player_text(state, seat, seats), str(p.scout), str(p.camp), str(len(p.hand)),
                      resources_text(state, seat))
    return Group(Text(""), Text("=== Game over ===", style="bold"), line, table,
                 Text(f"{state.turn} turns, Fort Clatsop at space {state.options.route.fort_clatsop}", style="dim"))
