"""The glossary at the end of every report: the words the report uses in its sentences, and the
names the program, its files and the rules give the same things (rule ids, column names), so
the prose can stay in plain words and a reader who wants the ids still finds them."""

from __future__ import annotations

# (id, term, meaning); the id is the anchor (#g-ID)
ENTRIES: tuple[tuple[str, str, str], ...] = (
    (
        "master",
        "master",
        "The character a player plays (Crow, Wind, Poison, Bushido, Kung-fu, Earth, Illusion, Master of "
        "masters). The program and its files call it a hero (`--heroes`, `hero_a`, the rules option "
        "`hero_select`).",
    ),
    (
        "matchup",
        "matchup",
        "Two masters played against each other; the program's files call it a cell "
        "(`cells/crow-wind.parquet`).",
    ),
    (
        "pair",
        "pair of games",
        "One deal played twice with the seats swapped, so that neither side profits from the deal or from "
        "moving first more often than the other.",
    ),
    (
        "field-mean",
        "field mean",
        "A master's mean win rate against each opponent, every opponent weighing the same (`field_means`).",
    ),
    (
        "rating",
        "rating",
        "One strength per master fitted to every decided game (the Bradley–Terry model, `bradley_terry`), "
        "on the Elo scale: 0 is the average master, +100 a 64 % expected score against it.",
    ),
    (
        "interval",
        "95 % interval",
        "The range that holds the true value in 95 % of runs like this one. An interval of a bootstrap "
        "statistic that the resampling biases (a maximum, a minimum, the cyclic share) can lie to one side "
        "of its estimate; the page marks those with †.",
    ),
    (
        "beyond-chance",
        "beyond chance",
        "A difference whose p-value, corrected for the number of tests made at once (Holm–Bonferroni, "
        "`adjust(..., 'holm')`; Benjamini–Hochberg for the cards, `bh`), is at most 0.05. The tables call it "
        "significant.",
    ),
    (
        "first-player",
        "first player",
        "The player who takes the first turn, drawn at random per game (rule D-FIRST, rules option "
        "`first_player`).",
    ),
    (
        "picks",
        "picking masters",
        "Under the rule R-OPT-HERO (rules option `hero_select = chosen`) the first player picks a master "
        "first and the second picks another; the metagame reads the matrix as that choice.",
    ),
    (
        "fury",
        "hero mode, fury and techniques",
        "Rule R-OPT-FURY (rules option `fury`): each master's own technique and the fury state. "
        "`fury-choose` in the program's columns counts the fury choices.",
    ),
    (
        "iwd",
        "improvement when drawn (IWD)",
        "For a card and a master: the master's win rate in games where the card was in its hand at some time "
        "(GIH, games in hand) minus in games where it never was (GNS, games not seen), in points. OH: the "
        "opening hand.",
    ),
    (
        "nash",
        "Nash mix, support",
        "The mix of picks no other pick beats on average; a master is in its support when the mix gives it a "
        "positive probability. The share of bootstrap resamples with the master in the support says how sure "
        "that is.",
    ),
    (
        "cyclic",
        "transitive and cyclic parts",
        "The matrix split (Hodge decomposition) into what one strength per master explains and the "
        "rock-paper-scissors rest.",
    ),
    (
        "alpharank",
        "α-Rank",
        "Where a population that keeps switching to whatever beats its current pick spends its time "
        "(Omidshafiei et al. 2019).",
    ),
    (
        "rung",
        "rung",
        "One skill level: the same deals played by other players (random, greedy, tuned, a search).",
    ),
    (
        "kendall",
        "Kendall τ",
        "Agreement of two rankings: +1 the same order, 0 unrelated, −1 reversed.",
    ),
    (
        "rule-ids",
        "rule ids",
        "Names such as R-TURN, R-DEFEND or D-BOW are the ids of the rules in docs/rules.md; the settings "
        "table names the rule each rules option switches.",
    ),
)


def glossary() -> list[dict]:
    """The glossary as the template shows it."""
    return [{"id": i, "term": t, "meaning": m} for i, t, m in ENTRIES]
