"""What every command checks before its work starts: numbers that are finite, seeds that are not
negative, files that can be written, and bad input reported on one ``error:`` line.

A long run must not end in an error it could have found at the start (an unwritable ``--records``
after an hour of games), and no input may reach the user as a traceback.
"""

from __future__ import annotations

import math
import tempfile
from pathlib import Path
from typing import Any, NoReturn

import click

USAGE_ERROR = 2


def fail(message: str, status: int = USAGE_ERROR) -> NoReturn:
    """Print one ``error:`` line on stderr and exit (no traceback)."""
    click.echo("error: " + " ".join(message.split()), err=True)  # one line whatever the message holds
    raise click.exceptions.Exit(status)


class FiniteFloat(click.FloatRange):
    """A float range that also refuses ``nan`` and ``inf`` (``nan`` passes every comparison's negation,
    so ``--seconds nan`` would otherwise run for ever)."""

    name = "finite float"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return number


SEED = click.IntRange(min=0, max=(1 << 256) - 1)  # rng.SEED_LIMIT; a negative seed would wrap around


class OneLineGroup(click.Group):
    """A command group whose usage errors (a bad option value, a missing argument) print as one
    ``error:`` line like every other error, instead of click's usage block."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.ClickException as exc:
            click.echo("error: " + " ".join(exc.format_message().split()), err=True)
            raise SystemExit(exc.exit_code) from None
        except click.exceptions.Abort:
            click.echo("Aborted!", err=True)
            raise SystemExit(1) from None
        raise SystemExit(code if isinstance(code, int) else 0)


def writable_file(path: str, option: str) -> None:
    """Fail now unless ``path`` can be written (its directory exists and lets us create it)."""
    target = Path(path).expanduser()
    if target.is_dir():
        fail(f"{option} {path}: is a directory")
    existed = target.exists()
    try:
        with target.open("ab"):
            pass
    except OSError as exc:
        fail(f"{option} {path}: cannot write there: {exc.strerror}")
    if not existed:
        target.unlink(missing_ok=True)


def writable_dir(path: str, option: str) -> None:
    """Fail now unless ``path`` is (or can be made) a directory we can write files into."""
    target = Path(path).expanduser()
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"{option} {path}: cannot create the directory: {exc.strerror}")
    try:
        with tempfile.TemporaryFile(dir=target):
            pass
    except OSError as exc:
        fail(f"{option} {path}: cannot write into the directory: {exc.strerror}")
