"""The ``pace`` bot: the heuristic with its race weights as options (for measuring medium's variants)."""

import random

from bot_games import play

from lewis_clark import legal_actions, new_game, view
from lewis_clark.bots import make_bot
from lewis_clark.bots.experimental.pace import PaceBot, rockies_end
from lewis_clark.bots.options import PaceOptions
from lewis_clark.cards import CARDS
from lewis_clark.route import PRINTED_ROUTE


def test_defaults_play_exactly_as_the_heuristic() -> None:
    """Its options default to the heuristic's own weights, so a variant differs only by its options."""
    for players, seed in ((1, 3), (2, 4)):
        pace = play(new_game(players=players, seed=seed), [make_bot("pace", s) for s in range(players)], 60)
        heuristic = play(new_game(players=players, seed=seed), [make_bot("heuristic", s) for s in range(players)], 60)
        assert pace == heuristic and len(pace) > 100


def test_options_change_the_play() -> None:
    """Indians made cheap as Strength: the bot gives them where the heuristic gives a card."""
    plain = play(new_game(players=2, seed=4), [make_bot("pace", s) for s in range(2)], 40)
    cheap = play(new_game(players=2, seed=4), [make_bot("pace:indian=0.2", s) for s in range(2)], 40)
    assert plain != cheap


def test_recruiting_follows_the_threshold() -> None:
    """worth=10: no recruitment is ever worth it; worth=1 recruits in the same game."""
    never = play(new_game(players=2, seed=4), [PaceBot(s, PaceOptions(worth=10.0)) for s in range(2)], 120)
    eager = play(new_game(players=2, seed=4), [PaceBot(s, PaceOptions(worth=1.0)) for s in range(2)], 120)
    assert not any(a.startswith("recruit") for a in never)
    assert any(a.startswith("recruit") for a in eager)


def test_hidden_deck_order_does_not_change_the_choice() -> None:
    s = new_game(players=2, seed=11)
    play(s, [PaceBot(0, PaceOptions(indian=0.5)), PaceBot(1, PaceOptions(indian=0.5))], 8)
    for trial in range(5):
        shuffled = s.copy()
        random.Random(trial).shuffle(shuffled.deck)
        seat, legal = s.current, legal_actions(s)
        cheap = PaceOptions(indian=0.5)
        assert PaceBot(3, cheap).choose(view(shuffled, seat), legal) == PaceBot(3, cheap).choose(view(s, seat), legal)


def test_rockies_end_is_read_from_the_route() -> None:
    assert rockies_end(PRINTED_ROUTE) == 31  # components.md: 24-30 Mountain, 31 Mountain-River


def test_reserve_keeps_the_strongest_card_for_the_commander() -> None:
    """The starting hand: the heuristic buries the Interpreter (Strength 2) under the Hunter; with
    ``reserve`` that card is kept while the Commander is in hand, and the Commander itself gets it."""
    p = new_game(players=1, seed=1).players[0]
    role = {CARDS[c].role: CARDS[c].slug for c in p.hand}
    hunter = next(c for c in p.hand if CARDS[c].role == "hunter")
    commander = next(c for c in p.hand if CARDS[c].role == "commander")
    assert PaceBot(0).strength_plan(p, hunter, 3)[1].subject == role["interpreter"]
    assert PaceBot(0, PaceOptions(reserve=3.0)).strength_plan(p, hunter, 3)[1].subject != role["interpreter"]
    assert PaceBot(0, PaceOptions(reserve=3.0)).strength_plan(p, commander, 3)[1].subject == role["interpreter"]
