"""Samurai Sword's study page (report/samurai.py): the verdict names the faction and table size
furthest from the fair share, in a sentence with its interval; the page leads with it and ends
with the settings; numbers are written in plain words."""

from __future__ import annotations

import pandas as pd

from emr_sim.report.samurai import StudyPage, page, ranking, top_imbalance, verdict


def factions() -> pd.DataFrame:
    """A hand-made table: at 3 players the Shogun 60 % of 50 %, at 4 the Shogun and Samurai
    71.3 % and the Ninja 28.7 % of 50 % (21.3 points each), at 5 the Ninja 10 % of 33.3 % (the
    largest departure: 23.3 points), at 7 the Ronin 34 % of 33.3 % (within chance)."""
    third = 1 / 3
    rows = [
        (3, "Shogun and Samurai", 0.60, 0.58, 0.62, 0.5),
        (3, "Ninja", 0.40, 0.38, 0.42, 0.5),
        (4, "Ninja", 0.287, 0.281, 0.293, 0.5),  # first, and 0.5 - 0.287 > 0.713 - 0.5 in floats
        (4, "Shogun and Samurai", 0.713, 0.707, 0.719, 0.5),
        (5, "Shogun and Samurai", 0.50, 0.48, 0.52, third),
        (5, "Ninja", 0.10, 0.09, 0.11, third),
        (5, "Ronin", 0.40, 0.38, 0.42, third),
        (7, "Shogun and Samurai", 0.33, 0.31, 0.35, third),
        (7, "Ninja", 0.33, 0.31, 0.35, third),
        (7, "Ronin", 0.34, 0.32, 0.36, third),
    ]
    frame = pd.DataFrame(rows, columns=["players", "team", "wins", "low", "high", "fair"])
    return frame.assign(games=1000)


def test_the_top_imbalance_is_the_largest_departure_from_the_fair_share():
    top = top_imbalance(factions())
    assert (top["players"], top["team"]) == (5, "Ninja")


def test_equal_departures_name_the_favoured_faction():
    without_five = factions().query("players != 5")
    top = top_imbalance(without_five)
    assert (top["players"], top["team"]) == (4, "Shogun and Samurai")


def test_the_verdict_says_it_first_with_its_interval_then_each_size_once():
    lines = verdict(factions())
    assert [line["top"] for line in lines] == [True, False, False, False]
    assert lines[0]["text"] == (
        "At 5 players the Ninja win 10.0 % [9.0, 11.0] of games against a fair 33.3 %: 23.3 points less, "
        "beyond chance."
    )
    assert lines[1]["text"] == (
        "At 4 players the Shogun and Samurai win 71.3 % [70.7, 71.9] of games against a fair 50.0 %: "
        "21.3 points more, beyond chance."
    )
    assert lines[2]["text"].startswith("At 3 players the Shogun wins 60.0 % [58.0, 62.0]")  # alone at 3
    assert lines[3]["text"] == (
        "At 7 players the Ronin wins 34.0 % [32.0, 36.0] of games against a fair 33.3 %: 0.7 points more, "
        "within chance."
    )


def test_the_ranking_has_a_row_per_size_coloured_beyond_chance():
    table = ranking(factions())
    assert table["header"] == ["players", "fair share", "Shogun and Samurai", "Ninja", "Ronin"]
    assert [row[0]["text"] for row in table["rows"]] == ["3", "4", "5", "7"]
    five = table["rows"][2]
    assert [c["cls"] for c in five[2:]] == ["yes", "low", "yes"]
    assert table["rows"][0][4]["text"] == "not in play"  # no Ronin at 3
    assert [c["cls"] for c in table["rows"][3][2:]] == ["", "", ""]


def test_the_page_leads_with_the_verdict_and_ends_with_the_settings():
    gaps = pd.DataFrame({"card": ["Parry", "Daimyo"], "played gap": [-0.0001, 0.05], "p holm": [1e-9, 0.2]})
    study = StudyPage(
        "samurai",
        factions(),
        [("5 players", [("Cards", gaps)])],
        ["How to read."],
        [("command", "python scripts/samurai_study.py --seed 1"), ("seed", "1")],
    )
    html = page(study)
    assert "<title>samurai: " in html
    verdict_at, ranking_at = html.index('id="verdict"'), html.index('id="verdict-ranking"')
    assert verdict_at < ranking_at < html.index('id="5-players"') < html.index('id="settings"')
    assert 'class="top-imbalance">At 5 players the Ninja win 10.0 %' in html
    assert "-0.0" not in html and "= <" not in html
    assert '<td class="num">0.0</td>' in html and "+5.0" in html and "&lt; 0.0001" in html
