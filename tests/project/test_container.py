"""The container image (Dockerfile) and the compose file (compose.yaml), read as files on every machine,
and built and run where a container engine answers (podman or docker).

The engine test builds the image (the compiled build: several minutes the first time, cached after),
runs it on its SQLite volume and checks what an operator relies on: it answers /healthz, the engine
calls it healthy (the image's HEALTHCHECK), it runs as a user that is not root, the engine is the
compiled one, and a game can be created. Without an engine it is skipped, saying so.
``LEWIS_CLARK_ENGINE`` names the engine and its global options (e.g. ``podman --runtime runc`` where
crun cannot set limits); ``LEWIS_CLARK_PYTHON_IMAGE`` the base image where Docker Hub is out of reach
(any Debian image with python3, python3-venv and python3-dev).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shlex
import shutil
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
import yaml
from test_web_restart import free_port

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions (continuation lines joined, comments left out) as (KEYWORD, rest)."""
    joined = re.sub(r"\\\n", " ", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")))
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line.strip() else "")
            for line in joined.splitlines() if line.strip()]


def test_the_image_is_built_in_two_stages_and_runs_the_server_as_a_user_of_its_own() -> None:
    steps = instructions(DOCKERFILE)
    stages = [rest for key, rest in steps if key == "FROM"]
    assert len(stages) == 2 and stages[0].endswith("AS build")
    final = steps[[i for i, (key, _) in enumerate(steps) if key == "FROM"][-1]:]
    assert any(key == "COPY" and rest.startswith("--from=build /opt/lewis-clark") for key, rest in final)
    build = steps[:[i for i, (key, _) in enumerate(steps) if key == "FROM"][-1]]
    assert any("build() == 'compiled'" in rest for key, rest in build if key == "RUN")  # the compiled build, checked
    users = [rest for key, rest in final if key == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert int(users[-1].split(":")[0]) >= 1000
    health = [rest for key, rest in final if key == "HEALTHCHECK"]
    assert len(health) == 1 and "http://127.0.0.1:8000/healthz" in health[0]
    assert json.loads([rest for key, rest in final if key == "ENTRYPOINT"][0]) == ["lewis-clark"]
    command = json.loads([rest for key, rest in final if key == "CMD"][0])
    assert command[:1] == ["serve"] and command[command.index("--port") + 1] == "8000"
    assert any(key == "VOLUME" and "/var/lib/lewis-clark" in rest for key, rest in final)
    ignored = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines() if line.strip()[:1] not in ("", "#")]
    assert ignored[0] == "*" and "!src/" in ignored  # only what the build needs reaches it


def test_the_images_named_here_are_the_files_own() -> None:
    assert f"ARG PYTHON={PYTHON_IMAGE}" in DOCKERFILE
    assert COMPOSE["services"]["db"]["image"] == "${LEWIS_CLARK_POSTGRES_IMAGE:-" + POSTGRES_IMAGE + "}"


def test_compose_runs_postgresql_the_server_and_bot_workers_on_a_volume() -> None:
    services = COMPOSE["services"]
    assert set(services) == {"db", "server", "bots"}
    db, server, bots = services["db"], services["server"], services["bots"]
    assert db["image"].endswith("postgres:16-bookworm}") and "pg_isready" in db["healthcheck"]["test"]
    volume = db["volumes"][0].split(":")
    assert volume[0] in COMPOSE["volumes"] and volume[1] == "/var/lib/postgresql/data"
    address = "postgresql://lc@db/lewis_clark"
    assert server["build"]["context"] == "." and server["command"][0] == "serve"
    assert server["command"][server["command"].index("--db") + 1] == address and "--no-bots" in server["command"]
    assert bots["image"] == server["image"] and bots["command"][:3] == ["bots", "--db", address]
    for service in (server, bots):
        assert "PGPASSWORD" in service["environment"]  # never in the address (ps, logs)
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
    assert bots["depends_on"]["server"]["condition"] == "service_healthy"  # the server makes the tables
    assert db["environment"]["POSTGRES_USER"] == "lc" and db["environment"]["POSTGRES_DB"] == "lewis_clark"


def engine() -> list[str] | None:
    """The container engine's command (with its global options), or None when none answers here."""
    given = os.environ.get("LEWIS_CLARK_ENGINE")
    candidates = [shlex.split(given)] if given else [["podman"], ["docker"]]
    for command in candidates:
        if shutil.which(command[0]) is None:
            continue
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            if subprocess.run([*command, "info"], capture_output=True, timeout=60).returncode == 0:
                return command
    return None


PYTHON_IMAGE = "python:3.12-slim-bookworm"  # the Dockerfile's ARG PYTHON
POSTGRES_IMAGE = "postgres:16-bookworm"  # compose.yaml's db image


def missing_image(command: list[str], *images: str) -> str | None:
    """The first of ``images`` this engine neither holds nor can pull (where the registry is out of
    reach, as on a machine that reaches only package registries), or None when it has them all."""
    for image in images:
        held = subprocess.run([*command, "image", "inspect", image], capture_output=True, timeout=60)
        if held.returncode == 0:
            continue
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            if subprocess.run([*command, "pull", image], capture_output=True, timeout=300).returncode == 0:
                continue
        return image
    return None


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_the_image_builds_runs_healthy_and_serves_as_a_user_of_its_own() -> None:
    command = engine()
    if command is None:
        pytest.skip("no container engine answers here (podman or docker; LEWIS_CLARK_ENGINE)")
    lacking = missing_image(command, os.environ.get("LEWIS_CLARK_PYTHON_IMAGE", PYTHON_IMAGE))
    if lacking:
        pytest.skip(f"the engine can neither find nor pull the base image {lacking} (LEWIS_CLARK_PYTHON_IMAGE)")
    tag = "localhost/lewis-clark:test"
    build = [*command, "build", "-t", tag]
    if command[0] == "podman":
        build.append("--format=docker")  # keeps HEALTHCHECK (the OCI format has none)
    if os.environ.get("LEWIS_CLARK_PYTHON_IMAGE"):
        build += ["--build-arg", f"PYTHON={os.environ['LEWIS_CLARK_PYTHON_IMAGE']}"]
    done = subprocess.run([*build, str(ROOT)], capture_output=True, text=True, timeout=3000)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    name = f"lewis-clark-test-{uuid.uuid4().hex[:8]}"
    run = subprocess.run([*command, "run", "-d", "--name", name, "-p", "127.0.0.1::8000", tag],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    try:
        port = subprocess.run([*command, "port", name, "8000"], capture_output=True, text=True,
                              timeout=30).stdout.split(":")[-1].strip()
        base = f"http://127.0.0.1:{port}"
        end = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError):
                if json.loads(urllib.request.urlopen(base + "/healthz", timeout=2).read()) == {"status": "ok"}:
                    break
            assert time.monotonic() < end, "the server in the container did not answer /healthz"
            time.sleep(0.5)
        check = subprocess.run([*command, "healthcheck", "run", name] if command[0] == "podman" else
                               [*command, "inspect", "--format", "{{.State.Health.Status}}", name],
                               capture_output=True, text=True, timeout=60)
        assert check.returncode == 0 and "unhealthy" not in check.stdout, check.stdout + check.stderr
        uid = subprocess.run([*command, "exec", name, "id", "-u"], capture_output=True, text=True, timeout=60)
        assert uid.stdout.strip() not in ("", "0"), uid
        compiled = subprocess.run([*command, "exec", name, "python3", "-c",
                                   "from lewis_clark.builds import build; print(build())"],
                                  capture_output=True, text=True, timeout=60)
        assert compiled.stdout.strip() == "compiled", compiled
        request = urllib.request.Request(base + "/api/games", data=b'{"seats": [{"kind": "human"}]}', method="POST",
                                         headers={"Content-Type": "application/json", "Host": "localhost"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 201 and json.loads(answer.read())["seats"][0]["token"]
    finally:
        subprocess.run([*command, "rm", "-f", "-v", name], capture_output=True, timeout=120)  # its volume too


def compose_tool() -> list[str] | None:
    """``docker compose`` or ``podman-compose`` where one is installed and an engine answers, else None."""
    if engine() is None:
        return None
    if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    if shutil.which("podman-compose"):
        return ["podman-compose"]
    return None


def http(method: str, url: str, body: bytes | None = None) -> tuple[int, object]:
    request = urllib.request.Request(url, data=body, method=method,
                                     headers={"Content-Type": "application/json", "Host": "localhost"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return refused.code, None


def wait(what: str, check: object, seconds: float = 180.0) -> None:
    end = time.monotonic() + seconds
    while True:
        with contextlib.suppress(OSError, ValueError):
            if check():  # type: ignore[operator]
                return
        assert time.monotonic() < end, what
        time.sleep(1)


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_compose_plays_bot_games_and_a_backup_restores_them(tmp_path: Path) -> None:
    """The whole stack: PostgreSQL, the server and the bot workers come up, bots play a game through the
    database, and the documented backup (pg_dump) restored with the server and bots stopped brings the
    game back. ``LEWIS_CLARK_POSTGRES_IMAGE`` and ``LEWIS_CLARK_PYTHON_IMAGE`` name other images (a
    Debian-built PostgreSQL: tests/data/postgres-image) where Docker Hub is out of reach."""
    tool = compose_tool()
    if tool is None:
        pytest.skip("no compose tool with a container engine here (docker compose or podman-compose)")
    command = engine()
    assert command is not None
    lacking = missing_image(command, os.environ.get("LEWIS_CLARK_PYTHON_IMAGE", PYTHON_IMAGE),
                            os.environ.get("LEWIS_CLARK_POSTGRES_IMAGE", POSTGRES_IMAGE))
    if lacking:
        pytest.skip(f"the engine can neither find nor pull the image {lacking} (LEWIS_CLARK_PYTHON_IMAGE, "
                    "LEWIS_CLARK_POSTGRES_IMAGE)")
    port = free_port()
    env = {**os.environ, "POSTGRES_PASSWORD": uuid.uuid4().hex, "LEWIS_CLARK_PORT": str(port)}
    name = f"lctest{uuid.uuid4().hex[:6]}"
    project = ["-p", name, "-f", str(ROOT / "compose.yaml")]
    run = functools.partial(subprocess.run, env=env, capture_output=True, text=True, cwd=tmp_path)

    def in_db(*args: str, given: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
        """A command in the database's container, found by the labels both compose tools set (their
        own ``exec`` differs: podman-compose prints its command line into the output)."""
        found = run([*command, "ps", "-q", "--filter", f"label=com.docker.compose.project={name}",
                     "--filter", "label=com.docker.compose.service=db"], timeout=60).stdout.split()
        assert len(found) == 1, found
        return subprocess.run([*command, "exec", "-i", found[0], *args], input=given, capture_output=True, timeout=300)
    base = f"http://127.0.0.1:{port}"
    try:
        up = run([*tool, *project, "up", "-d", "--build"], timeout=3000)
        assert up.returncode == 0, up.stdout[-3000:] + up.stderr[-3000:]
        wait("the server never became ready", lambda: http("GET", base + "/readyz")[0] == 200)
        status, game = http("POST", base + "/api/games", b'{"seats": [{"kind": "bot", "level": "random"},'
                                                         b' {"kind": "bot", "level": "random"}], "seed": 5}')
        assert status == 201 and isinstance(game, dict)
        path = f"{base}/api/games/{game['id']}"
        wait("the bot workers did not play", lambda: http("GET", path)[1]["moves"] >= 10)  # type: ignore[index]
        dump = in_db("pg_dump", "-U", "lc", "-Fc", "lewis_clark")  # the backup as docs/deploy.md says it
        assert dump.returncode == 0 and dump.stdout[:5] == b"PGDMP", dump.stderr
        assert run([*tool, *project, "stop", "server", "bots"], timeout=300).returncode == 0
        drop = in_db("psql", "-U", "lc", "-d", "lewis_clark", "-c", "TRUNCATE games CASCADE")  # the games lost
        assert drop.returncode == 0, drop.stderr
        restore = in_db("pg_restore", "-U", "lc", "-d", "lewis_clark", "--clean", "--if-exists", given=dump.stdout)
        assert restore.returncode == 0, restore.stderr
        assert run([*tool, *project, "start", "server", "bots"], timeout=300).returncode == 0
        wait("the server did not come back", lambda: http("GET", base + "/readyz")[0] == 200)
        status, back = http("GET", path)
        assert status == 200 and isinstance(back, dict) and back["moves"] >= 10
    finally:
        run([*tool, *project, "down", "-v"], timeout=600)
