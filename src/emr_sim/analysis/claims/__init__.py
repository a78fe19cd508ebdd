"""Claims put to the test: a claims file (TOML) and its claims checked against a run's games.

spec      the claims file: each claim's words and the statement it tests ("bushido beats
          master", "earth is in the top three", "the first player wins under 55 %")
check     a claim checked on a games frame: holds / contradicted / not resolved, with its
          interval; how a change moves it (from paired cell deltas)
community.toml   four claims of the player community (shipped with the package)
"""

from emr_sim.analysis.claims.check import ClaimCheck, check_claim, claim_cells, move_from_cells
from emr_sim.analysis.claims.spec import Claim, community_path, load_claims, parse_claims

__all__ = [
    "Claim",
    "ClaimCheck",
    "check_claim",
    "claim_cells",
    "community_path",
    "load_claims",
    "move_from_cells",
    "parse_claims",
]
