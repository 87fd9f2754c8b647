"""Dev chart entries that expect `valid` but are refused, grouped by the refusal's code.

`python -m oracles.tests.refused_chart_report` prints, for every such dev entry, its id, category,
the first 200 characters of its intent and the refusal reason, grouped by reason code (largest group
first), so that a reading rule is chosen by family of phrasing rather than by one sentence.
Only the dev split is read: the held-back split is not for the engine's authors to look at.
"""

from __future__ import annotations

import json
from collections import defaultdict

from oracles.eval import EVAL_DIR, run_entry

INTENT_CHARS = 200


def refused_expected_valid() -> dict[str, list[str]]:
    """Reason code -> printable lines, one per refused dev chart entry that expects valid."""
    groups: dict[str, list[str]] = defaultdict(list)
    for path in sorted(EVAL_DIR.glob("*_charts_dev.json")):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            if entry["expect"].get("status") != "valid":
                continue
            verdict = run_entry(entry)
            if verdict.status == "valid":
                continue
            code = verdict.reason["code"] if verdict.reason else "?"
            message = verdict.reason["message"] if verdict.reason else ""
            intent = " ".join(entry["intent"].split())[:INTENT_CHARS]
            groups[code].append(f"{entry['id']} [{entry['category']}]\n    intent: {intent}\n    reason: {message}")
    return groups


def main() -> None:
    groups = refused_expected_valid()
    for code, lines in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"== {code}: {len(lines)}")
        print("\n".join(lines))
    print(f"total refused but expected valid: {sum(len(v) for v in groups.values())}")


if __name__ == "__main__":
    main()
