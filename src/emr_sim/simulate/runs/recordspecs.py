"""The players of a run record, as they were played (a reader of runs that replays or
reports games needs them; rundir does not, so reading a run imports nothing of the players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emr_sim.errors import quoted

if TYPE_CHECKING:
    from emr_sim.games.emr.lineup.base import PlayerSpec


def record_specs(record: dict, name: object = "run.json") -> tuple[PlayerSpec, PlayerSpec]:
    """The players of a run record (side A, side B), as they were played: from its
    `player_specs` when it has them (a book's vectors are in the record: no file is read,
    emr_sim.games.emr.lineup.spec.spec_from_record), else its plain players' texts. SpecError naming
    `name` (the record's file) and the key."""
    from emr_sim.games.emr.lineup.base import SpecError
    from emr_sim.games.emr.lineup.spec import parse_sides, spec_from_record

    players, specs = record.get("players"), record.get("player_specs")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise SpecError(f"{name}: key 'players' must be the two sides' player specs, not {quoted(players)}")
    if specs is None:
        try:
            return parse_sides(players)
        except SpecError as err:
            raise SpecError(f"{name}: key 'players': {err}") from None
    if not isinstance(specs, list) or len(specs) != 2:
        raise SpecError(f"{name}: key 'player_specs' must be a list of the two sides' specs")
    sides = tuple(spec_from_record(e, name, f"player_specs[{k}]") for k, e in enumerate(specs))
    for k, (spec, text) in enumerate(zip(sides, players, strict=True)):
        if spec.text != text:
            raise SpecError(
                f"{name}: player_specs[{k}] is {quoted(spec.text)}, but players[{k}] is {quoted(text)}"
            )
    return sides[0], sides[1]
