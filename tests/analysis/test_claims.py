"""Claims (emr_sim.analysis.claims): the claims file, and each kind of claim checked on
hand-built games whose outcome is known: holds, contradicted, not resolved."""

import math

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.analysis import synthetic_cell

from emr_sim.analysis.claims import (
    check_claim,
    claim_cells,
    community_path,
    load_claims,
    move_from_cells,
    parse_claims,
)
from emr_sim.analysis.claims.check import CONTRADICTED, HOLDS, NOT_RESOLVED, field_gap
from emr_sim.analysis.claims.spec import ClaimsError
from emr_sim.analysis.compare import compare_cells
from emr_sim.games.emr.codes import HERO_NAMES


def claim(says: str):
    return parse_claims(f'[[claim]]\nsays = "{says}"\n')[0]


def games_of(cells: dict[tuple[str, str], str]) -> pd.DataFrame:
    return pd.concat([synthetic_cell(a, b, results) for (a, b), results in cells.items()], ignore_index=True)


def triangle(crow_wind: float, crow_poison: float, wind_poison: float, n: int = 400) -> pd.DataFrame:
    """Three masters, n games a cell, side A winning the given share."""

    def results(share: float) -> str:
        wins = round(share * n)
        return "".join("A" if k < wins else "B" for k in range(n))

    return games_of(
        {
            ("crow", "wind"): results(crow_wind),
            ("crow", "poison"): results(crow_poison),
            ("wind", "poison"): results(wind_poison),
        }
    )


# ---------------------------------------------------------------- the claims file


def test_the_community_file_ships_with_the_four_claims_of_the_issue():
    claims = load_claims("community")
    assert community_path().is_file()
    assert [c.says for c in claims] == [
        "earth is in the top 3",
        "poison beats earth",
        "illusion beats crow",
        "bushido beats master",
    ]
    assert claims[3].name == "Bushido beats Master of masters"


def test_each_form_is_read_with_its_masters_and_line():
    assert claim("Bushido beats Master of Masters").masters == ("bushido", "master")
    assert claim("earth is in the top three").top == 3
    first = claim("the first player wins under 55 %")
    assert (first.kind, first.threshold, first.direction) == ("first_player", 0.55, "under")
    field = claim("Kung-fu wins over 52.5%")
    assert (field.kind, field.master, field.threshold, field.direction) == ("field", "kungfu", 0.525, "over")


@given(st.sampled_from(HERO_NAMES), st.sampled_from(HERO_NAMES), st.integers(1, 7), st.integers(1, 99))
@settings(max_examples=100, deadline=None)
def test_a_normalised_statement_reads_back_the_same(a, b, top, percent):
    for says in (
        f"{a} beats {b}" if a != b else None,
        f"{a} is in the top {top}",
        f"{a} wins under {percent} %",
    ):
        if says:
            once = claim(says)
            assert claim(once.says) == once


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (
            '[[claim]]\nsays = "bushido beats zebra"\n',
            "claim 1 ('bushido beats zebra'): unknown master 'zebra'",
        ),
        ('[[claim]]\nsays = "earth is strong"\n', "not a claim emr-sim can test"),
        ('[[claim]]\nsays = "earth is in the top nine"\n', "the top 'nine' is not a number from 1 to 7"),
        ('[[claim]]\nsays = "the first player wins under 155 %"\n', "not a share between 0 and 100 %"),
        ('[[claim]]\nsays = "crow beats crow"\n', "cannot beat itself"),
        ('[[claim]]\nname = "x"\n', 'says = "..." is missing'),
        ('[[claim]]\nsays = "crow beats wind"\nwho = 1\n', "unknown key 'who'"),
        ('title = "x"\n', "unknown key 'title'"),
        ("[[claim]\n", "not TOML"),
        ("", "no claim"),
    ],
)
def test_a_malformed_claims_file_is_refused_naming_the_claim(text, needle):
    with pytest.raises(ClaimsError) as err:
        parse_claims(text, "my.toml")
    assert str(err.value).startswith("my.toml: ") and needle in str(err.value)
    assert "\n" not in str(err.value)


# ---------------------------------------------------------------- checks on hand-built games


@pytest.mark.parametrize(("share", "status"), [(0.60, HOLDS), (0.40, CONTRADICTED), (0.52, NOT_RESOLVED)])
def test_a_beats_claim_reads_the_cell_from_either_side(share, status):
    games = triangle(share, 0.5, 0.5)
    result = check_claim(claim("crow beats wind"), games)
    assert result.status == status and result.value == pytest.approx(share)
    assert result.low < share < result.high
    reverse = check_claim(claim("wind beats crow"), games)
    assert reverse.value == pytest.approx(1 - share)
    assert {result.status, reverse.status} in ({HOLDS, CONTRADICTED}, {NOT_RESOLVED})


def test_a_field_claim_and_the_first_player_claim():
    games = triangle(0.7, 0.7, 0.5)  # crow's field mean 70 %, wind 40 %, poison 40 %
    assert check_claim(claim("crow wins over 60 %"), games).status == HOLDS
    assert check_claim(claim("crow wins under 60 %"), games).status == CONTRADICTED
    assert check_claim(claim("wind wins over 40 %"), games).status == NOT_RESOLVED
    # synthetic_cell: side A moves first in the first game of each pair; A wins its first game
    first = games_of({("crow", "wind"): "AB" * 200})
    result = check_claim(claim("the first player wins over 90 %"), first)
    assert result.value == 1.0 and result.status == HOLDS


def test_a_top_claim_gives_a_rank_interval_and_its_competitor():
    clear = triangle(0.75, 0.75, 0.75)  # crow 75 %, wind 50 %, poison 25 %
    wind = check_claim(claim("wind is in the top 1"), clear)
    assert (wind.value, wind.low, wind.high, wind.status) == (2, 2, 2, CONTRADICTED)
    assert wind.competitor == "crow" and wind.margin == pytest.approx(-0.25)
    assert check_claim(claim("wind is in the top 2"), clear).status == HOLDS
    close = triangle(0.52, 0.52, 0.52, n=200)  # all within noise: any rank
    crow = check_claim(claim("crow is in the top 1"), close)
    assert crow.status == NOT_RESOLVED and (crow.low, crow.high) == (1, 3)


def test_the_field_gap_counts_the_shared_cell_once_with_its_covariance():
    games = triangle(0.6, 0.5, 0.5, n=400)
    gap, se = field_gap(compare_free_cells(games), "crow", "wind")
    assert gap == pytest.approx(((0.6 + 0.5) - (0.4 + 0.5)) / 2)
    # var: crow-poison and wind-poison p(1-p)/n over 2^2, the shared cell 2 x 2 (p_A + p_X = 1)
    shared = (0.6 * 0.4 + 0.4 * 0.6 + 2 * 0.6 * 0.4) / 400 / 4
    assert se == pytest.approx(math.sqrt(2 * 0.25 / 400 / 4 + shared))


def compare_free_cells(games):
    from emr_sim.analysis.cells import cell_table

    return cell_table(games)


def test_a_claim_names_a_master_the_games_do_not_have():
    with pytest.raises(ValueError, match="earth is not among the run's masters"):
        check_claim(claim("earth beats crow"), triangle(0.5, 0.5, 0.5))


# ---------------------------------------------------------------- how a change moves a claim


def test_moves_are_weighted_sums_of_the_paired_cell_deltas():
    before = triangle(0.5, 0.5, 0.5)
    after = triangle(0.6, 0.5, 0.4)  # crow +10 against wind, wind -10 against poison
    cells = compare_cells(before, after)
    assert move_from_cells(claim("crow beats wind"), cells)[0] == pytest.approx(0.10)
    assert move_from_cells(claim("wind beats crow"), cells)[0] == pytest.approx(-0.10)
    assert move_from_cells(claim("wind wins over 50 %"), cells)[0] == pytest.approx((-0.10 - 0.10) / 2)
    assert move_from_cells(claim("wind wins under 50 %"), cells)[0] == pytest.approx(0.10)
    # the gap of poison to wind: poison +5 (its cells: 0, +10), wind -10
    assert move_from_cells(claim("poison is in the top 1"), cells, "wind")[0] == pytest.approx(0.05 + 0.10)
    assert math.isnan(move_from_cells(claim("the first player wins under 55 %"), cells)[0])


def test_the_cells_a_claim_needs():
    heroes = ["crow", "wind", "poison", "earth"]
    assert claim_cells(claim("poison beats crow"), heroes) == [("crow", "poison")]
    assert len(claim_cells(claim("earth wins over 50 %"), heroes)) == 3
    assert len(claim_cells(claim("earth is in the top 2"), heroes, "crow")) == 5
    assert len(claim_cells(claim("the first player wins under 55 %"), heroes)) == 6
