"""The turn's teaching hint says only what is legal (the must-Camp of R17 included), and a discount
paid with your Commander or a card that moves your Scout is questioned before it is sent (R15)."""

from __future__ import annotations

from builders import area, do, game, hand, indians, journal, load
from lewis_clark.actions import Action, Verb
from lewis_clark.match import Match
from lewis_clark.rules import legal_actions
from lewis_clark.state import Decision, Options, State
from lewis_clark.wording import decision_hint, discard_warning, language


def _must_camp(recruit: bool) -> State:
    """Orange starts a turn with one card and no Indian: R17, Camp first."""
    s = game(2)
    hand(s, 0, "york")
    indians(s, 0, 0)
    journal(s, "hay", "john-hay", "black-cat", "cuscalar", "cameahwait")
    load(s, 0, fur=5 if recruit else 0, equipment=5 if recruit else 0)
    s.must_camp = True  # what the engine sets when such a turn begins
    return s


def test_the_must_camp_hint_says_camp_first_and_nothing_else_that_is_not_legal() -> None:
    s = _must_camp(recruit=False)
    assert {a.verb for a in legal_actions(s)} == {Verb.CAMP}
    assert decision_hint(s) == "Camp first: with no Indian on your boats and fewer than two cards you cannot act " \
                               "before it"
    s = _must_camp(recruit=True)
    assert {a.verb for a in legal_actions(s)} == {Verb.CAMP, Verb.RECRUIT}
    assert decision_hint(s).endswith("; you may recruit before or after")
    assert "Act once" not in decision_hint(s)
    with language("hu"):
        assert decision_hint(s).startswith("Előbb tábort kell verned")


def test_after_the_camp_the_hint_offers_what_is_left() -> None:
    s = _must_camp(recruit=False)
    area(s, 0, "john-b-thompson")  # back to the hand with the Camp: two cards, an action is possible
    s = do(s, "camp")
    verbs = {a.verb for a in legal_actions(s)}
    assert Verb.CAMP not in verbs and Verb.PLAY in verbs  # the Camp brought the cards back
    assert decision_hint(s) == "Act once: play a card"


def _mentions(hint: str) -> dict[str, bool]:
    return {"play": "play a card" in hint, "village": "Village" in hint, "camp": "Camp" in hint,
            "recruit": "recruit" in hint, "end": "end the turn" in hint}


def test_the_turn_hint_names_exactly_the_kinds_of_choice_that_are_legal_in_seeded_games() -> None:
    seen = 0
    for seed in range(6):
        players = 1 + seed % 3
        match = Match(Options(players=players, seed=seed, mackenzie=3 if players == 1 else 0), ["random"] * players)
        for _ in range(300):
            if match.over:
                break
            s = match.state
            if s.decision == Decision.TURN:
                verbs = {a.verb for a in legal_actions(s)}
                said = _mentions(decision_hint(s))
                must = s.must_camp and not s.camped
                assert said["play"] == (Verb.PLAY in verbs), (decision_hint(s), verbs)
                assert said["village"] == (Verb.VILLAGE in verbs), (decision_hint(s), verbs)
                assert said["recruit"] == (Verb.RECRUIT in verbs), (decision_hint(s), verbs)
                assert said["camp"] == (Verb.CAMP in verbs), (decision_hint(s), verbs)
                assert said["end"] == (Verb.END in verbs) or must, (decision_hint(s), verbs)
                seen += 1
            match.step_bot()
    assert seen > 100


def _recruiting(*cards: str) -> State:
    """Orange recruits Black Cat (slot 3) with ``cards`` in hand to discard for the discount."""
    s = game(2)
    journal(s, "hay", "john-hay", "black-cat", "cuscalar", "cameahwait")
    hand(s, 0, *cards)
    load(s, 0, fur=5, equipment=5)
    return do(s, "recruit black-cat")


def test_discarding_the_commander_or_a_mover_for_the_discount_asks_first() -> None:
    s = _recruiting("william-clark", "york", "joseph-barter", "charles-mackenzie")
    assert s.decision == Decision.RECRUIT
    warn = {a.subject: discard_warning(s, a) for a in legal_actions(s)}
    assert warn["william-clark"] == "William Clark is your Commander, who moves your Scout by River and Mountains: " \
                                    "discarded for the discount, it leaves your expedition. Discard it anyway?"
    assert warn["joseph-barter"].startswith("Joseph Barter (#") and " moves your Scout by River: " in \
        warn["joseph-barter"]
    assert "moves your Scout in the Mountains" in warn["charles-mackenzie"]
    assert warn["york"] == "" and warn["none"] == ""  # York only hunts; keeping every card needs no question
    with language("hu"):
        hu = discard_warning(s, Action.parse("discard william-clark"))
    assert hu.startswith("William Clark a Parancsnokod") and hu.endswith("Mégis eldobod?")


def test_a_discard_that_is_no_discount_asks_nothing() -> None:
    s = game(2)
    hand(s, 0, "william-clark", "york")
    assert discard_warning(s, Action.parse("discard william-clark")) == ""  # not a recruitment's decision


def test_every_discount_question_and_turn_hint_reads_as_hungarian() -> None:
    """No "(z)" and no English word left: the question for the Commander and for each card that moves
    the Scout (River, Mountains, both), and the turn hints of the must-Camp positions."""
    from test_hungarian import slips

    from lewis_clark.cards import CARDS

    # Orange's own Commander and every Journal card that moves the Scout (other colours' crews are not in this game)
    movers = ["william-clark"] + [c.slug for c in CARDS[1:] if not c.role and any(a.is_move for a in c.alternatives)
                                  and c.slug not in ("black-cat", "hay", "john-hay", "cuscalar", "cameahwait")]
    asked = 0
    for slug in movers:
        s = _recruiting("york", slug) if slug != "york" else None
        if s is None or s.decision != Decision.RECRUIT:
            continue
        with language("hu"):
            text = discard_warning(s, Action.parse(f"discard {slug}"))
        assert text and not slips(text), (slug, text, slips(text))
        asked += 1
    assert asked >= 20
    for recruit in (False, True):
        with language("hu"):
            text = decision_hint(_must_camp(recruit))
        assert not slips(text), text
