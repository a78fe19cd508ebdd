"""`emr-sim tune` in the terminal and as JSON: each master's paired gain, round by round, and
the book's final gains over the default greedy."""

from __future__ import annotations

from emr_sim.report.formatting import pct, points


def gain_text(g: dict) -> str:
    verdict = "significant" if g["significant"] else "no significant gain"
    return (
        f"{points(g['gain'], sign=True)} points [{points(g['ci_low'], sign=True)}, "
        f"{points(g['ci_high'], sign=True)}] ({pct(g['before'])} → {pct(g['after'])} "
        f"on {g['pairs']:,} fresh pairs; {verdict})"
    )


def format_result(result: dict) -> str:
    kept = "into the book" if result["accepted"] else "the book keeps its vector"
    return (
        f"round {result['round']}, {result['hero']}: gain {gain_text(result['gain'])}; {kept} "
        f"({result['seconds']:.0f} s)"
    )


def format_tuning(run) -> str:
    lines = [f"{run.root}: {len(run.results)} master tunings in {run.seconds:.0f} s"]
    lines += [format_result(r) for r in run.results]
    lines.append("")
    lines.append("the book against the default greedy, on fresh deals (the book as the field):")
    for hero, g in run.final_gains.items():
        lines.append(f"  {hero:<9} {gain_text(g)}")
    lines.append(f"\nbook: {run.book_path} (play it with --players book:{run.book_path})")
    return "\n".join(lines)


def tuning_json(run) -> dict:
    return {
        "dir": str(run.root),
        "book": str(run.book_path),
        "record": run.record,
        "results": run.results,
        "final_gains": run.final_gains,
        "seconds": run.seconds,
    }
