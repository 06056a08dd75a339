"""A receding-horizon race planner: the line that Camps at Fort Clatsop soonest, judged by that turn.

The planner deals the unseen draw deck anew from its seat's view (``Bot.deal``, several deals:
``samples``) and on each deal searches whole turns of its own seat to the end of the game:

- lines that have just Camped are kept apart by the turn at which they Camp (``buckets``), and only
  compared with Camps made on the same turn (``planning.camped``), so a slow set-up Camp (Horses
  from three kinds of resource, Indians for a mover) is judged by where it leads, not crowded out;
- from the earliest turn on, the ``keep`` best Camps of each turn are grown by an inner beam of
  ``beam`` lines over whole turns (``planning.underway``), every turn offering the Camp, which puts
  a line into a later bucket;
- the first line that Camps at the Fort (or, solo, before Mackenzie arrives) at the earliest turn
  is the plan: the turn of arrival is the objective, the scores only prune. Lines on which
  Mackenzie or another seat arrives first are dropped, so his pace and his jumps over Scouts are in
  the search as the engine plays them.

Other seats move in the deal as the heuristic would play them (collisions and shared Village places
included), settled only when a line is grown (a line never grown costs nothing for them).

The search is kept between turns: after the planner plays the first turn of its chosen line, a deal
whose table came out as the real one (the same view: no card drawn differently, the other seats
played as predicted) keeps every line that began with that turn and goes on where it stopped; a
deal that no longer matches is dealt anew (with ``revive`` taking on the old deal's Camps not yet grown,
replayed on its own cards when their turn comes). So a winning line, once found, is followed until a draw
differs, and each turn spends at most ``nodes`` grown lines on each deal: budgets in lines, never in
seconds, so a game replays from the seed.

Expert iteration's network (bots/learned.py) may be handed in by the registry, never
imported here: its value (``Worth``) ordering a bucket's Camps alone or with ``camped`` (``learned_camps``,
``CampJudge``) or cutting the inner
beam (``learned_beam``), its prior choosing half the actions a turn grows (``learned_prior``, through
``WholeTurns``). After each search ``root_stats`` says what each deal picked, and ``on_play_out`` (if
set) is told the outcome of every play-out: the labels expert iteration fits on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.autoplay import GUARD, pass_others, play_others, play_turn
from lewis_clark.bots.base import Bot, FewerCollections, refused
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.options import CampJudge, Finisher, NoWin, RaceOptions, RolloutOptions, Valuation
from lewis_clark.bots.planning import (
    CYCLE_TURNS,
    JUMP_CHARGE,
    camped,
    distinct,
    mackenzie_jumps,
    position,
    rivals_arrive,
    underway,
)
from lewis_clark.bots.rollout import RolloutBot
from lewis_clark.bots.turns import ACTING, Following, Line, Prior, WholeTurns, line_state
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State, view
from lewis_clark.turn import CAMP, END

# the steps of a turn's action that ``offered`` asks ``bots.base.refused`` about: the card, its Strength and a
# Village place (``plans.wasted`` also marks a futile performance, which is not asked about here)
CHECKED = frozenset({Verb.PLAY, Verb.UNDER, Verb.INDIANS, Verb.VILLAGE})

ToFort = Callable[[State, int], float]  # a learned estimate of the turns a seat still needs to the Fort
Worth = Callable[[list[State], int], list[float]]  # a learned value of states for a seat (higher is better)
# told of each play-out that reached the end of the game: the line's state it started from, the seat, the
# state at the end, and the seat's turns it took
PlayedOut = Callable[[State, int, State, int], None]

BUCKET_KEPT = 48  # Camps remembered per turn (the best by score) until the bucket is grown
RESERVE_KEPT = 24  # Camps passed over by ``keep`` remembered per turn for widening (``widen``)
FALLBACK_PACE = 0.6  # a further charge a turn when Camps of different turns must be compared (no win known)
LAST_TURN = 90  # a line longer than this is not grown (a game this long is lost anyway)
FINISH_PACE = 1.2  # spaces a turn reckoned for what a finished line still lacks when Mackenzie arrives first
CLOSING = CYCLE_TURNS  # a rival reckoned to arrive sooner than this no longer bounds the lines (``_racing_horizon``)


def finished_score(state: State, seat: int, turns: int) -> float:
    """How soon a line played out to the end of the game (``turns`` of the seat's) would reach the Fort:
    minus its turns and the spaces its Camp still lacks at ``FINISH_PACE`` a turn, with those its Scout
    must first win back when Camp Time sent it behind the Camp (a win: minus its turns)."""
    fort = state.options.route.fort_clatsop
    p = state.players[seat]
    lacking = max(0, fort - p.camp) + max(0, p.camp - p.scout)
    return -(turns + lacking / FINISH_PACE)


def by_worth(worth: list[float]) -> list[int]:
    """The order (indices) of lines by ``worth`` alone, best first; equals keep their order."""
    return sorted(range(len(worth)), key=lambda i: -worth[i])


def blended(worth: list[float]) -> list[int]:
    """The order (indices) of lines given best first by their score, by the sum of each one's place there
    and its place by ``worth`` (higher is better); equal sums keep the score's order."""
    place = [0] * len(worth)
    for at, i in enumerate(sorted(range(len(worth)), key=lambda i: -worth[i])):
        place[i] = at
    return sorted(range(len(worth)), key=lambda i: (i + place[i], i))


class Search:
    """The search on one deal, kept while the real table follows the deal."""

    # ``root`` has a default only so that a compiled Search can be made empty when a bot is unpickled
    # (the web sends bots to its workers); every search passes its deal.
    def __init__(self, root: State | None = None) -> None:
        self.root = root if root is not None else new_game(Options(players=1))
        self.buckets: dict[int, list[Line]] = {0: [Line(self.root, (), 0.0)]}
        self.won: Line | None = None  # the earliest line that wins
        self.best: Line | None = None  # the best Camp seen, when none wins yet
        self.best_rank = 0.0  # its score less a further charge for each turn (FALLBACK_PACE)
        self.finished: Line | None = None  # the best line played out to the end (``finish``), if none wins
        self.valued: Line | None = None  # solo, ``no_win=1``: the Camp the learned value rates best, its score that value
        self.grown = 0  # lines grown on this deal so far
        self.played: set[tuple[object, ...]] = set()  # positions already played out
        # the line played to the end that reaches the Fort soonest, for each first turn (``cross`` above 1)
        self.by_first: dict[tuple[Action, ...], Line] = {}
        # Camps handed on by the deal this one replaced (``revive``), by turn: their states are that deal's,
        # their turns are replayed on this deal when their turn's bucket is grown (``RaceBot._revived``)
        self.stale: dict[int, list[Line]] = {}
        # the Camps of each turn grown that ``keep`` passed over, best first (``widen``): grown when a turn's
        # search has nothing left earlier than its win and lines to spare
        self.reserve: dict[int, list[Line]] = {}

    def pick(self) -> Line | None:
        """The line to follow: the earliest win, else the Camp the value rates best (``no_win=1``), else the best
        line played out, else the best Camp."""
        if self.won is not None:
            return self.won
        if self.valued is not None:
            return self.valued
        return self.finished if self.finished is not None else self.best


class RaceBot(Bot):
    """The race planner: ``samples`` deals, the ``keep`` best Camps of each turn grown by a beam of
    ``beam`` lines, ``nodes`` lines grown on each deal a turn; whole turns built by ``WholeTurns``
    (``actions`` actions, ``recruits`` recruitments tried each). With ``value=1`` a Camp's score is
    minus the turn it would reach the Fort (its turn plus ``to_fort``, the learned turns to the
    Fort: bots/experimental/value.py, handed in by the maker), so Camps of one turn and, with no win
    known, Camps of different turns are compared by it; with ``value=2`` only the latter. ``worth`` and
    ``prior`` are expert iteration's value and prior (bots/learned.py, handed in by the
    maker) for the options ``learned_camps``, ``learned_beam``, ``learned_prior`` and ``no_win``."""

    name = "race"

    def __init__(self, seed: int = 0, options: RaceOptions | None = None, to_fort: ToFort | None = None,
                 worth: Worth | None = None, prior: Prior | None = None) -> None:
        super().__init__(seed)
        o = options if options is not None else RaceOptions()
        if o.value != Valuation.HAND and to_fort is None:
            raise ValueError(f"value={o.value.value} ranks Camps by a learned value: none was given (to_fort)")
        for key, on in (("learned_camps", o.learned_camps != CampJudge.HAND), ("learned_beam", o.learned_beam),
                        ("no_win", o.no_win == NoWin.VALUE)):
            if on and worth is None:
                raise ValueError(f"{key} judges lines by a learned value: none was given (worth)")
        if o.learned_prior and prior is None:
            raise ValueError("learned_prior=1 chooses actions by a learned prior: none was given (prior)")
        self.options = o
        self.to_fort = to_fort
        # expert iteration's value, kept only for the options that read it
        self.worth = worth if o.learned_camps != CampJudge.HAND or o.learned_beam or o.no_win == NoWin.VALUE else None
        self.learned_camps = o.learned_camps
        self.learned_beam = o.learned_beam
        self.no_win = o.no_win
        self.valuing = False  # this search notes the Camp the value rates best (``no_win=1``, solo)
        self.saving = o.purse  # the scores credit the Fur and Equipment held towards a mover (planning.purse)
        self.helper = HeuristicBot(seed ^ 0x706C616E)  # the small decisions inside an action
        self.whole = WholeTurns(self.helper, o.actions, o.recruits, o.discounts, o.purse,
                                prior if o.learned_prior else None)
        self.following = Following()
        self.searches = 0
        # the best ``finish`` Camps of each turn grown are played out to the end of the game by the
        # heuristic: a win found so is the one to beat, and with none the line that gets furthest
        # soonest is followed (a Mountain set-up judged by where it really leads)
        self.finish = o.finish
        # False: at a table of several seats a play-out's win is only a finished line (it beat the other
        # seats as the heuristic plays them, slower than they may be), never the win to beat
        self.bound = o.bound
        self.horizon = LAST_TURN  # the seat's turns a line may take (``racing``: until a rival is reckoned to arrive)
        # solo, each space Mackenzie gained by jumping the Scout is charged (planning.mackenzie_jumps)
        self.jump_charge = JUMP_CHARGE if o.jumps else 0.0
        kinds = {Finisher.HEURISTIC: ("heuristic",), Finisher.ROLLOUT: ("rollout",),
                 Finisher.BOTH: ("heuristic", "rollout")}[o.finisher]
        self.finishers: tuple[Bot, ...] = tuple(
            HeuristicBot(seed ^ 0x66696E69) if kind == "heuristic"
            else RolloutBot(seed ^ 0x66696E69, RolloutOptions(camping=True))
            for kind in kinds)
        # LEARNED: Camps judged by the learned turns to the Fort; ACROSS: only when Camps of
        # different turns are compared (no win known), those of one turn still by ``camped``
        self.value = o.value
        self.samples = o.samples
        self.keep = o.keep
        self.beam = o.beam
        self.nodes = o.nodes
        self.table = o.table or o.nodes  # at a table each line also plays the rivals' turns
        self.table_turn = o.table_turn  # at a table, the lines of all of one turn's searches together (0: unbounded)
        self.turn_grown = 0  # lines grown by the searches of the turn being played, on every deal
        self.replan = o.replan or o.nodes
        # each Journal card drawn inside a turn (a recruitment, the Interpreter) may replan its rest: the
        # third and later searches of one turn grow ``later`` lines, so that a turn's thinking stays bounded
        self.later = o.later or self.replan
        self.replan_solo = o.replan_solo
        self.cross = o.cross  # deals that disagree judge each other's lines (``_crossed``)
        self.offered = o.offered  # first turns the driver would refuse are neither grown nor followed
        self.revive = o.revive  # a deal dealt anew takes on the Camps of the one it replaces (``Search.stale``)
        self.widen = o.widen  # Camps passed over grown when a turn's lines are left unspent (``Search.reserve``)
        self.rivals = o.rivals  # a line's turns after which the other seats pass (0: never)
        self.verdicts: dict[tuple[Action, ...], bool] = {}  # whether each first turn from the root is offered
        self.in_turn = 0  # searches made in the turn being played
        self.others = HeuristicBot(seed ^ 0x6F746865)  # how the other seats are reckoned to play
        self.deals: list[Search] = []
        self.committed: tuple[Action, ...] = ()  # the turn last chosen (its searches go on from it)
        self.line: Line | None = None  # the line that turn belongs to (for hints)
        self.line_root: State | None = None
        self.carried = 0  # searches carried on from the turn before (the table followed the deal)
        # what the last search found on each deal, for expert iteration's labels: written, never read back
        self.root_stats: tuple[RootStat, ...] = ()
        self.on_play_out: PlayedOut | None = None  # expert iteration's outcome labels (None: nobody listens)

    def choose(self, view: State, legal: list[Action]) -> Action:
        return self.following.choose(self.plan, view, legal, self.search, self.helper)

    # --- the decision -----------------------------------------------------------------------------

    def search(self, view_now: State) -> tuple[Action, ...]:
        """The turn to play from ``view_now`` (a turn decision of the bot's seat): every deal still
        matching the table goes on, the others are dealt anew; each grows up to ``nodes`` lines
        (``replan`` when a card drawn inside the turn replans its rest), then the deals vote (``_vote``)."""
        with FewerCollections():
            return self._search(view_now)

    def _search(self, view_now: State) -> tuple[Action, ...]:
        self.searches += 1
        seat = view_now.current
        self._moves(len(view_now.players) > 1)
        # the value was fitted on solo games: at a table the play-outs, which play the rivals, still judge
        self.valuing = self.no_win == NoWin.VALUE and len(view_now.players) == 1
        self.horizon = self._racing_horizon(view_now, seat) if self.options.racing else LAST_TURN
        self.verdicts = {}
        kept: list[Search] = []
        dropped: list[dict[int, list[Line]]] = []  # the Camps of each deal that no longer matches (``revive``)
        for deal in self.deals:
            moved = self._reroot(deal, view_now, seat)
            if moved is not None:
                if self.offered:
                    self._drop_refused(moved, seat)
                kept.append(moved)
                self.carried += 1
            elif self.revive:
                dropped.append(self._handed_on(deal))
        for deal in kept:  # a win carried on from a turn before may now come after a rival (``racing``)
            if deal.won is not None and len(deal.won.turns) > self.horizon:
                self._finished(deal, seat, deal.won)
                deal.won = None
        previous = self.line.turns[1:] if self.line is not None and self.line.turns else ()
        inside = view_now.acted or view_now.recruited or view_now.camped
        if previous and inside:
            # replanning inside the turn (a card drawn differed): the rest of this turn comes first
            previous = (tuple(a for a in self.committed if a.verb in (Verb.CAMP, Verb.END)),) + previous
        while len(kept) < self.samples:
            fresh = Search(self.deal(view_now))
            if previous and self.committed:
                self._warm(fresh, seat, previous)
                if self.offered:
                    self._drop_refused(fresh, seat)
            elif self.finish:
                self._finish(fresh, seat, Line(fresh.root, (), 0.0))  # _finish plays on a copy
            if dropped:
                fresh.stale = dropped.pop(0)
            kept.append(fresh)
        # inside a turn only its rest is chosen (the next turn's search grows the deals further)
        self.in_turn = self.in_turn + 1 if inside else 1
        several = len(view_now.players) > 1
        replan = self.replan if self.replan_solo or several else self.nodes
        opening = self.table if several else self.nodes
        budget = opening if not inside else replan if self.in_turn <= 2 else self.later
        if not inside:
            self.turn_grown = 0
        if several and self.table_turn:
            # what the turn's earlier searches left, shared among the deals; at least a bucket, so a replan
            # still weighs the card drawn
            budget = max(1, min(budget, (self.table_turn - self.turn_grown) // len(kept)))
        for deal in kept:
            self.turn_grown += self._grow(deal, seat, budget)
        self.deals = kept
        chosen, root = self._vote(kept, seat)
        self.line, self.line_root = chosen, root
        first = chosen.turns[0] if chosen is not None and chosen.turns else ()
        self.committed = first
        self.following.record(root if root is not None else view_now, first)
        return first

    def _moves(self, several: bool) -> None:
        """The actions and recruitments each turn grows: ``table_actions`` and ``table_recruits`` at a table
        of several seats (where each line also plays the rivals' turns), ``actions`` and ``recruits`` solo."""
        o = self.options
        self.whole.actions = (o.table_actions or o.actions) if several else o.actions
        self.whole.recruits = (o.table_recruits or o.recruits) if several else o.recruits

    @staticmethod
    def _racing_horizon(view_now: State, seat: int) -> int:
        """The seat's turns a line may take with ``racing``: until the first rival is reckoned to Camp at
        the Fort, unless that is within ``CLOSING`` turns. So close, every line reaches about as far by
        then and the Camp it has then no longer tells lines apart (a seat whose Scout had fallen far
        behind its Camp went on Camping with a full hand, the Scout sent back each time, the rival as
        stuck: a game ran to 200 turns a seat); the seat races for its own earliest arrival instead,
        the first win found being the earliest either way, and the rival may be slower than reckoned."""
        arrive = rivals_arrive(view_now, seat, LAST_TURN)
        return LAST_TURN if arrive < CLOSING else arrive

    def _vote(self, deals: list[Search], seat: int) -> tuple[Line | None, State | None]:
        """The line whose first turn wins on most deals (earliest on average), else the first turn
        of the best Camps most agree on; ties go to the earlier deal."""
        tally: dict[tuple[Action, ...], list[tuple[Line, State]]] = {}
        stats: list[RootStat] = []
        for deal in deals:
            line = deal.pick()
            if line is not None and line.turns:
                tally.setdefault(_acting(line.turns[0]), []).append((line, deal.root))
                stats.append(RootStat(line.turns[0], _wins(line, seat), len(line.turns), deal.grown))
        self.root_stats = tuple(stats)
        if not tally:
            return None, None
        if self.cross > 1 or (self.cross and len(tally) > 1):
            return self._crossed(deals, seat, tally)

        def merit(entry: list[tuple[Line, State]]) -> tuple[float, ...]:
            wins = [len(line.turns) for line, _ in entry if _wins(line, seat)]
            mean_win = sum(wins) / len(wins) if wins else 0.0
            mean_score = sum(line.score for line, _ in entry) / len(entry)
            return (len(wins), -mean_win, len(entry), mean_score)

        best = max(tally.values(), key=merit)  # max keeps the first of equals: the earlier deal
        line, root = min(best, key=lambda e: (0 if _wins(e[0], seat) else 1, len(e[0].turns), -e[0].score))
        return line, root

    def _crossed(self, deals: list[Search], seat: int,
                 tally: dict[tuple[Action, ...], list[tuple[Line, State]]]) -> tuple[Line | None, State | None]:
        """``cross``: the deals' lines are each played on every deal (``_played_on``) and the one whose
        play does best on average is followed: each deal's pick and, with ``cross`` above 1, the lines
        of that many of its best first turns (``Search.by_first``). Judged on its own deal's cards only,
        the vote favours the luckier deal, not the better turn."""
        candidates = [entry for entries in tally.values() for entry in entries]
        if self.cross > 1:
            for deal in deals:
                lines = sorted(deal.by_first.values(), key=lambda ln: -finished_score(ln.state, seat, len(ln.turns)))
                candidates += [(line, deal.root) for line in lines[: self.cross]]
        best: tuple[float, Line, State] | None = None
        for line, root in candidates:
            mean = sum(self._played_on(deal, seat, line.turns) for deal in deals) / len(deals)
            if best is None or mean > best[0]:
                best = (mean, line, root)
        assert best is not None  # the tally is not empty
        return best[1], best[2]

    def _played_on(self, deal: Search, seat: int, turns: tuple[tuple[Action, ...], ...]) -> float:
        """``turns`` played on ``deal`` from its root (a step no longer legal repaired, ``_replay_turn``), then
        played out to the end of the game by the first finisher: ``finished_score`` of where it got."""
        s, done = self._replayed(deal.root, seat, turns)
        if not s.over:
            self._settle(s, seat)
        n = len(done) + len(self._to_the_end(s, seat, self.finishers[0], self.horizon - len(done)))
        return finished_score(s, seat, n)

    def _replayed(self, root: State, seat: int, turns: tuple[tuple[Action, ...], ...]) -> tuple[State, list[tuple[Action, ...]]]:
        """``turns`` played on a copy of ``root``, the other seats settled between them (``_replay_turn``
        repairs a step no longer legal): the state after the last turn played, and what each turn played.
        It stops early if the game ends."""
        s = root.copy()
        done: list[tuple[Action, ...]] = []
        for steps in turns:
            if done and not s.over:
                self._settle(s, seat)
            if s.over or s.current != seat:
                break
            done.append(self._replay_turn(s, seat, steps))
        return s, done

    def _to_the_end(self, s: State, seat: int, bot: Bot, most: int) -> list[tuple[Action, ...]]:
        """Play ``s`` on (in place) to the end of the game, at most ``most`` of the seat's turns, its turns
        by ``bot`` and the other seats' by the heuristic (``_settle``); the seat's turns played."""
        turns: list[tuple[Action, ...]] = []
        while not s.over and len(turns) < most:
            turns.append(play_turn(s, bot, seat))
            if not s.over:
                self._settle(s, seat)
        return turns

    def _reroot(self, deal: Search, view_now: State, seat: int) -> Search | None:
        """The deal's search one turn on, if the turn committed was played on it and its table now
        looks as the real one does; else None."""
        first = self.committed
        if not first or not deal.buckets and deal.won is None:
            return None
        s = deal.root.copy()
        for a in first:
            if s.over or a not in legal_actions(s):
                return None
            apply_legal(s, a)
        self._settle(s, seat)
        if s.over or view(s, seat) != view_now:
            return None
        out = Search(s)
        out.grown = deal.grown
        out.buckets = {}
        # valued scores count the turns from the root: one turn on, each is a turn sooner
        shift = 1.0 if self.value == Valuation.LEARNED else 0.0
        for turn, lines in deal.buckets.items():
            shifted = [Line(ln.state, ln.turns[1:], ln.score + shift) for ln in lines
                       if ln.turns and ln.turns[0] == first]
            if shifted:
                out.buckets[turn - 1] = shifted
        if not any(out.buckets.values()):
            out.buckets = {0: [Line(s, (), 0.0)]}
        out.stale = self._one_on(deal.stale)
        out.reserve = {turn: lines for turn, lines in self._one_on(deal.reserve).items() if turn > 0}
        out.played = deal.played
        for old, name, later in ((deal.won, "won", shift), (deal.best, "best", shift), (deal.finished, "finished", 1.0),
                                 (deal.valued, "valued", 0.0)):
            if old is not None and len(old.turns) > 1 and old.turns[0] == first:
                setattr(out, name, Line(old.state, old.turns[1:], old.score + later))
        for line in deal.by_first.values():
            if len(line.turns) > 1 and line.turns[0] == first:
                self._note_first(out, seat, Line(line.state, line.turns[1:], line.score))
        out.best_rank = deal.best_rank + (1.0 if self.value != Valuation.HAND else FALLBACK_PACE)
        return out

    def _handed_on(self, deal: Search) -> dict[int, list[Line]]:
        """The Camps of ``deal`` not yet grown (those handed on to it too) that began with the turn
        committed, one turn on (``revive``)."""
        out = self._one_on(deal.stale)
        for turn, lines in self._one_on(deal.buckets).items():
            out.setdefault(turn, []).extend(lines)
        return out

    def _one_on(self, groups: dict[int, list[Line]]) -> dict[int, list[Line]]:
        """The lines of ``groups`` (by turn) that began with the turn committed, one turn on."""
        first = self.committed
        out: dict[int, list[Line]] = {}
        for turn, lines in groups.items():
            moved = [Line(ln.state, ln.turns[1:], ln.score) for ln in lines if len(ln.turns) > 1 and ln.turns[0] == first]
            if moved:
                out[turn - 1] = moved
        return out

    def _revived(self, deal: Search, seat: int, stale: list[Line]) -> list[Line]:
        """The best ``2 * keep`` of ``stale`` (Camps handed on to ``deal``) replayed on ``deal`` from its root
        (a step no longer legal repaired, ``_replay_turn``) and scored anew; a replay that wins may become
        the win to beat, one that ends otherwise is dropped."""
        stale.sort(key=lambda ln: -ln.score)
        out: list[Line] = []
        for line in distinct(stale, 2 * self.keep, line_state, seat):
            s, done = self._replayed(deal.root, seat, line.turns)
            n = len(done)
            if s.over:
                if s.winner == seat and n <= self.horizon and (deal.won is None or n < len(deal.won.turns)):
                    deal.won = Line(s, tuple(done), float(-n))
                    self._note_first(deal, seat, deal.won)
                continue
            if n != len(line.turns) or (self.offered and not self._is_offered(deal.root, seat, done[0])):
                continue
            out.append(Line(s, tuple(done), self._camp_score(s, seat, n)))
        return out

    def _warm(self, deal: Search, seat: int, turns: tuple[tuple[Action, ...], ...]) -> None:
        """Seed a new deal with the line followed so far: its turns replayed on the deal (a step no
        longer legal is repaired: the action finished by the heuristic's rules, the turn ended), each
        Camp put in its turn's bucket, a win kept as the win to beat. A card drawn differently then
        costs the line nothing it did not depend on."""
        s = deal.root.copy()
        done: list[tuple[Action, ...]] = []
        for steps in turns:
            if s.over or s.current != seat:
                return
            taken = self._replay_turn(s, seat, steps)
            done.append(taken)
            n = len(done)
            if s.over:
                if s.winner == seat and n <= self.horizon:
                    deal.won = Line(s.copy(), tuple(done), float(-n))
                    self._note_first(deal, seat, deal.won)
                elif self.finish:
                    self._finished(deal, seat, Line(s.copy(), tuple(done), 0.0))
                return
            self._settle(s, seat)
            if CAMP in taken:
                made = Line(s.copy(), tuple(done), self._camp_score(s, seat, n))
                deal.buckets.setdefault(n, []).append(made)
                rank = self._camp_rank(made, seat, n)
                if deal.best is None or rank > deal.best_rank:
                    deal.best, deal.best_rank = made, rank
        if self.finish and not s.over:
            self._finish(deal, seat, Line(s, tuple(done), 0.0))

    def _replay_turn(self, s: State, seat: int, steps: tuple[Action, ...]) -> tuple[Action, ...]:
        """Play one turn of a line on ``s`` (in place) and return what was played: a step no longer legal
        is repaired (the action finished by the heuristic's rules; a card or place gone, the heuristic
        acts), and a turn left open is ended."""
        taken: list[Action] = []
        start = s.turn
        for a in steps:
            if s.over or s.current != seat or s.turn != start:
                break
            if a in legal_actions(s):
                apply_legal(s, a)
                taken.append(a)
            elif s.stack:
                taken.extend(self.whole.complete(s, seat))
            elif a.verb in ACTING and not s.acted:  # the card or place is gone: the heuristic acts
                legal = legal_actions(s)
                helper = self.helper
                helper.forget_plan()
                b = helper.choose(s, legal)
                apply_legal(s, b)
                taken.append(b)
                taken.extend(self.whole.complete(s, seat))
        guard = 0
        while not s.over and s.current == seat and s.turn == start and guard < GUARD:  # end a turn left open
            legal = legal_actions(s)
            if s.stack:
                taken.extend(self.whole.complete(s, seat))
                continue
            a = END if END in legal else CAMP if CAMP in legal else legal[0]
            apply_legal(s, a)
            taken.append(a)
            guard += 1
        return tuple(taken)

    # --- the search -------------------------------------------------------------------------------

    def _grow(self, deal: Search, seat: int, budget: int) -> int:
        """Grow the earliest buckets of ``deal`` until ``budget`` lines are grown (a bucket started
        is finished) or nothing earlier than the known win is left; the lines grown."""
        spent = 0
        while spent < budget:
            if not deal.buckets and not deal.stale:
                widened = self._widened(deal) if self.widen else []
                if not widened:
                    break
                spent += self._inner(deal, seat, widened)  # their Camps fill the buckets again
                continue
            turn = min([*deal.buckets, *deal.stale])
            lines = deal.buckets.pop(turn, [])
            if turn >= self.horizon or (deal.won is not None and turn + 1 >= len(deal.won.turns)):
                deal.buckets.clear()  # nothing left can Camp at the Fort sooner
                deal.stale.clear()
                continue
            if turn in deal.stale:
                lines.extend(self._revived(deal, seat, deal.stale.pop(turn)))
                if not lines:
                    continue
            lines.sort(key=lambda ln: -ln.score)
            if self.learned_camps != CampJudge.HAND or self.valuing:
                lines = self._valued(deal, lines, seat)
            ranked = distinct(lines, self.keep + (RESERVE_KEPT if self.widen else 0), line_state, seat)
            starts = ranked[: self.keep]  # the same Camps with ``widen`` as without
            if len(ranked) > self.keep:  # only with ``widen``: the Camps passed over are kept for it
                deal.reserve[turn] = (deal.reserve.get(turn, []) + ranked[self.keep:])[:RESERVE_KEPT]
            for line in starts[: self.finish]:
                self._finish(deal, seat, line)
            spent += self._inner(deal, seat, starts)
        deal.grown += spent
        return spent

    def _widened(self, deal: Search) -> list[Line]:
        """The next ``widen`` Camps passed over in the earliest turn that could still lead to the Fort
        sooner than the win known (``Search.reserve``), taken from it; none when no turn can."""
        last = min(self.horizon, len(deal.won.turns) - 1 if deal.won is not None else LAST_TURN)
        for turn in sorted(deal.reserve):
            lines = deal.reserve.pop(turn)
            if turn >= last:
                continue
            if len(lines) > self.widen:
                deal.reserve[turn] = lines[self.widen:]
            return lines[: self.widen]
        return []

    def _finish(self, deal: Search, seat: int, line: Line) -> None:
        """Play ``line`` out to the end of the game by each finisher (the seat's turns by its rules,
        the other seats' by the heuristic's, Mackenzie as the engine plays him): a win sooner than
        the one known becomes the win to beat; else the line is judged by where it got
        (``_judge_finished``). A position played out before is not played again."""
        key = position(line.state, seat) + (len(line.turns),)
        if key in deal.played:
            return
        deal.played.add(key)
        for bot in self.finishers:
            self._play_out(deal, seat, line, bot)

    def _play_out(self, deal: Search, seat: int, line: Line, bot: Bot) -> None:
        """One play-out of ``line`` to the end, the seat's turns by ``bot`` (see ``_finish``)."""
        s = self._settle(line.state.copy(), seat)
        limit = min(self.horizon, len(deal.won.turns) - 1) if deal.won is not None else self.horizon
        turns = list(line.turns) + self._to_the_end(s, seat, bot, limit - len(line.turns))
        if self.offered and not line.turns and turns and not self._is_offered(line.state, seat, turns[0]):
            return  # played from the root, its first turn is one the driver would refuse
        if s.over and self.on_play_out is not None:
            self.on_play_out(line.state, seat, s, len(turns) - len(line.turns))
        done = Line(s, tuple(turns), 0.0)
        if s.over and s.winner == seat and (self.bound or len(s.players) == 1):
            n = len(turns)
            if deal.won is None or n < len(deal.won.turns):
                deal.won = Line(s, done.turns, float(-n))
                self._note_first(deal, seat, deal.won)
            return
        self._finished(deal, seat, done)

    def _finished(self, deal: Search, seat: int, line: Line) -> None:
        """``line``, played out and not won, judged for the deal (``_judge_finished``) and noted for its first
        turn (``_note_first``)."""
        self._note_first(deal, seat, line)
        self._judge_finished(deal, seat, line)

    @staticmethod
    def _judge_finished(deal: Search, seat: int, line: Line) -> None:
        """Keep ``line`` (played out, not won) as the deal's finished line if it would reach the
        Fort soonest: its turns, plus the spaces its Camp still lacks at ``FINISH_PACE`` a turn, and
        those its Scout must first win back when Camp Time sent it behind the Camp. Counting the Camp
        alone, two experts at a table whose lines could not reach the Fort before the rival was
        reckoned there judged every line alike and Camped each turn, the Scout sent back to St Louis,
        for 300 turns (tuning seed 2,000,102)."""
        score = finished_score(line.state, seat, len(line.turns))
        if line.turns and (deal.finished is None or score > deal.finished.score):
            deal.finished = Line(line.state, line.turns, score)

    def _note_first(self, deal: Search, seat: int, line: Line) -> None:
        """With ``cross`` above 1, keep ``line`` (played to the end of the game) as ``deal``'s line for its
        first turn if none of them would reach the Fort sooner (``finished_score``)."""
        if self.cross <= 1 or not line.turns:
            return
        key = _acting(line.turns[0])
        known = deal.by_first.get(key)
        if known is None or finished_score(line.state, seat, len(line.turns)) > \
                finished_score(known.state, seat, len(known.turns)):
            deal.by_first[key] = line

    def _is_offered(self, root: State, seat: int, steps: tuple[Action, ...]) -> bool:
        """Whether the driver would offer each step of the first turn ``steps`` from ``root`` (``offered``):
        none is refused (``refused``) until a card is drawn (what follows is then not known)."""
        known = self.verdicts.get(steps)
        if known is not None:
            return known
        s = root.copy()
        journal = tuple(s.journal)
        verdict = True
        for a in steps:
            if s.over or s.current != seat or tuple(s.journal) != journal or a not in legal_actions(s):
                break
            if a.verb in CHECKED and refused(s, a):
                verdict = False
                break
            apply_legal(s, a)
        self.verdicts[steps] = verdict
        return verdict

    def _drop_refused(self, deal: Search, seat: int) -> None:
        """Forget the lines of ``deal`` (carried on or replayed) whose first turn the driver would refuse."""
        root = deal.root

        def ok(line: Line | None) -> bool:
            return line is None or not line.turns or self._is_offered(root, seat, line.turns[0])

        for groups in (deal.buckets, deal.reserve):
            for turn in list(groups):
                kept = [ln for ln in groups[turn] if ok(ln)]
                if kept:
                    groups[turn] = kept
                else:
                    del groups[turn]
        if not any(deal.buckets.values()):
            deal.buckets = {0: [Line(root, (), 0.0)]}
        if not ok(deal.won):
            deal.won = None
        if not ok(deal.finished):
            deal.finished = None
        if not ok(deal.best):
            deal.best, deal.best_rank = None, 0.0

    def _inner(self, deal: Search, seat: int, starts: list[Line]) -> int:
        """The inner beam from one turn's best Camps: whole turns at a time, ``beam`` lines kept by
        ``underway``; a line that Camps goes to its turn's bucket, one that wins may end the search.
        The lines grown."""
        frontier = starts
        spent = 0
        for _ in range(CYCLE_TURNS):
            grown: list[Line] = []
            for line in frontier:
                n = len(line.turns) + 1
                if deal.won is not None and n >= len(deal.won.turns):
                    continue  # cannot arrive sooner than the win known
                state = self._settle(line.state, seat, len(line.turns))
                if state.over:
                    continue  # another seat (or Mackenzie) arrived first on this line
                spent += 1
                whole = self.whole.turns(state, seat)
                if self.offered and not line.turns:
                    whole = [w for w in whole if self._is_offered(state, seat, w[0])] or whole
                for steps, after, camps in whole:
                    turns = line.turns + (steps,)
                    if after.over:
                        if after.winner == seat and n <= self.horizon and (deal.won is None or n < len(deal.won.turns)):
                            deal.won = Line(after, turns, float(-n))
                            self._note_first(deal, seat, deal.won)
                        continue
                    if camps:
                        made = Line(after, turns, self._camp_score(after, seat, n))
                        bucket = deal.buckets.setdefault(n, [])
                        bucket.append(made)
                        if len(bucket) > 2 * BUCKET_KEPT:
                            bucket.sort(key=lambda ln: -ln.score)
                            del bucket[BUCKET_KEPT:]
                        rank = self._camp_rank(made, seat, n)
                        if deal.best is None or rank > deal.best_rank:
                            deal.best, deal.best_rank = made, rank
                    else:
                        grown.append(Line(after, turns, underway(after, seat, n, self.saving) - self._jumped(after)))
            grown.sort(key=lambda ln: -ln.score)
            if self.learned_beam and len(grown) > self.beam:
                # the learned value cuts the beam: of the 3 * beam best by ``underway``, its best
                grown = self._by_worth(grown[: 3 * self.beam], seat)
            frontier = distinct(grown, self.beam, line_state, seat)
            if not frontier:
                break
        return spent

    def _valued(self, deal: Search, lines: list[Line], seat: int) -> list[Line]:
        """A bucket's Camps (best first by score) judged by the learned value once: ordered by it alone
        (``learned_camps=1``) or by it and the score together (``learned_camps=2``, ``blended``: places,
        not the two numbers, are added, so neither needs a weight against the other), and, when
        ``valuing``, the best of them noted as the deal's line to follow while nothing wins (``no_win=1``:
        the value predicts the margin at the end, Mackenzie's pace in it, so Camps of different turns compare)."""
        assert self.worth is not None  # checked when made
        worth = self.worth([ln.state for ln in lines], seat)
        if self.valuing:
            for line, value in zip(lines, worth, strict=True):
                if line.turns and (deal.valued is None or value > deal.valued.score):
                    deal.valued = Line(line.state, line.turns, value)
        if self.learned_camps == CampJudge.VALUE:
            return [lines[i] for i in by_worth(worth)]
        if self.learned_camps == CampJudge.BLEND:
            return [lines[i] for i in blended(worth)]
        return lines

    def _by_worth(self, lines: list[Line], seat: int) -> list[Line]:
        """``lines`` best first by the learned value (``worth``); equals keep their order."""
        assert self.worth is not None  # checked when made
        return [lines[i] for i in by_worth(self.worth([ln.state for ln in lines], seat))]

    def _camp_score(self, state: State, seat: int, turns: int) -> float:
        """How a line that has just Camped after ``turns`` turns ranks among the Camps of its turn:
        the hand-written ``camped``, or minus the turn the learned value says it reaches the Fort."""
        if self.value == Valuation.LEARNED:
            return -(turns + self._learned(state, seat)) - self._jumped(state)
        return camped(state, seat, turns, self.saving) - self._jumped(state)

    def _jumped(self, state: State) -> float:
        """The charge for Mackenzie's jumps over the Scout so far (``jumps=1``; solo)."""
        return self.jump_charge * mackenzie_jumps(state) if self.jump_charge else 0.0

    def _camp_rank(self, made: Line, seat: int, turns: int) -> float:
        """A Camp's rank against Camps of other turns when no win is known (higher is better): minus
        its learned turn of arrival (``value=1``: that is its score), else its score less a further
        charge a turn."""
        if self.value == Valuation.LEARNED:
            return made.score
        if self.value == Valuation.ACROSS:
            return -(turns + self._learned(made.state, seat))
        return made.score - FALLBACK_PACE * turns

    def _learned(self, state: State, seat: int) -> float:
        """The learned turns ``seat`` still needs to the Fort (``value`` other than HAND)."""
        assert self.to_fort is not None  # checked when made
        return self.to_fort(state, seat)

    def _settle(self, state: State, seat: int, turns: int = 0) -> State:
        """Let the other seats play (in place) as the heuristic would, until ``seat`` is to play; on a
        line ``turns`` turns out, from ``rivals`` turns on they pass instead."""
        if self.rivals and turns >= self.rivals:
            return pass_others(state, seat)
        return play_others(state, self.others, seat)

    # --- what the plan says (for hints) --------------------------------------------------------------

    def outlook(self) -> Outlook | None:
        """What the line being followed leads to: its next Camp (turns from now, where, the Time it
        costs) and, if it wins, the turn of arrival. None before any search."""
        line, root = self.line, self.line_root
        if line is None or root is None:
            return None
        s = root.copy()
        seat = root.current
        camp_in = camp_at = camp_cost = 0
        for i, steps in enumerate(line.turns):
            for a in steps:
                if s.over or a not in legal_actions(s):
                    break
                if a == CAMP and not camp_in:
                    before = s.players[seat].scout
                    apply_legal(s, a)
                    camp_in, camp_at = i + 1, s.players[seat].camp
                    camp_cost = max(0, before - camp_at)
                    continue
                apply_legal(s, a)
            if camp_in:
                break
            self._settle(s, seat)
        wins = len(line.turns) if line.state.over and line.state.winner == seat else 0
        return Outlook(camp_in, camp_at, camp_cost, wins)


class RootStat(NamedTuple):
    """What one deal's search picked at the root: the first turn of its line, whether that line wins,
    its length in turns and the lines grown on the deal (the search's effort)."""

    first: tuple[Action, ...]
    wins: bool
    turns: int
    grown: int


class Outlook(NamedTuple):
    """Where the chosen line leads: its next Camp ``camp_in`` turns from now (1: this turn; 0: no
    Camp planned) at space ``camp_at`` with ``camp_time`` Time, and ``win_in`` turns to win (0: no
    winning line known)."""

    camp_in: int
    camp_at: int
    camp_time: int
    win_in: int


def _acting(steps: tuple[Action, ...]) -> tuple[Action, ...]:
    """A turn as the deals compare it: its turn-level actions (a card drawn may change the rest)."""
    return tuple(a for a in steps if a.verb in ACTING or a.verb in (Verb.RECRUIT, Verb.CAMP, Verb.END))


def _wins(line: Line, seat: int) -> bool:
    return line.state.over and line.state.winner == seat


__all__ = ["Line", "Outlook", "PlayedOut", "RaceBot", "RootStat", "Search", "ToFort", "Worth", "blended",
           "finished_score"]
