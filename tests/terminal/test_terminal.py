"""`lewis-clark play` driven through a pseudo-terminal: whole games, undo, save/load, help, bad input, Ctrl-C."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from lewis_clark.bots import make_bot
from lewis_clark.plans import Plan
from lewis_clark.record import Record, load_record
from lewis_clark.route import Route
from lewis_clark.rules import apply, legal_actions
from lewis_clark.selfplay import bot_seed, play_game
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State, view
from lewis_clark.terminal.choices import choices, code
from lewis_clark.wording import prompt

SCRIPT = Path(sys.executable).parent / "lewis-clark"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"(orange|blue|yellow|green|purple)> "
SHORT_ROUTE = "R S R R R F R R R R R R"  # R25 variant: random games end on it


class Terminal:
    """One run of the real command in a pseudo-terminal 80 columns wide."""

    def __init__(self, tmp: Path, *args: str, timeout: float = 20) -> None:
        self.output = io.StringIO()
        env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"), "TERM": "xterm-256color",
               "LANG": "C.UTF-8"}
        if "PYTHONPATH" in os.environ:  # the sources under test, not only the installed package
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        self.child = pexpect.spawn(str(SCRIPT), ["play", "--plain", *args], env=env, dimensions=(50, 80), encoding="utf-8",
                                   timeout=timeout)
        self.child.logfile_read = self.output
        self.child.delaybeforesend = None  # pexpect's default 50 ms per line would slow whole games down

    def prompt(self) -> str:
        """Wait for the game prompt; the text shown since the last call, without colour codes."""
        start = self.output.tell()
        self.child.expect(PROMPT)
        return ANSI.sub("", self.output.getvalue()[start:])

    def expect(self, pattern: str) -> str:
        start = self.output.tell()
        self.child.expect(pattern)
        return ANSI.sub("", self.output.getvalue()[start:])

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self.child.close()
        status: int = self.child.exitstatus
        return status

    @property
    def text(self) -> str:
        return ANSI.sub("", self.output.getvalue()).replace("\r", "")


@pytest.fixture
def term(tmp_path: Path) -> Iterator[list[Terminal]]:
    started: list[Terminal] = []
    yield started
    for t in started:
        if t.child.isalive():
            t.child.terminate(force=True)


def start(term: list[Terminal], tmp: Path, *args: str, timeout: float = 20) -> Terminal:
    t = Terminal(tmp, *args, timeout=timeout)
    term.append(t)
    return t


def test_solo_game_against_mackenzie_to_the_end_screen(term: list[Terminal], tmp_path: Path) -> None:
    """R24: a whole solo game typed at the prompt; Mackenzie (level 7) reaches Fort Clatsop, the end
    screen names him and offers the record, which replays to the same finished game."""
    save = tmp_path / "solo.json"
    t = start(term, tmp_path, "--players", "human", "--mackenzie", "7", "--seed", "2", "--fast", "--autosave", str(save))
    prompts = 0
    while t.child.expect([PROMPT, r"Enter to skip\): "]) == 0:
        prompts += 1
        assert prompts < 1000, "the solo game should end when Mackenzie arrives"
        t.send("1")
    end = t.text[t.text.rindex("Game over"):]
    assert "Mackenzie reaches Fort Clatsop first" in end
    assert str(save) in end.replace("\n", "")
    copy = tmp_path / "copy.json"
    t.send(str(copy))
    assert t.finish() == 0
    record = load_record(copy)
    final = record.replay()
    assert final.over and final.winner == -1 and final.mackenzie >= final.options.route.fort_clatsop
    assert record.bots == ["human"]
    assert load_record(save).actions == record.actions


def _near_end(tmp: Path) -> tuple[Path, int, list[str]]:
    """A record of a random game on a short route (R25), cut at the start of the loser's last turn; the
    winner's seat becomes "human". Returns the record, the human's seat and the winning moves to type,
    checked here against exactly what the session's random bot will do."""
    for seed in range(60):
        options = Options(players=2, seed=seed, route=Route.parse(SHORT_ROUTE))
        state, record, _ = play_game(options, ["random", "random"], max_turns=300, keep_log=False)
        if not state.over:
            continue
        winner, loser = state.winner, 1 - state.winner
        starts = _turn_starts(options, record.actions)
        if len(starts) < 3:
            continue
        cut, final = starts[-2], record.actions[starts[-1]:]
        s = Record(options, record.actions[:cut]).replay()
        bot = make_bot("random", bot_seed(seed, loser))  # what Session makes for the seat
        while not s.over and s.current == loser:
            s = apply(s, bot.choose(view(s, loser), list(legal_actions(s))))
        if s.over or not _wins(s, final, winner):
            continue
        path = tmp / "near-end.json"
        seats = ["human", "random"] if winner == 0 else ["random", "human"]
        Record(options, record.actions[:cut], bots=seats).save(path)
        return path, winner, final
    raise AssertionError("no random game on the short route ended")


def _turn_starts(options: Options, actions: list[str]) -> list[int]:
    s, starts, turn = new_game(options), [], 0
    for i, text in enumerate(actions):
        if s.turn != turn:
            starts.append(i)
            turn = s.turn
        s = apply(s, text)
    return starts


def _wins(s: State, moves: list[str], seat: int) -> bool:
    try:
        for text in moves:
            s = apply(s, text)
    except ValueError:
        return False
    return s.over and s.winner == seat


def test_two_player_game_against_a_bot_ends_with_the_winner_named(term: list[Terminal], tmp_path: Path) -> None:
    """R23: loaded near its end, the bot plays its turn (shown as log lines), the person types the winning
    turn, and the first Camp at Fort Clatsop wins."""
    path, seat, moves = _near_end(tmp_path)
    t = start(term, tmp_path, "--load", str(path), "--fast", "--autosave", str(tmp_path / "auto.json"))
    colour = ("orange", "blue")[seat]
    bot_colour = ("orange", "blue")[1 - seat]
    shown = t.prompt()
    assert re.search(rf"^  {bot_colour.capitalize()} (plays|sends|recruits|camps)", shown, re.M), "bot moves are logged"
    for i, move in enumerate(moves):
        if i:
            t.prompt()
        t.send(move)
    end = t.expect(r"Enter to skip\): ")
    assert f"{colour.capitalize()} (you) sets up Camp at Fort Clatsop and wins!" in end
    t.send("")
    assert t.finish() == 0
    final = load_record(tmp_path / "auto.json").replay()
    assert final.over and final.winner == seat


def test_default_start_asks_nothing_and_ctrl_c_asks_before_leaving(term: list[Terminal], tmp_path: Path) -> None:
    """No arguments: you (orange) against one medium bot, autosaved in the data directory; Ctrl-C asks,
    'n' goes on, 'y' leaves and names the autosave."""
    t = start(term, tmp_path, timeout=60)  # the bot may move first, at the default pace
    shown = t.prompt()
    assert "medium" in shown and "Orange (you)" in shown
    assert t.child.match.group(1) == "orange"
    t.child.sendintr()
    t.expect(r"Leave the game\?.*\[y/N\] ")
    t.send("n")
    t.prompt()
    t.child.sendintr()
    t.expect(r"\[y/N\] ")
    t.send("y")
    assert t.finish() == 0
    saves = list((tmp_path / "data").rglob("*.json"))
    assert len(saves) == 1 and str(saves[0]) in t.text.replace("\n", "")
    assert load_record(saves[0]).bots == ["human", "medium"]


def test_bad_input_help_and_log_prompt_again(term: list[Terminal], tmp_path: Path) -> None:
    """Bad input gets a short reason and the same prompt; help explains cards and rules; log shows the game."""
    save = tmp_path / "g.json"
    t = start(term, tmp_path, "--players", "human,human", "--seed", "4", "--fast", "--autosave", str(save))
    t.prompt()
    menu = legal_text(save)
    t.send(str(len(menu) + 5))
    assert f"no choice {len(menu) + 5}: the menu shown has 1-{len(menu)}" in t.prompt()
    t.send("fly to the moon")
    assert "Not understood" in t.prompt()
    t.send("play black-cat")
    assert "not allowed now" in t.prompt()
    t.send("indians 2")
    assert "not possible now" in t.prompt()
    t.send("help york")
    assert "Strength 1, food badge" in t.prompt()
    t.send("help camp")
    assert "Time" in t.prompt()
    t.send("help")
    assert "undo" in t.prompt()
    t.send("help nobody-at-all")
    assert "No help on" in t.prompt()
    t.send(menu[0])  # notation works as well as numbers
    after = t.prompt()
    t.send("log")
    logged = t.prompt()
    assert re.search(r"1\. \w+ plays", logged), logged
    assert "plays" in after


def test_undo_within_the_turn_and_not_past_a_drawn_card(term: list[Terminal], tmp_path: Path) -> None:
    """Undo takes back choices of this turn one at a time; a card drawn (a recruit refills the Journal)
    is a point of no return, and so is the turn passing."""
    save = tmp_path / "g.json"
    t = start(term, tmp_path, "--players", "human,human", "--seed", "4", "--fast", "--autosave", str(save))
    t.prompt()
    t.send("undo")
    assert "Nothing to undo" in t.prompt()
    play = next(a for a in legal_text(save) if a.startswith("play "))
    t.send(play)
    t.prompt()
    t.send("undo")
    shown = t.prompt()
    assert f"Undone: {play}" in shown
    assert load_record(save).actions == []
    assert play in shown and "to choose the turn's action" in shown
    # A recruit draws from the deck: no undo past it.
    t.send("village hunting 1")
    t.prompt()
    while load_record(save).replay().stack:  # perform, then take everything
        t.send("1")
        t.prompt()
    recruits = [a for a in legal_text(save) if a.startswith("recruit ")]
    assert recruits, "after Hunting the player holds fur for slot 1"
    t.send(recruits[0])
    t.prompt()
    while load_record(save).replay().stack:
        t.send("1")
        t.prompt()
    assert "a card was drawn" in t.text
    t.send("undo")
    assert "Nothing to undo" in t.prompt()
    turn = load_record(save).replay().turn
    t.send("end")
    t.prompt()
    assert load_record(save).replay().turn == turn + 1
    t.send("undo")
    assert "Nothing to undo" in t.prompt()


def legal_text(save: Path) -> list[str]:
    return [str(a) for a in legal_actions(load_record(save).replay())]


def test_save_then_load_resumes_the_same_game(term: list[Terminal], tmp_path: Path) -> None:
    """`save FILE` writes a game record naming the seats; `--load FILE` replays it and play goes on
    from the same decision."""
    t = start(term, tmp_path, "--players", "human,random", "--seed", "5", "--fast", "--autosave", str(tmp_path / "a.json"))
    t.prompt()
    for _ in range(3):
        t.send("1")
        t.prompt()
    target = tmp_path / "saved.json"
    t.send(f"save {target}")
    assert "Saved to" in t.prompt()
    t.send("quit")
    assert t.finish() == 0
    data = json.loads(target.read_text())
    assert data["format"] == "lewis-clark-record" and data["bots"] == ["human", "random"]
    saved = load_record(target).replay()
    u = start(term, tmp_path, "--load", str(target), "--fast", "--autosave", str(tmp_path / "b.json"))
    shown = u.prompt()
    assert "Resumed after" in shown
    resumed = load_record(tmp_path / "b.json")
    assert resumed.actions[: len(data["actions"])] == data["actions"]
    assert resumed.replay(len(data["actions"])).hash() == saved.hash()
    u.send("quit")
    assert u.finish() == 0


def test_bad_options_fail_with_one_line(tmp_path: Path) -> None:
    """Unknown bots, solo options on a two-seat game and options that a loaded game fixes are refused."""
    for args, words in ((["--players", "human,genius"], "unknown bot"),
                        (["--players", "human,easy", "--mackenzie", "3"], "solo"),
                        (["--players", "human,easy", "--colours", "red,blue"], "unknown colour")):
        out, status = pexpect.run(f"{SCRIPT} play " + " ".join(args), withexitstatus=True, encoding="utf-8",
                                  env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
        assert status == 2 and words in out, out


HUNTER_STEPS = ["play york", "under francois-labiche", "indians 0", "perform", "take 1 food", "perform", "take 1 food"]


def _menu_letter(save: Path, wanted: Callable[[Plan], bool]) -> tuple[str, Plan]:
    """The letter the menu shows for the first plan ``wanted`` of the saved game's decision."""
    menu = choices(load_record(save).replay())
    i, plan = next((i, p) for i, p in enumerate(menu.plans) if wanted(p))
    return code(i), plan


def test_one_letter_plays_a_strength_two_hunter_like_seven_numbers(term: list[Terminal], tmp_path: Path) -> None:
    """The Hunter at Strength 2 chosen by its letter leaves the same game as its seven single decisions
    typed by number (each still listed and accepted); undo then takes back one decision; 'plans' and
    'more' list every plan; an unknown letter gets a reason."""
    one, seven = tmp_path / "one.json", tmp_path / "seven.json"
    t = start(term, tmp_path, "--players", "human,human", "--seed", "4", "--fast", "--autosave", str(one))
    menu = t.prompt()
    letter, plan = _menu_letter(one, lambda p: p.card == "york" and p.times == 2)
    assert [str(a) for a in plan.steps] == HUNTER_STEPS
    assert "Single choices:" in menu and "Act once" in menu
    total = len(choices(load_record(one).replay()).plans)
    t.send("plans")
    listed = t.prompt()
    assert f"{total} plans for this decision" in listed and re.search(rf"^ +{code(total - 1)}  ", listed, re.M)
    lines = [line.rstrip() for line in listed.replace("\r", "").splitlines()]
    first = next(i for i, line in enumerate(lines) if re.match(rf"^ +{letter}  York \(Hunter\) at Strength 2 \(", line))
    assert max(map(len, lines)) <= 80 and re.match(r"^ {4,}\S", lines[first + 1]), lines[first:first + 2]  # wrapped, indented
    t.send("more")
    assert f"{total} plans for this decision" in t.prompt()
    t.send(letter)
    after = t.prompt()
    assert load_record(one).actions == HUNTER_STEPS
    assert after.count("Orange performs York") == 2 and "to choose the rest of the turn" in after
    u = start(term, tmp_path, "--players", "human,human", "--seed", "4", "--fast", "--autosave", str(seven))
    for step in HUNTER_STEPS:
        shown = u.prompt()
        n = legal_text(seven).index(step) + 1
        assert re.search(rf"(^|\s){n}\s+{re.escape(step)}(\s|$)", shown, re.M), (step, shown)
        u.send(str(n))
    u.prompt()
    assert load_record(seven).actions == HUNTER_STEPS
    assert load_record(seven).replay().hash() == load_record(one).replay().hash()
    t.send("undo")  # the whole plan, in one
    assert "Undone: play york; under" in t.prompt()
    assert load_record(one).actions == []
    t.send("restart")
    assert "Nothing to undo" in t.prompt()
    for step in HUNTER_STEPS[:4]:  # single decisions, up to a Take: a decision without plans
        t.send(step)
        t.prompt()
    t.send("plans")
    assert "No plans at this decision" in t.prompt()
    t.send("restart")
    assert "Turn restarted (4 decisions taken back)" in t.prompt()
    assert load_record(one).actions == []
    t.send("zz")
    assert "There is no plan 'zz'" in t.prompt()
    t.send("help")
    assert "plans  (or more)" in t.prompt()
    for game in (t, u):
        game.send("quit")
        assert game.finish() == 0


def test_a_plan_that_ends_early_leaves_the_person_at_the_open_decision(term: list[Terminal], tmp_path: Path) -> None:
    """A plan ending where a real choice is left (Farewell's discards) plays its steps, then the menu
    asks that very decision, with its single choices."""
    save = tmp_path / "g.json"
    t = start(term, tmp_path, "--players", "human,human", "--seed", "4", "--fast", "--autosave", str(save))
    t.prompt()
    letter, plan = _menu_letter(save, lambda p: not p.complete)
    t.send(letter)
    shown = t.prompt()
    assert load_record(save).actions == [str(a) for a in plan.steps]
    state = load_record(save).replay()
    assert state.stack and prompt(state) in shown.replace("\r", "")
    for action in legal_actions(state):
        assert str(action) in shown


# --- saving defects: autosave and resume -------------------------------------------------------------------

def test_an_unwritable_autosave_is_refused_at_the_start(tmp_path: Path) -> None:
    """--autosave into a missing folder stops before the game with one line naming the folder; a path
    that cannot be written at all (here under /proc) too. Nothing claims to be saved."""
    for path, words in ((tmp_path / "no-such-folder" / "a.json", f"there is no folder {tmp_path / 'no-such-folder'}"),
                        (Path("/proc/lewis-clark-test.json"), "cannot write")):
        out, status = pexpect.run(f"{SCRIPT} play --plain --players human --autosave {path}", withexitstatus=True,
                                  encoding="utf-8", env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                                         "PYTHONPATH": os.environ.get("PYTHONPATH", "")})
        assert status == 2 and "--autosave" in out and words in out and "Autosaving" not in out, out
    assert not (tmp_path / "no-such-folder").exists()


def test_a_failing_autosave_says_so_and_play_goes_on(tmp_path: Path) -> None:
    from lewis_clark.terminal.game import Game

    said: list[str] = []
    game = Game(Record(Options(players=1, seed=1)), ["human"], autosave=Path("/proc/lewis-clark-x.json"), say=said.append)
    assert not game.start_autosave() and game.autosave is None
    assert said and said[0].startswith("Autosave failed") and "WITHOUT autosave" in said[0]


def test_save_into_a_missing_folder_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    from lewis_clark.terminal.game import Game

    said: list[str] = []
    game = Game(Record(Options(players=1, seed=1)), ["human"], say=said.append)
    target = tmp_path / "typo" / "g.json"
    assert not game.save(target)
    assert said[-1] == f"Not saved: there is no folder {tmp_path / 'typo'}." and not (tmp_path / "typo").exists()
    assert game.save(tmp_path / "g.json") and load_record(tmp_path / "g.json").bots == ["human"]


def test_resume_continues_the_same_autosave_file(term: list[Terminal], tmp_path: Path) -> None:
    """--resume (and --load of an autosave) goes on writing the file it resumed: one file per game."""
    t = start(term, tmp_path, "--players", "human", "--seed", "6")
    t.prompt()
    t.send("1")
    t.prompt()
    t.send("quit")
    assert t.finish() == 0
    saves = list((tmp_path / "data").rglob("*.json"))
    assert len(saves) == 1 and len(load_record(saves[0]).actions) == 1
    for how in (["--resume"], ["--load", str(saves[0])]):
        u = start(term, tmp_path, *how)
        shown = u.prompt()
        assert str(saves[0]) in shown.replace("\n", "").replace("\r", "")
        u.send("1")
        u.prompt()
        u.send("quit")
        assert u.finish() == 0
    assert list((tmp_path / "data").rglob("*.json")) == saves
    assert len(load_record(saves[0]).actions) == 3


def test_an_autosave_file_name_never_holds_the_secret_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed with the record's actions foretells every draw: autosaves are named by the time only."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from lewis_clark.terminal.game import new_autosave_path
    first = new_autosave_path()
    first.parent.mkdir(parents=True, exist_ok=True)
    first.write_text("{}")
    second = new_autosave_path(123456789)
    assert "seed" not in first.name and "123456789" not in second.name and second != first
    assert first.name.startswith("game-") and second.suffix == ".json"
