"""The one parser of master names: the two masters of a game, or a list of masters for a run.

    parse_hero_pair("crow,illusion")        -> (hero code, hero code); (NO_HERO, NO_HERO) for None
    parse_hero_list("crow,wind,earth")      -> the names in HERO_NAMES order; `all` or None: all 8

Names are matched without regard to case or spaces; messages name the option as given.
"""

from __future__ import annotations

from emr_sim.errors import quoted
from emr_sim.games.emr.codes import HERO_NAMES, NO_HERO

ALL = "all"


def _names(text: str | list | tuple) -> list[str]:
    return [str(h).strip().lower() for h in (text.split(",") if isinstance(text, str) else text)]


def _unknown(name: str, option: str) -> ValueError:
    where = f" in {option}" if option else ""
    return ValueError(f"unknown hero {quoted(name)}{where}; the masters are {', '.join(HERO_NAMES)}")


def parse_hero_list(text: str | list | tuple | None, option: str = "--heroes", least: int = 2) -> list[str]:
    """A list of distinct masters (at least `least`) in HERO_NAMES order; None or `all`: the
    eight. ValueError naming the option and the bad name."""
    if text is None or (isinstance(text, str) and text.strip().lower() == ALL):
        return list(HERO_NAMES)
    names = _names(text)
    unknown = [h for h in names if h not in HERO_NAMES]
    if unknown:
        raise _unknown(unknown[0], option)
    if len(set(names)) != len(names):
        raise ValueError(f"{option} names a master twice: {text}")
    if len(names) < least:
        raise ValueError(f"{option} needs at least {('one master', 'two masters')[least > 1]}")
    return sorted(names, key=HERO_NAMES.index)


def parse_hero_pair(text: str | tuple | list | None, allow_mirror: bool = False) -> tuple[int, int]:
    """'crow,illusion' -> hero codes (NO_HERO for None). R-OPT-HERO: the second player may
    not pick the first one's hero; a mirror match is only for checks (allow_mirror)."""
    if not text:
        return NO_HERO, NO_HERO
    names = [t.strip() for t in (text.split(",") if isinstance(text, str) else text)]
    if len(names) != 2:
        raise ValueError(f"heroes: give two of {', '.join(HERO_NAMES)}, not {quoted(text)}")
    for name in names:
        if name not in HERO_NAMES:
            raise ValueError(f"unknown hero {quoted(name)}; known: {', '.join(HERO_NAMES)}")
    if names[0] == names[1] and not allow_mirror:
        raise ValueError(f"heroes: the second player may not pick the same hero ({names[0]}) (R-OPT-HERO)")
    return HERO_NAMES.index(names[0]), HERO_NAMES.index(names[1])
