"""What every command checks before its work starts: numbers that are finite, seeds that are not
negative, files that can be written, and bad input reported on one ``error:`` line; and the tools'
help worded in the run's language.

A long run must not end in an error it could have found at the start (an unwritable ``--records``
after an hour of games), and no input may reach the user as a traceback.

Click takes help texts when the commands are built, at import, before any language is chosen; so a
worded command or option holds a function of ``wording.tools`` and calls it when the help is shown
(``WordedCommand``, ``WordedOption``), and Click's own frame (usage, section titles, ``[default: ...]``)
is worded by ``WordedFormatter``. The language is the environment's (``system_language``) for the whole
run, or the command's ``--language``, found among the arguments before Click handles ``--help``.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import click
import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.types

from lewis_clark.wording import tools
from lewis_clark.wording.catalogue import (
    LANGUAGES,
    gettext_of,
    language,
    ngettext_of,
    system_language,
    use_language,
)


def _click_speaks_the_catalogue() -> None:
    """Click's own messages (a bad value, an unknown option) in the active language: its modules call
    ``gettext``/``ngettext`` by the names they imported, which now look in our catalogue, so the words
    follow the run's language as ours do (wording/tools.py lists them, by Click's English text)."""
    for module in (click.core, click.exceptions, click.parser, click.types, click.decorators, click.formatting):
        names = vars(module)
        if "_" in names:
            names["_"] = gettext_of
        if "ngettext" in names:
            names["ngettext"] = ngettext_of


_click_speaks_the_catalogue()

USAGE_ERROR = 2
ERROR = "error: "  # not worded: scripts and tests find a failure by this prefix in every language


def fail(message: str, status: int = USAGE_ERROR) -> NoReturn:
    """Print one ``error:`` line on stderr and exit (no traceback)."""
    click.echo(ERROR + " ".join(message.split()), err=True)  # one line whatever the message holds
    raise click.exceptions.Exit(status)


Words = Callable[[], str]


class WordedFormatter(click.HelpFormatter):
    """Click's help frame in the active language: the usage line's prefix and the section titles."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, tools.usage_prefix() if prefix is None else prefix)

    @contextmanager
    def section(self, name: str) -> Iterator[None]:
        with super().section(tools.section_title(name)):
            yield


class WordedContext(click.Context):
    formatter_class = WordedFormatter


def language_in(args: Sequence[str]) -> str | None:
    """The language a command's ``--language`` names among ``args`` ("--language hu", "--language=hu"),
    looked up before Click parses them: Click shows ``--help`` as soon as it meets it, so ``selfplay
    --help --language hu`` would otherwise be English."""
    for k, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("--language="):
            value: str | None = arg.removeprefix("--language=")
        else:
            value = args[k + 1] if arg == "--language" and k + 1 < len(args) else None
        if value in LANGUAGES:
            return value
    return None


class Worded(click.Command):
    """A command (or group) whose help is ``words()`` in the language of the run, not a text fixed at
    import; its ``--help`` option and Click's frame around the help are worded too."""

    context_class = WordedContext

    def __init__(self, *args: Any, words: Words, **kwargs: Any) -> None:
        self.words = words
        super().__init__(*args, **kwargs)

    @property
    def help(self) -> str:
        return self.words()

    @help.setter
    def help(self, value: str | None) -> None:
        """Click sets the docstring here: the docstring is for the code's readers, ``words`` for the user."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = tools.help_option_help()  # asked for each time the help is shown
        return option


class WordedCommand(Worded):
    """A worded tool: its ``--language`` is taken before Click parses (``language_in``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        chosen = language_in(args)
        if chosen:
            use_language(chosen)  # for this run only: OneLineGroup.main restores the language after it
        return super().parse_args(ctx, args)


class WordedOption(click.Option):
    """An option whose help is ``words()`` in the language of the run, its brackets worded too."""

    def __init__(self, *args: Any, words: Words, **kwargs: Any) -> None:
        self.words = words
        super().__init__(*args, **kwargs)

    @property
    def help(self) -> str:
        return self.words()

    @help.setter
    def help(self, value: str | None) -> None:
        """Click sets ``help=`` here; a worded option has none (its words are asked for when shown)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None:
            return None
        # Click words the brackets itself, in English: rebuilt here from the same facts.
        extra = self.get_help_extra(ctx)
        items = [tools.env_var_is(", ".join(extra["envvars"]))] if "envvars" in extra else []
        if "default" in extra:
            # a default named in words (``show_default="0"``) without the parentheses Click puts round it
            shown = self.show_default if isinstance(self.show_default, str) else extra["default"]
            items.append(tools.default_is(shown))
        if "range" in extra:
            items.append(extra["range"])
        if "required" in extra:
            items.append(tools.required_word())
        text = self.help
        if items:
            text = f"{text}  [{'; '.join(items)}]" if text else f"[{'; '.join(items)}]"
        return record[0], text


def worded_option(*decls: str, words: Words, **attrs: Any) -> Callable[[Any], Any]:
    """``click.option`` for a worded option: ``words`` gives its help when it is shown."""
    return click.option(*decls, cls=WordedOption, words=words, **attrs)


def language_option() -> Callable[[Any], Any]:
    """``--language en|hu``, as ``play`` has it; read by ``WordedCommand.parse_args`` before Click parses."""
    return worded_option("--language", type=click.Choice(LANGUAGES), expose_value=False, words=tools.language_help)


class FiniteFloat(click.FloatRange):
    """A float range that also refuses ``nan`` and ``inf`` (``nan`` passes every comparison's negation,
    so ``--seconds nan`` would otherwise run for ever)."""

    name = "finite float"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(tools.not_finite(repr(value)), param, ctx)
        return number


SEED = click.IntRange(min=0, max=(1 << 256) - 1)  # rng.SEED_LIMIT; a negative seed would wrap around


class OneLineGroup(Worded, click.Group):
    """A command group whose usage errors (a bad option value, a missing argument) print as one
    ``error:`` line like every other error, instead of click's usage block; its commands are worded
    (``command_class``) in the environment's language unless one says ``--language``."""

    command_class = WordedCommand

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        # The language of this run only: a test running the tools in Hungarian leaves English behind it.
        with language(system_language()):
            if not standalone_mode:
                return super().main(args, prog_name, complete_var, standalone_mode, **extra)
            try:
                code = super().main(args, prog_name, complete_var, False, **extra)
            except click.ClickException as exc:
                click.echo(ERROR + " ".join(exc.format_message().split()), err=True)
                raise SystemExit(exc.exit_code) from None
            except click.exceptions.Abort:
                click.echo(tools.aborted(), err=True)
                raise SystemExit(1) from None
            raise SystemExit(code if isinstance(code, int) else 0)


def writable_file(path: str, option: str) -> None:
    """Fail now unless ``path`` can be written (its directory exists and lets us create it)."""
    target = Path(path).expanduser()
    if target.is_dir():
        fail(tools.is_a_directory(option, path))
    existed = target.exists()
    try:
        with target.open("ab"):
            pass
    except OSError as exc:
        fail(tools.cannot_write_there(option, path, str(exc.strerror)))
    if not existed:
        target.unlink(missing_ok=True)


def writable_dir(path: str, option: str) -> None:
    """Fail now unless ``path`` is (or can be made) a directory we can write files into."""
    target = Path(path).expanduser()
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(tools.cannot_create_directory(option, path, str(exc.strerror)))
    try:
        with tempfile.TemporaryFile(dir=target):
            pass
    except OSError as exc:
        fail(tools.cannot_write_into_directory(option, path, str(exc.strerror)))
