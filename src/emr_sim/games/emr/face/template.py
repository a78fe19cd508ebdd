"""The commented template of a short position (emr-sim position new).

Short positions are TOML so that a designer can comment them; the standard library
reads TOML (tomllib) but writes none, so the template is written as text here, and a
test loads every template this module can write.
"""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label
from emr_sim.games.emr.face.short import STEPS

HAND_CARDS = 2  # example cards per hand in the template
COMMENT_COLUMN = 34
STEP_HELP = {
    "turn-start": "the turn begins: fury is checked, then the start-of-turn technique",
    "turn": "the turn's action (draw or play); the start-of-turn technique is past",
    "extra": "an extra action owed (R-EXTRA)",
}


def _line(code: str, comment: str) -> str:
    """CODE with COMMENT lined up after it."""
    return f"{code:<{COMMENT_COLUMN - 1}} # {comment}"


def _example_hands(table: np.ndarray) -> tuple[list[str], list[str]]:
    """Two cards for each hand, the deck's first ones by id."""
    labels = [card_label(table, c) for c in range(C.BOW_BASE) if table[c, C.CF_VALID]][: 2 * HAND_CARDS]
    return labels[:HAND_CARDS], labels[HAND_CARDS:]


def _quoted(cards: list[str]) -> str:
    return "[" + ", ".join(f'"{c}"' for c in cards) + "]"


def _player_lines(p: int, hero: str | None, hand: list[str], fury_needed: bool, health: int) -> list[str]:
    """One [[players]] table."""
    lines = ["", f"[[players]]  # p{p}"]
    if hero:
        lines.append(f'hero = "{hero}"')
    lines.append(_line(f"health = {health}", "default: rules.health"))
    if fury_needed:
        lines.append(_line("fury = false", "needed here: the pair may have changed this turn"))
    elif hero:
        lines.append(_line("# fury = true", "follows from the pair (one colour: furious)"))
    lines += [
        _line(f"hand = {_quoted(hand)}", "cards by label (emr-sim cards); [] for none"),
        _line('board = { 2 = "bow", 3 = "bow" }', 'zone = card, two side by side; "bow": your bow'),
        '# board = { 1 = { card = "red 3-1", blocked = true, damage_tokens = 1 }, 2 = "bow" }',
        _line("# traps = { 4 = 1 }", "damage tokens lying on zones without a card"),
    ]
    if hero:
        lines.append(_line("# crows = [1]", "crow tokens on this board (from the crow master)"))
    if hero == "earth":
        lines.append(_line("# set_aside = []", "Earth's set-aside cards (Earth's own turn only)"))
    return lines


def template_text(table: np.ndarray, heroes: tuple[str, str] | None, step: str, health: int) -> str:
    """A short position that loads as it is: both bows on zones 2 and 3, two cards in
    each hand, player 0 to act at STEP, with every optional field as a comment."""
    assert step in STEPS, step
    hero_mode = heroes is not None
    hands = _example_hands(table)
    lines = [
        "# A short position (docs/positions.md). Try: emr-sim resolve THIS_FILE --list",
        'format = "emr-sim-position"',
        "version = 2",
        _line(f'step = "{step}"', STEP_HELP[step]),
        _line("active = 0", "whose turn: 0 or 1"),
        _line("seed = 1", "shuffles the cards not named here into the draw pile"),
        _line("# turn = 1", "the turn's number (rules.turn_cap counts them)"),
        _line(f"hero_mode = {str(hero_mode).lower()}", "fury and techniques; on when a hero is named"),
        _line('# rules = { penalty = "each" }', "rules options by name (emr-sim rules)"),
    ]
    if step == "extra":
        lines.append(_line("extra = 1", "extra actions owed (2 needs rules.extra_max = 2)"))
    lines += [
        _line('# draw_top = ["blue 1-1"]', "the next cards drawn, first first"),
        _line('# discard_pile = ["blue 1-2"]', "oldest first"),
    ]
    for p in (0, 1):
        hero = heroes[p] if heroes else None
        lines += _player_lines(p, hero, hands[p], hero_mode and step == "extra", health)
    return "\n".join(lines) + "\n"


def new_template(heroes: str | None, step: str, deck: str | None = None) -> str:
    """`emr-sim position new`: the template for the masters named ('crow,illusion', or None:
    no hero mode) and the step that comes next, with the deck's cards and default health."""
    from emr_sim.games.emr.cards import card_table, load_deck
    from emr_sim.games.emr.lineup.heroes import parse_hero_pair
    from emr_sim.games.emr.options import O_HEALTH, make_options

    pair = None
    if heroes:
        first, second = parse_hero_pair(heroes)  # ValueError: exit 2
        pair = (C.HERO_NAMES[first], C.HERO_NAMES[second])
    opts = make_options()
    return template_text(card_table(load_deck(deck), opts), pair, step, int(opts[O_HEALTH]))
