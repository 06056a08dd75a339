"""The heuristic, choosing each turn's action by playing the Camp-to-Camp cycle out.

At a turn's action the heuristic's own choice and a few alternatives (each card at each Strength it
can get, the Village placements, a Camp first) are tried on one deal of the unseen deck
(``Bot.deal``): each opening is finished by the heuristic's rules, then the heuristic plays the
seat's following turns to its next Camp (other seats pass, as in the planner), and the line is
scored where that Camp lands, less the turns spent (``planning.camped``). So the turn that makes
the fuel for a Commander at full Strength, or keeps a Strength card for it, is judged by the Camp
it leads to, not by one action's gain. The rest of the action follows the heuristic; the cost is a
few short rollouts a turn (budgets in turns and candidates, never seconds). With ``camping`` the
Camp after the action is chosen the same way (a Camp now against the end of the turn, both played
out); ``deals`` plays each opening on several deals and averages the scores. With ``policy`` the
``policy`` options the distilled policy (bots/policy.py) ranks best are played out as well, until the
Camp has stood still for ``STALL`` rounds.
"""

from __future__ import annotations

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.autoplay import pass_others
from lewis_clark.bots.heuristic import CAMP, END, HeuristicBot
from lewis_clark.bots.knowledge import HAND_LIMIT, affordable_keeping, recruit_order
from lewis_clark.bots.options import RolloutOptions
from lewis_clark.bots.planning import camped, underway
from lewis_clark.bots.policy import features, model, options, outcome
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import MOST_STRENGTH
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.state import Player, State

ACTING = frozenset({Verb.PLAY, Verb.VILLAGE})
GUARD = 200  # decisions one rollout may take before it is cut short (a bug guard)
LOST = -1e6  # a line on which the game is lost (Mackenzie or another seat arrives)
WON = 1e6
STALL = 6  # rounds without the Camp moving after which the policy's options are left out


class RolloutBot(HeuristicBot):
    """The heuristic; the turn's action chosen by rollouts to the next Camp."""

    name = "rollout"

    def __init__(self, seed: int = 0, options: RolloutOptions | None = None) -> None:
        super().__init__(seed)
        o = options if options is not None else RolloutOptions()
        self.options = o
        self.width = o.width  # openings played out besides the heuristic's own
        self.depth = o.depth  # own turns a rollout may take to reach its Camp
        self.recruits = o.recruits  # recruitments tried as openings (the most wanted first)
        self.camps = o.camps  # Camps a rollout plays to
        self.charge = o.charge  # a further charge a turn on top of planning's PACE
        self.obvious = o.obvious  # no rollouts when the heuristic moves the Commander at full Strength
        self.camping = o.camping  # after the action, Camp or end the turn by playing both out
        self.deals = o.deals  # deals of the unseen deck each opening is played out on (scores averaged)
        self.policy = o.policy  # options of the distilled policy (bots/policy.py) played out besides the others
        self.helper = HeuristicBot(seed ^ 0x726F6C6C)  # plays the rollouts
        self.camp_since = (-1, 0)  # the seat's Camp and the turn it was first seen there (``_stalled``)
        self.rollouts = 0

    def _action_plan(self, view: State, legal: list[Action], p: Player) -> list[Action]:
        base = super()._action_plan(view, legal, p)
        if self.obvious and self._full_commander(p, base):
            return base
        openings = self._openings(view, legal, p, base)
        if len(openings) < 2:
            return base
        seat = view.current
        roots = [self.deal(view) for _ in range(self.deals)]
        best: tuple[float, list[Action]] | None = None
        for plan in openings:
            score = sum(self._play_out(root, seat, plan) for root in roots)
            if best is None or score > best[0]:
                best = (score, plan)
        return best[1] if best else base

    def _camp_now(self, view: State, seat: int) -> bool:
        """After the action: the heuristic's rule, or (``camping``) the better of a Camp now and the
        end of the turn, each played out to the Camp it leads to. At the Fort the rule decides."""
        rule = super()._camp_now(view, seat)
        p = view.players[seat]
        if not self.camping or not view.acted or p.scout >= view.options.route.fort_clatsop:
            return rule
        if not rule and (len(p.hand) >= 3 or not p.hand):
            return rule  # a hand to play: no Camp to weigh yet
        roots = [self.deal(view) for _ in range(self.deals)]
        return sum(self._play_out(r, seat, [CAMP]) - self._play_out(r, seat, [END]) for r in roots) > 0

    def _openings(self, view: State, legal: list[Action], p: Player, base: list[Action]) -> list[list[Action]]:
        """The heuristic's opening, a Camp first when it may, and the ``width`` best others by the
        heuristic's one-action gain (each card at Strength 1, 2 and 3, the Village placements)."""
        seat = view.current
        scored: list[tuple[float, list[Action]]] = []
        seen: list[list[Action]] = [base] if base else []
        for plan in self.openings(legal, p, tuple(range(1, MOST_STRENGTH + 1)), commander=True):
            if plan in seen:
                continue
            result = self._simulate(view, plan)
            if result is None:
                continue
            seen.append(plan)
            scored.append((self._gain(view, result[0], seat), plan))
        scored.sort(key=lambda m: -m[0])
        out = [base] if base else []
        out += [plan for _, plan in scored[: self.width]]
        if CAMP in legal and not view.camped and p.face_up:
            out.append([CAMP])
        if self.recruits and not view.recruited and len(p.hand) + len(p.face_up) + len(p.face_down) < HAND_LIMIT:
            kept = [slug for slug in recruit_order(view, seat, legal) if affordable_keeping(p, BY_SLUG[slug].id)]
            out += [[Action(Verb.RECRUIT, slug)] for slug in kept[: self.recruits]]
        if self.policy and not self._stalled(view, p):
            out += [plan for plan in self._ranked(view, legal, base) if plan not in out][: self.policy]
        return out

    def _stalled(self, view: State, p: Player) -> bool:
        """The Camp has not moved for ``STALL`` rounds: the policy's options led nowhere (two seats
        can shed cards Camp after Camp for ever), so the heuristic's own rules alone take over."""
        camp, since = self.camp_since
        if p.camp != camp:
            self.camp_since = (p.camp, view.turn)
            return False
        return view.turn - since > STALL * len(view.players)

    def _ranked(self, view: State, legal: list[Action], base: list[Action]) -> list[list[Action]]:
        """The options besides the heuristic's, the best by the distilled policy's score first."""
        weights = model()
        scored: list[tuple[float, list[Action]]] = []
        for plan in options(self, view, legal):
            if plan == base or plan[0].verb == Verb.END:
                continue
            after = outcome(self.helper, view, plan)
            if after is not None:
                scored.append((weights.score(features(view, after, plan, base)), plan))
        scored.sort(key=lambda m: -m[0])
        return [plan for _, plan in scored]

    def _play_out(self, root: State, seat: int, opening: list[Action]) -> float:
        """The opening, then the heuristic to the seat's next Camp (at most ``depth`` turns): where
        it lands less the turns spent (``planning.camped``); ``underway`` if no Camp came."""
        self.rollouts += 1
        s = root.copy()
        helper = self.helper
        helper.forget_plan()
        helper.plan = list(opening)
        turns = 0
        guard = 0
        camps = 0
        while not s.over and guard < GUARD * self.camps:
            guard += 1
            if s.current != seat:
                pass_others(s, seat)
                continue
            legal = legal_actions(s)
            a = legal[0] if len(legal) == 1 else helper.choose(s, legal)
            if a == CAMP and not s.camped:
                used = turns + (1 if s.acted else 0)
                apply_in_place(s, a)
                if s.over:
                    break
                camps += 1
                if camps >= self.camps:
                    helper.forget_plan()
                    return camped(s, seat, used) - self.charge * used
                continue
            apply_in_place(s, a)
            if a == END:
                turns += 1
                if turns >= self.depth * self.camps:
                    break
        helper.forget_plan()
        if s.over:
            return WON - turns if s.outcome.winner == seat else LOST
        return underway(s, seat, turns) - self.charge * turns

    @staticmethod
    def _full_commander(p: Player, plan: list[Action]) -> bool:
        """``plan`` plays the Commander with full Strength (a card under and Indians)."""
        if len(plan) < 3 or plan[0].verb != Verb.PLAY or CARDS[BY_SLUG[plan[0].subject].id].role != "commander":
            return False
        under = CARDS[BY_SLUG[plan[1].subject].id].strength if plan[1].subject != "none" else 0
        return under + plan[2].indians >= MOST_STRENGTH


__all__ = ["RolloutBot"]
