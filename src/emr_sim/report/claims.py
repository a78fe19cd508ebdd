"""Claims shown: the terminal text of `emr-sim claims` and the report section, both from the
claims record (emr_sim.studies.claims.study.ClaimsResult.record, OUT/claims.json)."""

from __future__ import annotations

from emr_sim.report.formatting import points

CLASS = {"holds": "ok", "contradicted": "bad", "not resolved": "muted"}


def points_range(entry: dict, key: str = "move", low: str = "low", high: str = "high") -> str:
    value, lo, hi = (points(entry[k], sign=True) for k in (key, low, high))
    return f"{value} [{lo}, {hi}]"


def played(verified: dict) -> str:
    """How long a verification run took: '186 s', or '186 s, played before' when resumed."""
    earlier = verified.get("played") == 0
    return f"{verified['seconds']:,.0f} s" + (", played before" if earlier else "")


def claims_lines(record: dict, top: int) -> list[str]:
    """The claims record in words: each claim at each rung, then for a contradicted one the
    changes that move it most and their verification."""
    rungs = [r["label"] for r in record["rungs"]]
    width = max(len(r) for r in rungs)
    lines = [f"claims of {record['claims_file']} at {len(rungs)} rung(s), 95 % intervals:"]
    for claim in record["claims"]:
        lines.append(f"{claim['name']}  ({claim['says']})")
        for label in rungs:
            check = claim["checks"][label]
            lines.append(f"  {label:<{width}}  {check['status']:<13} {check.get('words', '')}".rstrip())
        for label, changes in claim["changes"].items():
            lines.append(
                f"  the {min(top, len(changes))} changes that move it most (scans), against {label}:"
            )
            for m in changes[:top]:
                lines.append(f"    {points_range(m):<24} {m['variant']}  ({m['label']})")
        for label, done in claim["verified"].items():
            if done:
                games = done[0]["games_per_cell"]
                lines.append(f"  verified at {label} ({games:,} games a cell on {done[0]['cells']} cell(s)):")
            for v in done:
                moved = points_range(v, "verified", "verified_low", "verified_high")
                after = f"with it {v['status_after']}, {v['after']} ({played(v)})"
                lines.append(f"    {moved:<24} {v['variant']}: {after}")
    lines += [f"note: {n}" for n in record.get("notes", [])]
    return lines


def claims_section(record: dict) -> dict:
    """The report section: a table of claims x rungs (status and interval), then for each
    contradicted claim its ranked changes and their verification."""
    rungs = [r["label"] for r in record["rungs"]]
    rows = []
    for claim in record["claims"]:
        cells = [
            {"status": c["status"], "words": c.get("words", ""), "cls": CLASS.get(c["status"], "muted")}
            for c in (claim["checks"][r] for r in rungs)
        ]
        changes = [
            {
                "against": label,
                "moves": [
                    {"variant": m["variant"], "label": m["label"], "move": points_range(m)} for m in ms
                ],
            }
            for label, ms in claim["changes"].items()
        ]
        verified = [
            {
                "at": label,
                "games": f"{vs[0]['games_per_cell']:,}" if vs else "",
                "cells": vs[0]["cells"] if vs else 0,
                "rows": [
                    {
                        "variant": v["variant"],
                        "move": points_range(v, "verified", "verified_low", "verified_high"),
                        "after": f"{v['status_after']}: {v['after']}",
                        "seconds": played(v),
                    }
                    for v in vs
                ],
            }
            for label, vs in claim["verified"].items()
        ]
        rows.append(
            {
                "name": claim["name"],
                "says": claim["says"],
                "cells": cells,
                "changes": changes,
                "verified": verified,
            }
        )
    return {
        "file": record["claims_file"],
        "rungs": rungs,
        "rows": rows,
        "scans": record.get("scans", []),
        "notes": record.get("notes", []),
    }
