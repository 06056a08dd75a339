"""The server's logs: one format for the server's own lines, uvicorn's and the access log.

``text`` is for people reading a terminal; ``json`` is one object a line (time, level, logger,
message and the line's fields: game, seat, n, status, latency_ms, ...) for a log collector. Both go
through the standard ``logging`` module; ``config`` is the ``dictConfig`` handed to uvicorn. Fields
come from ``extra=``; nothing here ever reads a request's headers, so a seat's token (``X-Token``)
cannot reach a log line.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any, Literal

LogFormat = Literal["text", "json"]
SERVER = "lewis_clark.web"  # the server's own logger, which uvicorn's lines join
FORMATS: tuple[LogFormat, ...] = ("text", "json")
# What every LogRecord has: anything else on a record came from ``extra=`` and is one of its fields.
STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName",
                                                                               "color_message"}


def fields(record: logging.LogRecord) -> dict[str, Any]:
    """The record's own fields (given with ``extra=``), in the order given."""
    return {k: v for k, v in vars(record).items() if k not in STANDARD and not k.startswith("_")}


def stamp(record: logging.LogRecord) -> str:
    """The record's time, UTC, ISO 8601 with milliseconds."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, the record's fields, and the exception."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {"time": stamp(record), "level": record.levelname, "logger": record.name,
                               "message": record.getMessage()}
        for key, value in fields(record).items():
            out.setdefault(key, value)  # a field never hides the four above
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """``time level logger: message key=value ...`` for people."""

    def format(self, record: logging.LogRecord) -> str:
        extra = " ".join(f"{k}={shown(v)}" for k, v in fields(record).items())
        line = f"{stamp(record)} {record.levelname:<7} {record.name}: {record.getMessage()}" + (f" {extra}" if extra else "")
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def shown(value: Any) -> str:
    """A field's value on a text line: quoted when it holds a space, a quote or a control character, so
    a path cannot forge a line of its own."""
    text = str(value)
    return json.dumps(text, ensure_ascii=False) if any(c.isspace() or c in "\"=" or ord(c) < 32 for c in text) else text


class ClientFaults(logging.Filter):
    """uvicorn logs bytes a client sent that are not text (invalid UTF-8 in a WebSocket frame) with a
    whole traceback, as if the server had failed: one warning line instead, naming what was wrong."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
            why = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({why.reason} at byte {why.start})"
            record.args = None
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class OwnName(logging.Filter):
    """uvicorn says the server's own news (started, listening, shutting down) on its logger ``uvicorn.error``,
    which reads like a failure: those lines carry the server's own name, ``lewis_clark.web``, instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.name = SERVER
        return True


def formatter(fmt: LogFormat) -> logging.Formatter:
    return JsonFormatter() if fmt == "json" else TextFormatter()


def config(fmt: LogFormat = "text", level: str = "info", access: bool = False) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for uvicorn's ``log_config``: every logger (ours, uvicorn's) to
    standard error in ``fmt`` at ``level``, uvicorn's server lines under our name; our access log
    (``lewis_clark.web.access``) only when ``access``. uvicorn's own access log stays off: ours has the route and the latency."""
    level = level.upper()
    cls = f"{__name__}.{'JsonFormatter' if fmt == 'json' else 'TextFormatter'}"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"lines": {"()": cls}},
        "filters": {"client_faults": {"()": f"{__name__}.ClientFaults"}, "own_name": {"()": f"{__name__}.OwnName"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "lines", "stream": "ext://sys.stderr"}},
        "loggers": {
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.error": {"level": level, "filters": ["client_faults", "own_name"]},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
            "lewis_clark": {"handlers": ["stderr"], "level": level, "propagate": False},
            "lewis_clark.web.access": {"level": "INFO" if access else "WARNING"},
        },
    }
