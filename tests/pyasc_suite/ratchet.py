"""The ratchet lists in tests/pyasc: reading them and comparing a run against them."""

from __future__ import annotations

from pathlib import Path


def read_list(path: Path) -> list[str]:
    """Test ids, one a line; blank lines and lines starting with # are ignored."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def achieved(tests: list[dict]) -> dict[str, set[str]]:
    """The ids that compile, pass (numbers match) and match FileCheck in a suite run."""
    return {
        "compiles": {t["id"] for t in tests if t["compiles"]},
        "passes": {t["id"] for t in tests if t["passes"] is True},
        "filecheck": {t["id"] for t in tests if t["filecheck"] is True},
    }


def compare(listed: dict[str, list[str]], now: dict[str, set[str]],
            tests: list[dict]) -> tuple[list[str], list[str]]:
    """(regressions, news): lines naming listed ids that lost a property, and new ones."""
    by_id = {t["id"]: t for t in tests}
    lost, new = [], []
    for key, ids in listed.items():
        for test_id in ids:
            if test_id not in now[key]:
                t = by_id.get(test_id)
                why = "not run (renamed or removed?)" if t is None else \
                    f"{t['stage']}: {t['reason']}"
                lost.append(f"  [{key}] {test_id}\n      {why}")
        for test_id in sorted(now[key] - set(ids)):
            new.append(f"  [{key}] {test_id}")
    return lost, new
