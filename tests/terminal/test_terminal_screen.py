"""The terminal's screen and help texts: everything at the table shown within 80 columns, menus in
legal order, help for every card in the project's own words."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from builders import area, do, game, journal
from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, CARDS, Card
from lewis_clark.plans import ALL, OFFERED, Plan, cheapest, follow, pays_for_nothing, plans
from lewis_clark.queries import camp_landing
from lewis_clark.record import Record
from lewis_clark.rules import legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import Decision, Options, State
from lewis_clark.terminal import screen
from lewis_clark.terminal.choices import choices, code
from lewis_clark.terminal.session import Session
from lewis_clark.terminal.texts import card_help, find_card, help_text
from lewis_clark.village import PLACES
from lewis_clark.wording import RULE_TOPICS, decision_hint, prompt, rule
from lewis_clark.wording.plans import choice_label
from rulebook_runs import copied


def draw(renderable: object, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_board_shows_the_whole_table_in_80_columns() -> None:
    """Route with St Louis and Fort Clatsop, every Scout and Camp, Village with Powwow and Newcomer,
    the Journal with slot costs, each expedition, the hand with Strengths and badges, the camp preview."""
    s = game(5, seed=3)
    s = do(s, str(legal_actions(s)[0]))
    text = draw(screen.render_board(s, ["human", "easy", "medium", "hard", "expert"], 0))
    assert max(len(line) for line in text.splitlines()) <= 80
    for colour in ("orange", "blue", "yellow", "green", "purple"):
        assert re.search(rf"^{colour}\s", text, re.M), colour  # a route row per expedition
        assert colour.capitalize() in text
    assert "S St Louis" in text and "F Fort Clatsop" in text
    for place in PLACES:
        assert place.name in text
    assert "Powwow 0" in text and "Newcomer 1" in text
    for card in s.journal:
        assert CARDS[card].name in text
    p = s.players[0]
    for card in p.hand:
        assert CARDS[card].name in text
    landing = camp_landing(s, s.current)
    assert f"Camp now: lose {landing.time} spaces" in text
    assert "to play" in text and "round 1" in text


def test_route_rows_mark_scout_camp_and_mackenzie() -> None:
    """R24: Mackenzie has his own row; a Scout ahead of its Camp shows C, dashes, then @ at its space."""
    s = new_game(Options(players=1, seed=1, mackenzie=4))
    s.players[0].scout = 9
    text = draw(screen.render_route(s))
    orange = next(line for line in text.splitlines() if line.startswith("orange"))
    assert orange[10 + 5] == "C" and orange[10 + 9] == "@" and orange[10 + 6: 10 + 9] == "---"
    mackenzie = next(line for line in text.splitlines() if line.startswith("Mackenzie"))
    assert mackenzie[10 + s.mackenzie] == "M" and s.mackenzie == 5 + 4


def test_journal_shows_gravelines_discount() -> None:
    """R15: with Joseph Gravelines face-up the Journal's Fur column drops by 2 (never below 0)."""
    s = game(2, seed=1)
    area(s, 0, "joseph-gravelines")
    journal(s, "black-cat", "hay", "york", "seaman", "cuscalar")
    text = draw(screen.render_journal(s, 0))
    fur = [int(m.group(1)) for m in re.finditer(r"^\s+\d\s+(\d)\*?\s", text, re.M)]
    assert fur == [0, 0, 1, 2, 3]


def test_menu_numbers_follow_legal_order() -> None:
    """A number means the legal action at that position of the list just shown (both layouts)."""
    s = game(2, seed=2)
    legal = legal_actions(s)
    text = draw(screen.render_menu(s, legal))
    for i, action in enumerate(legal, 1):
        assert re.search(rf"(^|\s){i}\s+{re.escape(str(action))}(\s|$)", text, re.M), str(action)
    s = do(s, "play " + CARDS[s.players[s.current].hand[0]].slug)
    short = legal_actions(s)
    text = draw(screen.render_menu(s, short))
    assert len(short) <= screen.MENU_HINTS_UP_TO and "Strength" in text


def test_end_screen_names_the_winner() -> None:
    """R23 and R24: the winner's colour, or Mackenzie."""
    s = game(2, seed=1)
    s.over, s.winner = True, 1
    assert "Blue (random) sets up Camp at Fort Clatsop and wins!" in draw(screen.render_end(s, ["human", "random"]))
    solo = new_game(Options(players=1, seed=1))
    solo.over, solo.winner = True, -1
    assert "Mackenzie" in draw(screen.render_end(solo, ["human"]))


@pytest.mark.parametrize("c", CARDS[1:], ids=lambda c: c.slug)
def test_every_card_has_help(c: Card) -> None:
    """help <card> by slug, by name and by number names the card, its Strength and badge."""
    text = help_text(c.slug)
    assert c.name in text and f"Strength {c.strength}" in text and f"play {c.slug}" in text
    assert find_card(c.name) is c
    if c.number:
        assert find_card(f"#{c.number}") is c


def test_help_is_in_our_own_words() -> None:
    """No run of eight words from the rulebook appears in any card, place or rule help."""
    texts = [card_help(c) for c in CARDS[1:]] + [rule(topic) for topic in RULE_TOPICS] + [help_text(p.name) for p in PLACES]
    found = copied(texts)  # the rulebook's runs, checked in as fingerprints (tests/rulebook_runs.py)
    assert not found, found[:2]


def test_help_finds_rules_places_and_reports_unknown_topics() -> None:
    assert help_text("camp") == rule("camp") and help_text("mackenzie") == rule("solo")
    assert "Hunting" in help_text("hunting") and "Hunting" in help_text("village hunting")
    assert help_text("black cat") == card_help(BY_SLUG["black-cat"])
    assert "No help on" in help_text("zebra")
    assert "undo" in help_text("")


def test_bots_move_at_the_given_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bot move is followed by the delay (none with --fast); people are never delayed."""
    naps: list[float] = []
    monkeypatch.setattr("lewis_clark.terminal.session.time.sleep", naps.append)
    console = Console(file=io.StringIO(), width=80)
    session = Session(Record(Options(players=2, seed=1)), ["random", "random"], console, delay=0.25)
    for _ in range(10):
        session.bot_step()
    assert naps == [0.25] * 10
    assert len(session.log) >= 10 and len(session.record.actions) == 10
    assert session.record.replay().hash() == session.state.hash()


# --- plans: whole options in one choice ----------------------------------------------------------------

HUNTER_STEPS = ["play york", "under francois-labiche", "indians 0", "perform", "take 1 food", "perform", "take 1 food"]


def _hunter_plan(s: State) -> tuple[str, Plan]:
    """The letter and plan for York (the Hunter) at Strength 2 with William Clark under it: not among
    the menu's handful (York at Strength 3 is), but every plan has a letter that may be typed."""
    menu = choices(s)
    for i, plan in enumerate(menu.plans):
        if plan.card == "york" and plan.under == "francois-labiche" and plan.strength == 2 and plan.times == 2:
            return code(i), plan
    raise AssertionError([str(p) for p in menu.plans[:menu.shown]])


def _session(read: list[str]) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    answers = iter(read)
    session = Session(Record(Options(players=2, seed=4)), ["human", "human"], console, delay=0,
                      read=lambda _: next(answers))
    return session, out


def test_plan_letters_count_on_after_z() -> None:
    assert [code(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["a", "b", "z", "aa", "ab", "az", "ba"]


def test_the_menu_shows_a_handful_of_plans_then_every_single_action() -> None:
    """At a turn: at most six plans, at most two per card or place, none that is one step or a
    recruitment, Camp or end, none paying for nothing; each by its cheapest Strength source, each card's
    first performing the most; every honest plan is listed with a distinct letter."""
    s = game(2, seed=4)
    menu = choices(s)
    assert menu.actions == legal_actions(s)
    shown = menu.plans[:menu.shown]
    every = plans(s, limit=ALL)
    assert 0 < len(shown) <= OFFERED < len(menu.plans) <= len(every)
    assert sorted(map(str, menu.plans)) == sorted(map(str, cheapest(s, every)))
    assert len({code(i) for i in range(len(menu.plans))}) == len(menu.plans)
    per_group: dict[tuple[str, str], list[Plan]] = {}
    for plan in shown:
        assert plan.verb in (Verb.PLAY, Verb.VILLAGE) and len(plan.steps) > 1
        assert not pays_for_nothing(s, plan), plan
        per_group.setdefault((plan.card, plan.place), []).append(plan)
        alike = [p for p in every if (p.card, p.place, p.choice, p.times, p.keep_all) ==
                 (plan.card, plan.place, plan.choice, plan.times, plan.keep_all) and not pays_for_nothing(s, p)]
        assert plan.strength == min(p.strength for p in alike), plan  # the cheapest source that does it
    assert all(len(group) <= 2 for group in per_group.values())
    york = per_group[("york", "")]
    assert [p.strength for p in york] == [3] and york[0].times == 3  # François Labiche under it + 1 Indian


def test_a_strength_two_hunter_in_one_choice_equals_seven_single_decisions() -> None:
    """The Hunter's plan, chosen by its letter, goes through the match one step at a time: the same
    record, state and log as the seven single decisions, and undo takes back the whole plan."""
    s = game(2, seed=4)
    letter, plan = _hunter_plan(s)
    assert [str(a) for a in plan.steps] == HUNTER_STEPS
    session, out = _session([letter])
    session.human_step()
    singles, _ = _session([str(legal_actions(state).index(Action.parse(step)) + 1) for step, state in
                           zip(HUNTER_STEPS, _states(HUNTER_STEPS), strict=True)])
    for _ in HUNTER_STEPS:
        singles.human_step()  # each single decision by its number in the menu shown
    assert session.record.actions == singles.record.actions == HUNTER_STEPS
    assert session.state.hash() == singles.state.hash() == do(game(2, seed=4), *HUNTER_STEPS).hash()
    assert session.log == singles.log and len(session.log) == 7
    text = out.getvalue()
    assert "Plan: York (Hunter) at Strength 2" in text
    assert session.take_back() and session.record.actions == []  # the whole plan: one choice
    assert session.state.decision == Decision.TURN and session.state.hash() == game(2, seed=4).hash()


def _states(steps: list[str]) -> list[State]:
    """The state before each of ``steps`` from seed 4's start."""
    s, out = game(2, seed=4), []
    for step in steps:
        out.append(s)
        s = do(s, step)
    return out


def test_a_plan_stops_at_its_first_refused_step_and_the_menu_comes_back() -> None:
    """A step no longer possible ends the plan: the steps before it stay played (each logged), the
    person is at the decision it reached, and the reason is said."""
    session, out = _session([])
    broken = Plan(tuple(Action.parse(a) for a in ("play york", "under william-clark", "indians 3", "perform")), Verb.PLAY,
                  card="york")
    session.play_plan(broken)
    assert session.record.actions == ["play york", "under william-clark"]
    assert session.state.decision == Decision.INDIANS
    assert "The plan stopped before 'indians 3', which is not possible now" in out.getvalue()


def test_a_plan_that_ends_early_leaves_the_single_decision_after_it() -> None:
    """A plan that is not complete (Farewell: the cards to discard are a real choice) plays its steps
    and the next menu asks the decision it stopped at."""
    s = game(2, seed=4)
    menu = choices(s)
    i, plan = next((i, p) for i, p in enumerate(menu.plans) if not p.complete)
    session, out = _session([code(i), "menu"])
    session.human_step()
    assert session.record.actions == [str(a) for a in plan.steps]
    after = follow(s, plan).state
    assert session.state.hash() == after.hash() and session.state.stack
    session.human_step()  # the next menu: the decision the plan left open, with its single actions
    text = out.getvalue()
    assert prompt(after) in text
    for action in legal_actions(after):
        assert str(action) in text


def test_plans_at_80_columns_wrap_under_their_words() -> None:
    """Each plan line starts with its letter; a long one goes on under its own words, never under the
    letter nor cut; nothing is wider than 80 columns. ``plans`` shows all of them with the same letters."""
    s = game(2, seed=4)
    for steps in ([], ["play york"], ["play york", "under william-clark"], ["play york", "under william-clark", "indians 1"]):
        t = do(s, *steps) if steps else s
        menu = choices(t)
        shown = menu.plans[:menu.shown]
        codes = [code(i) for i in range(len(shown))]
        text = draw(screen.render_menu(t, menu.actions, shown, len(menu.plans)))
        lines = [line.rstrip() for line in text.splitlines()]
        assert max(len(line) for line in lines) <= 80
        assert lines[0] == prompt(t) and decision_hint(t).split()[0] in lines[1]
        start = next(i for i, line in enumerate(lines) if line.startswith("Plans"))
        end = lines.index("Single choices:")
        entries: list[str] = []
        for line in lines[start + 1:end]:
            head = re.match(r"^ +([a-z]{1,2})  (\S.*)$", line)
            if head and head.group(1) == codes[len(entries)] if len(entries) < len(codes) else False:
                entries.append(head.group(2))
            else:
                assert re.match(r"^ {4,}\S", line), line  # a continuation, indented under the words
                entries[-1] += " " + line.strip()
        assert entries == [choice_label(t, p) for p in shown]
        every = draw(screen.render_all_plans(t, menu.plans))
        assert max(len(line.rstrip()) for line in every.splitlines()) <= 80
        assert all(re.search(rf"^ +{c}  ", every, re.M) for c in codes)


def test_help_explains_plan_letters() -> None:
    text = help_text("")
    assert "plans" in text and "letter" in text and "undo" in text.lower()


def test_a_chosen_seed_is_said_after_whose_turn_it_is() -> None:
    """Chosen seeds: every seat is told when the creator chose the seed; at 80 columns the header still
    begins with who is to play."""
    from lewis_clark.setup import new_game
    from lewis_clark.state import Options
    from lewis_clark.terminal.screen import header

    plain = header(new_game(Options(players=1, seed=3, mackenzie=3)), ["human"]).plain
    chosen = header(new_game(Options(players=1, seed=3, mackenzie=3, chosen_seed=True)), ["human"]).plain
    assert "creator" not in plain and chosen.startswith(plain) and "creator knows the deck" in chosen
    assert "to play" in chosen[:80]


def test_a_choice_that_pays_for_nothing_is_marked_in_the_plain_menu() -> None:
    """One Indian to Expedition Upgrade with no Wood (plans.wasted): the menu line says it pays for nothing,
    in the short menu with hints and in the long numbered one."""
    s = new_game(Options(players=2, seed=5))
    legal = legal_actions(s)
    long = draw(screen.render_menu(s, legal), width=120)
    line = next(x for x in long.splitlines() if "village upgrade 1" in x)
    assert "! pays for nothing" in line
    assert not any("pays for nothing" in x for x in long.splitlines() if "village hunting 1" in x)
    short = [a for a in legal if str(a) in ("village upgrade 1", "village hunting 1")]
    text = draw(screen.render_actions(s, short))
    assert re.search(r"village upgrade 1 +! pays for nothing", text)
    assert "pays for nothing" not in next(x for x in text.splitlines() if "village hunting 1" in x)
