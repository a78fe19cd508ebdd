"""What the listing commands print: the masters and their techniques, the rules options."""

from __future__ import annotations

from emr_sim.games.emr.codes import HERO_NAMES
from emr_sim.games.emr.options import FIXED_DECISIONS, OPTIONS

HERO_TECHNIQUES = {
    "crow": "H-CROW: at your turn start, a crow token on an empty zone of the opponent's board "
    "(up to 3); a card played onto it loses its ejected card's effect",
    "wind": "H-WIND: at your turn start, reveal the top card and apply its effect; a dragon deals you 1",
    "poison": "H-POISON: your opponent holds the poison marker while you are furious, "
    "and takes 1 at each turn end with 4 cards",
    "bushido": "H-BUSHIDO: on a hit, a damage token on a defender's card instead of the damage, "
    "then an extra action",
    "kungfu": "H-KUNGFU: +1 damage on every hit; no block and no dragon counter while furious",
    "earth": "H-EARTH: draw 1 on every ejection, set aside until your turn ends",
    "illusion": "H-ILLUSION: at your turn start, move both cards to any two adjacent zones, unblocking them",
    "master": "H-MASTER: block with cards of any colour (up to 2), also in the opponent's turn",
}
EVERY_FURIOUS = (
    "All: F-CHOOSE, a furious player may apply the played card's effect instead of the ejected one's."
)


def heroes_lines() -> list[str]:
    """`emr-sim heroes`: a master a line with its technique, then what every furious player may do."""
    return [f"{name:<9} {HERO_TECHNIQUES[name]}" for name in HERO_NAMES] + ["", EVERY_FURIOUS]


def rules_lines() -> list[str]:
    """`emr-sim rules`: every option with its default, rule id, values and help, then the
    decisions that are not switches."""
    width = max(len(o.name) for o in OPTIONS)
    lines = []
    for o in OPTIONS:
        values = "|".join(o.values) if o.values else f"{o.low}..{o.high}"
        lines.append(f"{o.name:<{width}}  {o.show(o.default):<12} {o.rule:<14} {values}")
        lines.append(f"{'':<{width}}  {o.help}")
    lines += ["", "Decisions that are not switches:"]
    return lines + [f"  {rid}: {why}" for rid, why in FIXED_DECISIONS.items()]
