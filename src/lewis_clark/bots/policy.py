"""A distilled policy: the expert's turn choices, imitated by a linear score over the turn's options.

At every choice between actions of the turn (a card to play and its Strength, a Village placement,
a recruitment, a Camp, the end of the turn) each option is tried on a copy of the seat's view and
finished by the heuristic's rules (``outcome``); ``features`` describes what it did (the Scout's
move, where a Camp would land, the hand's reach, the turns the movers owned still need, the cargo,
the cards owned, the heuristic's own verdict), and the option with the best linear score is taken.
The weights are fitted by ``scripts/train_policy.py`` on the expert's own games (a softmax over the
options of each choice, the expert's option the label) and ship as ``policy.json`` beside this
module; play needs no numpy. Choices inside an action stay the heuristic's. The features have one
owner, here, so that play and training cannot drift apart.
"""

from __future__ import annotations

import json
from importlib import resources

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.evaluation import CARD_WORTH, cargo_worth
from lewis_clark.bots.heuristic import CAMP, HeuristicBot
from lewis_clark.bots.knowledge import HAND_LIMIT, affordable_keeping, moves_over, recruit_score, terrain_mostly_ahead
from lewis_clark.bots.planning import hand_reach, turns_to_go, underway
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import MOST_STRENGTH
from lewis_clark.queries import camp_landing, camp_time
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.state import Player, State

FEATURES: tuple[str, ...] = (
    "play", "village", "recruit", "camp", "end", "heuristic",
    "scout", "landing", "camp_moved", "reach", "togo", "underway", "cargo",
    "wood", "fur", "food", "equipment", "canoe", "horse", "indians", "time", "hand", "owned",
    "strength", "buried", "commander", "recruit_strength", "recruit_score", "recruit_mover",
    "camp_hand", "camp_time", "end_hand", "end_time", "late_togo", "late_recruit", "late_camp",
)
WEIGHTS_FILE = "policy.json"
GUARD = 40  # decisions an option's action may take before it is cut short (a bug guard)
TOP_LEVEL = frozenset({Verb.PLAY, Verb.VILLAGE, Verb.RECRUIT, Verb.CAMP, Verb.END})


def options(bot: HeuristicBot, view: State, legal: list[Action]) -> list[list[Action]]:
    """The turn's options as plans: each card at each Strength it can get (the heuristic's choice of
    the card under it), each Village placement, each recruitment paid without a kept card
    (``affordable_keeping``), a Camp, the end of the turn."""
    p = view.players[view.current]
    out: list[list[Action]] = []
    owned = len(p.hand) + len(p.face_up) + len(p.face_down)
    for a in legal:
        if a.verb == Verb.PLAY:
            card = BY_SLUG[a.subject].id
            if CARDS[card].permanent:
                continue
            for want in range(1, MOST_STRENGTH + 1) if not CARDS[card].once_only else (1,):
                plan = bot.strength_plan(p, card, want)
                if plan and plan not in out:
                    out.append(plan)
        elif a.verb == Verb.RECRUIT:
            # never a recruitment that must pay with the Commander, the Interpreter or a mover: the
            # seats that did lost their Indians for good and stalled in the Mountains (two-player games)
            if owned < HAND_LIMIT and affordable_keeping(p, BY_SLUG[a.subject].id):
                out.append([a])
        elif a.verb in TOP_LEVEL:
            out.append([a])
    return out


def outcome(helper: HeuristicBot, view: State, plan: list[Action]) -> State | None:
    """``plan`` applied to a copy of ``view`` and its action finished by ``helper``'s rules (the
    seat's decisions only); None if the plan does not apply."""
    s = view.copy()
    seat = view.current
    for i, a in enumerate(plan):
        legal = legal_actions(s)
        if a not in legal:
            if i and a.verb == Verb.INDIANS:
                continue  # no Indians asked for: the Strength was whole already
            return None
        apply_legal(s, a)
    helper.forget_plan()
    steps = 0
    while s.stack and s.current == seat and not s.over and steps < GUARD:
        legal = legal_actions(s)
        apply_legal(s, legal[0] if len(legal) == 1 else helper.choose(s, legal))
        steps += 1
    helper.forget_plan()
    return s


def _owned(p: Player) -> int:
    return len(p.hand) + len(p.face_up) + len(p.face_down)


def features(before: State, after: State, plan: list[Action], heuristic: list[Action]) -> list[float]:
    """What option ``plan`` did for the seat to move in ``before`` (``after``: its outcome), in the
    order of ``FEATURES``; ``heuristic`` is the heuristic's own plan for the same choice."""
    seat = before.current
    p0, p1 = before.players[seat], after.players[seat]
    route = before.options.route
    verb = plan[0].verb
    play, village, recruit, camp, end = (float(verb == v) for v in (Verb.PLAY, Verb.VILLAGE, Verb.RECRUIT,
                                                                   Verb.CAMP, Verb.END))
    same = float(bool(heuristic) and plan[: len(heuristic)] == heuristic[: len(plan)])
    strength = buried = commander = 0.0
    if verb == Verb.PLAY:
        card = BY_SLUG[plan[0].subject].id
        under = BY_SLUG[plan[1].subject].id if len(plan) > 1 and plan[1].subject != "none" else 0
        indians = plan[2].indians if len(plan) > 2 else 0
        strength = float((CARDS[under].strength if under else 0) + indians)
        buried = CARD_WORTH[under] if under else 0.0
        commander = float(CARDS[card].role == "commander")
    r_strength = r_score = r_mover = 0.0
    if verb == Verb.RECRUIT:
        card = BY_SLUG[plan[0].subject].id
        r_strength = float(CARDS[card].strength)
        r_score = recruit_score(before, seat, card)
        r_mover = float(moves_over(card, terrain_mostly_ahead(before, seat)))
    hand0 = float(len(p0.hand))
    time0 = float(camp_time(p0))
    late = p0.scout / route.fort_clatsop
    togo = turns_to_go(after, seat) - turns_to_go(before, seat)
    out = [play, village, recruit, camp, end, same,
           float(p1.scout - p0.scout),
           float(camp_landing(after, seat).camp - camp_landing(before, seat).camp),
           float(p1.camp - p0.camp),
           float(hand_reach(after, seat) - hand_reach(before, seat)),
           togo,
           underway(after, seat, 0) - underway(before, seat, 0),
           cargo_worth(p1.resources, p1.scout, route) - cargo_worth(p0.resources, p0.scout, route)]
    out.extend(float(p1.resources[k] - p0.resources[k]) for k in range(len(p0.resources)))
    out.extend([float(p1.indians + p1.on_cards - p0.indians - p0.on_cards), float(camp_time(p1)) - time0,
                float(len(p1.hand)) - hand0, float(_owned(p1) - _owned(p0)),
                strength, buried, commander, r_strength, r_score, r_mover,
                camp * hand0, camp * time0, end * hand0, end * time0, late * togo, late * recruit, late * camp])
    return out


class Model:
    """A linear score over standardised features: ``sum(w * (x - mean) / scale)``."""

    def __init__(self, names: list[str], mean: list[float], scale: list[float], weights: list[float]) -> None:
        if names != list(FEATURES):
            raise ValueError(f"{WEIGHTS_FILE}: features {names} are not the module's {list(FEATURES)}")
        if not len(mean) == len(scale) == len(weights) == len(FEATURES):
            raise ValueError(f"{WEIGHTS_FILE}: {len(FEATURES)} means, scales and weights wanted")
        self.mean = mean
        self.scale = [s if s > 0 else 1.0 for s in scale]
        self.weights = weights

    def score(self, x: list[float]) -> float:
        total = 0.0
        for v, m, s, w in zip(x, self.mean, self.scale, self.weights, strict=True):
            total += w * (v - m) / s
        return total

    def to_json(self) -> dict[str, object]:
        return {"features": list(FEATURES), "mean": self.mean, "scale": self.scale, "weights": self.weights}


_MODEL: list[Model] = []


def model() -> Model:
    """The shipped weights (read once)."""
    if not _MODEL:
        data = json.loads(resources.files("lewis_clark.bots").joinpath(WEIGHTS_FILE).read_text())
        _MODEL.append(Model(data["features"], data["mean"], data["scale"], data["weights"]))
    return _MODEL[0]


class PolicyBot(HeuristicBot):
    """The heuristic, each choice between the turn's actions taken by the distilled score."""

    name = "policy"

    def __init__(self, seed: int = 0, weights: Model | None = None) -> None:
        super().__init__(seed)
        self.model = weights if weights is not None else model()
        self.helper = HeuristicBot(seed ^ 0x706F6C69)  # finishes the options and gives its own verdict

    def _turn(self, view: State, legal: list[Action]) -> Action:
        route = view.options.route
        if CAMP in legal and camp_landing(view, view.current).camp >= route.fort_clatsop:
            return CAMP  # the Camp reaches Fort Clatsop: won (R23)
        plans = options(self, view, legal)
        if len(plans) < 2:
            return super()._turn(view, legal)
        heuristic = self.heuristic_plan(view, legal)
        best: tuple[float, list[Action]] | None = None
        for plan in plans:
            after = outcome(self.helper, view, plan)
            if after is None:
                continue
            score = self.model.score(features(view, after, plan, heuristic))
            if best is None or score > best[0]:
                best = (score, plan)
        if best is None:
            return super()._turn(view, legal)
        self.plan = best[1][1:]
        return best[1][0]

    def heuristic_plan(self, view: State, legal: list[Action]) -> list[Action]:
        """The heuristic's own choice here and the steps it planned with it."""
        helper = self.helper
        helper.forget_plan()
        first = helper.choose(view, legal)
        plan = [first, *helper.plan]
        helper.forget_plan()
        return plan


__all__ = ["FEATURES", "WEIGHTS_FILE", "Model", "PolicyBot", "features", "model", "options", "outcome"]
