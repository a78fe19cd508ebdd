"""`emr-sim report RUN --skill RUN2 ...`: the balance-and-skill section in the HTML, the
summary on the terminal, and the refusals (another seed or heroes, a missing run) with exit 2."""

from __future__ import annotations

import html as H
import re

import pytest
from click.testing import CliRunner

from emr_sim.cli import main
from emr_sim.games.emr.cards import default_deck_path
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings

HEROES = ["crow", "wind", "poison"]
SEED = 4444
GAMES = 200


@pytest.fixture(scope="session")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("skill-report")
    out = {}
    for name, players in (("random", "random"), ("greedy", "greedy"), ("notech", "greedy-notech")):
        run_matrix(
            root / name,
            RunSettings(players=players, seed=SEED, workers=1),
            MatrixPlay(heroes=HEROES, games=GAMES),
        )
        out[name] = root / name
    run_matrix(root / "seed", RunSettings(seed=SEED + 1, workers=1), MatrixPlay(heroes=HEROES, games=20))
    run_matrix(root / "two", RunSettings(seed=SEED, workers=1), MatrixPlay(heroes=HEROES[:2], games=20))
    out["seed"], out["two"] = root / "seed", root / "two"
    # the same deals under other rules (warned), and another deck (other deals: refused)
    run_matrix(
        root / "nofury", RunSettings(fury=False, seed=SEED, workers=1), MatrixPlay(heroes=HEROES, games=20)
    )
    run_matrix(
        root / "health",
        RunSettings(rules={"health": "9"}, seed=SEED, workers=1),
        MatrixPlay(heroes=HEROES, games=20),
    )
    deck = root / "deck.csv"
    deck.write_bytes(default_deck_path().read_bytes() + b"# the same cards, another file\n")
    run_matrix(
        root / "deck", RunSettings(deck=deck, seed=SEED, workers=1), MatrixPlay(heroes=HEROES, games=20)
    )
    out |= {name: root / name for name in ("nofury", "health", "deck")}
    return out


def report(*args: str):
    return CliRunner().invoke(main, ["report", *map(str, args)])


@pytest.fixture(scope="session")
def made(runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("html") / "skill.html"
    result = report(
        runs["random"],
        "-o",
        out,
        "--skill",
        runs["greedy"],
        "--skill",
        runs["notech"],
        "--technique-pairs",
        "3",
    )
    assert result.exit_code == 0, result.output
    return result.output, out.read_text(encoding="utf-8")


def text_of(html: str) -> str:
    start = html.index('<section id="skill">')
    body = re.sub(r"<[^>]+>", " ", html[start : html.index("</section>", start)])
    return re.sub(r"\s+", " ", H.unescape(body))


def test_terminal_summary(made):
    out, _ = made
    assert "Balance and skill" in out
    signed = r"(?:[+-]\d\.\d\d|0\.00)"  # a tau of 0 has no sign
    assert len(re.findall(rf"Kendall tau .* {signed} \[{signed}, {signed}\]", out)) == 3
    counts = re.findall(r"cells .*: (\d) skill-sensitive, (\d) stable, (\d) not resolved", out)
    assert len(counts) == 3 and all(sum(map(int, c)) == 3 for c in counts)


def test_html_holds_the_section(made):
    _, html = made
    assert 'href="#skill"' in html
    text = text_of(html)
    for words in (
        "Ranking at each rung",
        "Kendall τ",
        "Matchups between rungs",
        "first player",
        "own technique uses per game",
        "Technique worth at each rung",
    ):
        assert words in text
    assert "1. random → 2. greedy" in text and "1. random → 3. notech" in text
    assert "not measured: player 'random' has no technique-free twin" in text
    assert "crow vs wind" in text
    assert re.search(r"2\. greedy [+-]\d+\.\d \([+-]\d+\.\d – [+-]\d+\.\d\)", text)  # the worth, measured
    assert "played 72 games per rung" in text  # 2 variants × 2 opponents × 3 masters × 3 deals × 2 seats
    assert "8. Metagame" in html and "9. How to read the numbers" in html


def test_without_technique_pairs_the_worth_is_not_played(runs, tmp_path):
    out = tmp_path / "r.html"
    result = report(runs["greedy"], "-o", out, "--skill", runs["notech"])
    assert result.exit_code == 0, result.output
    assert "--technique-pairs 500" in text_of(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("other", "key"),
    [
        ("seed", "other deals (seed 4444 → 4445)"),
        ("two", "other deals (heroes crow, wind, poison → crow, wind)"),
        ("deck", "other deals (deck default → "),
    ],
)
def test_a_rung_on_other_deals_is_refused(runs, tmp_path, other, key):
    out = tmp_path / "r.html"
    result = report(runs["greedy"], "-o", out, "--skill", runs[other])
    assert result.exit_code == 2
    assert str(runs[other]) in result.output and str(runs["greedy"]) in result.output
    assert key in result.output
    assert not out.exists()


@pytest.mark.parametrize(("other", "said"), [("nofury", "fury on → off"), ("health", "health 8 → 9")])
def test_a_rung_under_other_rules_is_reported_with_a_warning(runs, tmp_path, other, said):
    """The same deals under another hero mode or health: the report is written, and both the
    terminal and the section say what differs besides the players (#23)."""
    out = tmp_path / "r.html"
    result = report(runs["greedy"], "-o", out, "--skill", runs[other])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "warning:" in line]
    assert len(warnings) == 1 and said in warnings[0] and "mixes skill with the rules" in warnings[0]
    section = text_of(out.read_text(encoding="utf-8"))
    assert "The rungs differ in more than their players" in section and said in section


def test_missing_rung_and_lone_technique_pairs_are_refused(runs, tmp_path):
    out = tmp_path / "r.html"
    missing = report(runs["greedy"], "-o", out, "--skill", tmp_path / "nope")
    assert missing.exit_code == 2 and "nope: no such run directory" in missing.output
    lone = report(runs["greedy"], "-o", out, "--technique-pairs", "5")
    assert lone.exit_code == 2 and "--skill" in lone.output
    assert not out.exists()
