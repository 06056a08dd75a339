# The Lewis & Clark server as an image: the compiled build (mypyc) in a virtual environment, run as a
# user of its own with a health check. Build: `docker build -t lewis-clark .` (or podman); run it alone
# on SQLite (the volume), or with PostgreSQL and bot workers: compose.yaml. docs/deploy.md says more.
# PYTHON: any Debian-based image with Python 3.11+ and python3-venv (python:3.x-slim has both).
ARG PYTHON=python:3.12-slim-bookworm

FROM ${PYTHON} AS build
# A C compiler for mypyc; it stays in this stage.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md LICENSE ./
COPY src ./src
RUN python3 -m venv /opt/lewis-clark \
    && /opt/lewis-clark/bin/pip install --no-cache-dir --upgrade pip \
    && /opt/lewis-clark/bin/pip install --no-cache-dir '.[web]' \
    && /opt/lewis-clark/bin/python -c "from lewis_clark.builds import build; assert build() == 'compiled', build()"

FROM ${PYTHON}
# A user of its own (no login, no password); its home holds the SQLite file when no PostgreSQL is given.
RUN groupadd --system --gid 10001 lewis-clark \
    && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/lewis-clark --create-home \
       --shell /usr/sbin/nologin lewis-clark
COPY --from=build /opt/lewis-clark /opt/lewis-clark
ENV PATH=/opt/lewis-clark/bin:$PATH PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
USER 10001:10001
WORKDIR /var/lib/lewis-clark
VOLUME /var/lib/lewis-clark
EXPOSE 8000
# Liveness: /healthz answers whatever the Host header says and touches nothing else (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
ENTRYPOINT ["lewis-clark"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000", "--db", "/var/lib/lewis-clark/games.sqlite3", "--log-format", "json"]
