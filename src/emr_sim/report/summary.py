"""The matchup summary as a table for the terminal (`emr-sim matchup`). It imports neither
pandas nor the analysis pipelines, so a matchup starts fast."""

from __future__ import annotations

from emr_sim.games.emr import codes as C


def format_summary(s: dict) -> str:
    """The summary as a readable table for the terminal."""
    a, b = s["heroes"]
    lines = [
        f"{a} vs {b}: {s['games']:,} games in {s['pairs']:,} seat-swapped pairs, seed {s['run']['seed']}"
    ]
    if s["mirror"]:
        lines.append(
            "mirror match: outside the game's hero selection rule (R-OPT-HERO), a first-player check"
        )
    if not s["run"]["fury"]:
        lines.append("hero mode off (--no-fury): no fury and no techniques, the heroes are names only")
    lines.append(f"{'':<24}{a:>16}{b:>16}")
    rows = [
        ("wins", s["wins"], "{:,}"),
        ("win rate", s["win_rate"], "{:.1%}"),
        ("hits / game", s["hits_per_game"], "{:.2f}"),
        ("blocks / game", s["blocks_per_game"], "{:.2f}"),
        ("dragon counters / game", s["counters_per_game"], "{:.2f}"),
        ("extra actions / game", s["extra_actions_per_game"], "{:.2f}"),
    ]
    for name, values, fmt in rows:
        lines.append(f"{name:<24}{fmt.format(values[a]):>16}{fmt.format(values[b]):>16}")
    ci = [f"[{lo:.1%}, {hi:.1%}]" for lo, hi in (s["ci95"][a], s["ci95"][b])]
    lines.append(f"{'95% interval (Wilson)':<24}{ci[0]:>16}{ci[1]:>16}")
    lines.append("damage taken / game, by source:")
    for src in C.SOURCE_NAMES:
        da, db = s["damage_taken_per_game"][a][src], s["damage_taken_per_game"][b][src]
        lines.append(f"  {src:<22}{da:>16.2f}{db:>16.2f}")
    lines.append("techniques used / game:")
    used = [t for t in C.TECH_NAMES if s["techniques_per_game"][a][t] or s["techniques_per_game"][b][t]]
    for tech in used:
        ta, tb = s["techniques_per_game"][a][tech], s["techniques_per_game"][b][tech]
        lines.append(f"  {tech:<22}{ta:>16.2f}{tb:>16.2f}")
    if not used:
        lines.append("  none")
    lines.append("effects applied / game:")
    for eff in C.EFFECT_NAMES[1:]:
        ea, eb = s["effects_per_game"][a][eff], s["effects_per_game"][b][eff]
        lines.append(f"  {eff:<22}{ea:>16.2f}{eb:>16.2f}")
    pairs = ", ".join(f"{k} {v:,}" for k, v in s["pair_outcomes"].items())
    lines.append(f"pairs: {pairs}")
    lines.append(
        f"draws: {s['draws']:,}   first player wins {s['first_player_win_rate']:.1%} of decided games"
    )
    lines.append(
        f"game length in turns: mean {s['mean_turns']:.1f}, median {s['median_turns']}, "
        f"90th percentile {s['p90_turns']}"
    )
    lines.append(f"{s['seconds']:.1f} s, {s['games_per_second']:,.0f} games/s")
    return "\n".join(lines)
