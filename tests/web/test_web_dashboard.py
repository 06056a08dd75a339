"""The Grafana dashboard (deploy/grafana-dashboard.json) queries only metrics the server exports, and
shows every one of the server's own: a renamed metric breaks this test, not an operator's graph."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from lewis_clark.web.app import create_app

DASHBOARD = json.loads((Path(__file__).resolve().parents[2] / "deploy" / "grafana-dashboard.json").read_text())
METRIC = re.compile(r"\b((?:lewis_clark|process)_[a-z_]+)\b")


def queries() -> list[str]:
    return [target["expr"] for panel in DASHBOARD["panels"] for target in panel["targets"]]


def exported(client: TestClient) -> tuple[set[str], set[str]]:
    """The sample names /metrics serves (``_bucket``, ``_count``, ``_total``, ...) and its families."""
    families = list(text_string_to_metric_families(client.get("/metrics").text))
    return {s.name for f in families for s in f.samples}, {f.name for f in families}


def test_every_metric_the_dashboard_queries_is_exported(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_workers=0)) as client:
        game = client.post("/api/games", json={"seats": [{"kind": "human"}]}).json()
        client.get(f"/api/games/{game['id']}")  # a request timed, so every histogram has samples
        samples, families = exported(client)
    asked = {name for expr in queries() for name in METRIC.findall(expr)}
    assert asked and asked <= samples, sorted(asked - samples)
    ours = {f for f in families if f.startswith("lewis_clark_")}
    shown = {name for name in asked for f in ours if name == f or name.startswith(f + "_")}
    shown_families = {f for f in ours if any(name == f or name.startswith(f + "_") for name in shown)}
    assert shown_families == ours, sorted(ours - shown_families)  # every metric of the server has a panel


def test_the_dashboard_is_grafana_json_on_a_chosen_prometheus() -> None:
    panels: list[dict[str, Any]] = DASHBOARD["panels"]
    assert DASHBOARD["uid"] and DASHBOARD["title"] and len({p["id"] for p in panels}) == len(panels)
    variables = {v["name"] for v in DASHBOARD["templating"]["list"]}
    for panel in panels:
        assert panel["datasource"]["uid"] == "${datasource}" and panel["targets"], panel["title"]
        assert {"x", "y", "w", "h"} <= set(panel["gridPos"]) and panel["gridPos"]["x"] + panel["gridPos"]["w"] <= 24
        for expr in (t["expr"] for t in panel["targets"]):
            assert expr.count("(") == expr.count(")") and expr.count("{") == expr.count("}"), expr
            assert set(re.findall(r"\$(\w+)", expr)) <= variables, expr
