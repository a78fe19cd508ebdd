"""Claims put to the test (emr_sim.studies.claims.study): checked at each rung, the scan's changes
ranked for a contradicted claim, the best verified at the failing rung on its cells only."""

import json

import pytest
from support.cli import fails, run

from emr_sim.simulate.matrix import run_matrix
from emr_sim.simulate.rundir import finished_cells, read_run
from emr_sim.studies.claims.study import CLAIMS_FILE, run_claims
from emr_sim.studies.scan.base import read_base
from emr_sim.studies.scan.effects import scan_effects
from emr_sim.studies.scan.plan import make_plan
from emr_sim.studies.scan.sensitivity import Sizing, run_scan

HEROES = "crow,wind,bushido"
GAMES = 60
CLAIMS = """
[[claim]]
name = "Bushido is the best"
says = "bushido is in the top 1"
[[claim]]
says = "wind beats crow"
[[claim]]
says = "the first player wins under 40 %"
[[claim]]
says = "crow wins under 90 %"
"""


@pytest.fixture(scope="module")
def setting(tmp_path_factory):
    root = tmp_path_factory.mktemp("claims")
    base = root / "base"
    run_matrix(base, HEROES, GAMES, seed=11, workers=2)
    plan = make_plan(read_base(base), "class:dragons", "health", ())
    run_scan(root / "scan", base, plan, Sizing(None, GAMES), workers=2)
    claims = root / "claims.toml"
    claims.write_text(CLAIMS)
    return root, base, claims


@pytest.fixture(scope="module")
def result(setting):
    root, base, claims = setting
    return run_claims(str(claims), [base], [root / "scan"], root / "out", verify_games=20, top=2, workers=2)


def test_every_claim_is_checked_at_the_rung(result):
    checks = {says: by_rung["greedy"] for says, by_rung in result.checks.items()}
    assert set(checks) == {
        "bushido is in the top 1",
        "wind beats crow",
        "the first player wins under 40 %",
        "crow wins under 90 %",
    }
    assert checks["crow wins under 90 %"].status == "holds"
    assert checks["the first player wins under 40 %"].status == "contradicted"


def test_a_contradicted_claim_gets_the_scan_changes_ranked_and_the_best_verified(result, setting):
    root, base, _claims = setting
    record = json.loads((root / "out" / CLAIMS_FILE).read_text())
    contradicted = [c for c in record["claims"] if c["checks"]["greedy"]["status"] == "contradicted"]
    assert contradicted
    for claim in contradicted:
        moves = [m["move"] for m in claim["changes"]["greedy"]]
        assert moves == sorted(moves, reverse=True) and len(moves) == 2
        verified = claim["verified"].get("greedy", [])
        assert len(verified) == sum(m > 0 for m in moves)
        for v in verified:
            run_dir = v["run_dir"]
            assert read_run(run_dir)["games_per_cell"] == 20
            assert len(finished_cells(run_dir)) == v["cells"]  # the cells the claim needs, no more
    for claim in record["claims"]:
        if claim["checks"]["greedy"]["status"] != "contradicted":
            assert claim["changes"] == {} and claim["verified"] == {}


def test_verified_on_the_scan_rung_the_move_is_the_scans_on_those_games(setting, result):
    """A verification at the scan's own rung replays the scan's first games: the same move."""
    root, base, claims = setting
    again = run_claims(
        str(claims), [base], [root / "scan"], root / "again", verify_games=GAMES, top=1, workers=2
    )
    assert again.verified
    for by_rung in again.verified.values():
        for done in by_rung["greedy"]:
            assert done.verified == pytest.approx(done.move.move, abs=1e-12)


def test_without_a_scan_or_an_output_nothing_is_played(setting):
    root, base, claims = setting
    quick = run_claims(str(claims), [base], [], None)
    assert quick.ranked == {} and quick.verified == {}


def test_the_command_prints_the_checks_and_refuses_bad_claims(setting, tmp_path):
    root, base, claims = setting
    result = run("claims", claims, base, "--scan", root / "scan")
    assert result.exit_code == 0, result.output
    assert "Bushido is the best  (bushido is in the top 1)" in result.stdout
    assert "changes that move it most" in result.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text('[[claim]]\nsays = "bushido beats zebra"\n')
    fails("claims", bad, base, needles=(f"{bad}: claim 1", "unknown master 'zebra'"))
    bad.write_text('[[claim]]\nsays = "bushido is great"\n')
    fails("claims", bad, base, needles=("not a claim emr-sim can test",))
    bad.write_text('[[claim]\nsays = "x"')
    fails("claims", bad, base, needles=("not TOML",))
    fails("claims", tmp_path / "none.toml", base, needles=("no such claims file",))
    fails("claims", "community", tmp_path / "norun", needles=("no such run directory",))
    fails("claims", claims, base, "--scan", tmp_path / "noscan", needles=("no such scan directory",))


def test_the_scan_effects_carry_the_first_players_change(setting):
    effects = scan_effects(setting[0] / "scan")
    assert set(effects.first["variant"]) == {v.text for v in effects.variants}
    assert effects.first["se"].gt(0).all()


def test_verify_games_per_rung():
    from emr_sim.errors import BadInput
    from emr_sim.studies.claims.verify import games_per_rung

    assert games_per_rung(1000, 3) == [1000, 1000, 1000]
    assert games_per_rung("10000,10000,1000", 3) == [10000, 10000, 1000]
    for bad in ("10,20", "1001", "x", "-2"):
        with pytest.raises(BadInput, match="--verify-games"):
            games_per_rung(bad, 3)
