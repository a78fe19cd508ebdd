"""Samurai Sword's study as one HTML page (docs/samurai.md, "What a designer asks"): it renders
the tables it is given (emr_sim.analysis.factions), one section per table size."""

from __future__ import annotations

import html

import pandas as pd

PERCENT = ("wins", "low", "high", "fair", "points share", "points low", "points high", "start share",
           "win rate", "others", "share", "win if played", "win if not", "held at the end", "win if held",
           "win if not held", "played gap", "held gap", "Ninja", "Ronin", "Shogun and Samurai")  # fmt: skip
STYLE = """body{font-family:sans-serif;max-width:70em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#f3f3f3}td:first-child{text-align:left}h2{border-bottom:2px solid #999}"""


def table_html(frame: pd.DataFrame) -> str:
    shown = frame.copy()
    for col in shown.columns:
        if col in PERCENT:
            shown[col] = shown[col].map(lambda v: "" if pd.isna(v) else f"{100 * v:.1f} %")
        elif col.startswith("p"):
            shown[col] = shown[col].map(lambda v: f"{v:.3g}")
        elif shown[col].dtype.kind == "f":
            shown[col] = shown[col].map(lambda v: f"{v:.2f}")
    return shown.to_html(index=False, escape=True, border=0)


def page(title: str, intro: list[str], sections: list[tuple[str, list[tuple[str, pd.DataFrame]]]]) -> str:
    """The page: a title, paragraphs, then each section's captioned tables."""
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]  # fmt: skip
    parts += [f"<p>{html.escape(p)}</p>" for p in intro]
    for heading, tables in sections:
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        for caption, frame in tables:
            parts.append(f"<h3>{html.escape(caption)}</h3>{table_html(frame)}")
    parts.append("</body></html>")
    return "\n".join(parts)
