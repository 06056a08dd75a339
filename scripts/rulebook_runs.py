"""Write tests/data/rulebook-runs.txt: a fingerprint of each eight-word run of the rulebook (no text).

    python scripts/rulebook_runs.py [/path/to/rulebook.md]    # default /work/shared/rules/rulebook.md
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from rulebook_runs import RUNS_FILE, fingerprints  # noqa: E402


def main() -> None:
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/rules/rulebook.md")
    found = sorted(fingerprints(source.read_text(encoding="utf-8")))
    RUNS_FILE.parent.mkdir(exist_ok=True)
    RUNS_FILE.write_text("\n".join(found) + "\n", encoding="utf-8")
    print(f"{len(found)} runs -> {RUNS_FILE}")


if __name__ == "__main__":
    main()
