"""The run a study varies (a sensitivity scan, a claim's verification): its record read once,
and the matrix arguments and run set-up of any variant of it (emr_sim.simulate.variants)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from emr_sim.errors import BadInput
from emr_sim.simulate.searchversion import search_version_of
from emr_sim.simulate.variants import Variant, parse_variant


@dataclass
class Base:
    """The run a scan varies: its directory and record, read once."""

    path: Path
    record: dict

    @property
    def heroes(self) -> list[str]:
        return list(self.record["heroes"])

    @property
    def every(self) -> bool:
        return self.record.get("assignments") == "every"

    @property
    def variant(self) -> Variant:
        """The base run's own card changes (a scan of a variant run varies on top of them)."""
        return parse_variant(self.record.get("deck_changes"))

    def deck(self) -> str | None:
        name = self.record.get("deck", "default")
        if name in (None, "default"):
            return None
        path = Path(name)
        if not path.is_file() and not path.is_absolute() and (self.path / path).is_file():
            return str(self.path / path)
        return str(path)

    def matrix_args(self, variant: Variant) -> dict:
        """run_matrix's keyword arguments for the base's set-up with VARIANT applied (the
        rules options the variant sets are taken from it, not from the base)."""
        rules = {k: str(v) for k, v in self.record["rules"].items() if k != "fury" and k not in variant.rules}
        return {
            "heroes": self.heroes,
            "seed": self.record["seed"],
            "players": tuple(self.record["players"]),
            "fury": bool(self.record["fury"]),
            "deck": self.deck(),
            "rules": rules,
            "every": self.every,
            "variant": self.variant + variant,
            "search_version": search_version_of(self.record),  # its players as they played
        }

    def setup(self, variant: Variant, workers: int | None, cluster=None):
        """The RunSetup of the base with VARIANT (BadInput for a variant that cannot be
        applied, a deck file changed since the base run)."""
        from emr_sim.simulate.matrix import variant_setup
        from emr_sim.simulate.setup import run_setup

        args = self.matrix_args(variant)
        setup = run_setup(
            seed=args["seed"],
            players=args["players"],
            fury=args["fury"],
            deck=args["deck"],
            rules=args["rules"],
            workers=workers,
            what="a scan",
            cluster=cluster,
            search_version=args["search_version"],
        )
        if setup.deck.sha256 != self.record.get("deck_sha256"):
            raise BadInput(
                f"{self.path}: its deck file {args['deck']} changed since the run (sha256 differs)"
            )
        return variant_setup(setup, args["rules"], args["variant"])


def read_base(run_dir: str | Path) -> Base:
    from emr_sim.simulate.rundir import read_run

    return Base(Path(run_dir), read_run(run_dir))


def longest_game(base: Base) -> int | None:
    """The most turns of a game in the base run's finished cells (None: no cell yet)."""
    from emr_sim.simulate.rundir import finished_cells, load_cell

    cells = finished_cells(base.path)
    if not cells:
        return None
    return max(int(load_cell(base.path, a, b, base.record)["turns"].max()) for a, b in cells)
