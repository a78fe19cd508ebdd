"""Samurai Sword's card file (games/samurai/data/cards.toml, docs/samurai.md): the reconstructed
content as the file gives it (SS-D-WEAPONS, SS-D-PROPERTIES, SS-D-ACTIONS), and a bad file or
table size refused in one line naming the file, the line and the field, exit 2, nothing written."""

from __future__ import annotations

import re

import pytest
from support.cli import fails

from emr_sim.games.samurai.cards import DEFAULT, CardsError, load_cards
from emr_sim.games.samurai.rules import layout as L

CARDS = load_cards()


def row(name: str) -> dict[str, int]:
    i = CARDS.card_names.index(name)
    return {
        f: int(CARDS.CT[i, c])
        for f, c in (("count", L.CT_COUNT), ("range", L.CT_RANGE), ("damage", L.CT_DAMAGE))
    }


def test_ss_d_weapons_the_thirteen_weapons_count_range_damage():
    weapons = {
        name: (r["count"], r["range"], r["damage"]) for name in CARDS.card_names if (r := row(name))["damage"]
    }
    assert weapons == {
        "Bokken": (6, 1, 1), "Bo": (5, 2, 1), "Kiseru": (5, 1, 2), "Kusarigama": (4, 2, 2),
        "Shuriken": (3, 3, 1), "Naginata": (2, 4, 1), "Nagayari": (1, 4, 2), "Kanabo": (1, 3, 2),
        "Daikyu": (1, 5, 2), "Tanegashima": (1, 5, 1), "Wakizashi": (1, 1, 3), "Katana": (1, 2, 3),
        "Nodachi": (1, 3, 3),
    }  # fmt: skip


def test_ss_d_properties_focus_armor_fast_draw_bushido():
    assert {n: row(n)["count"] for n in ("Focus", "Armor", "Fast Draw", "Bushido")} == {
        "Focus": 6, "Armor": 4, "Fast Draw": 3, "Bushido": 2,
    }  # fmt: skip


def test_ss_d_actions_the_eight_actions_and_their_counts():
    names = ("Parry", "Geisha", "Diversion", "Tea Ceremony", "Battle Cry", "Jujutsu", "Breathing", "Daimyo")
    assert [row(n)["count"] for n in names] == [15, 6, 5, 4, 4, 3, 3, 3]


def test_every_entry_names_its_source_and_the_sources_are_listed():
    text = DEFAULT.read_text()
    sources = re.findall(r'^source = "(.*)"$', text, flags=re.M)
    assert len(sources) == 12 + 25 + 5 + 5
    for source in sources:
        assert any(key in source for key in CARDS.sources), source
    assert "2012" in CARDS.edition and "15 Properties" in CARDS.edition


def broken(tmp_path, old: str, new: str):
    text = DEFAULT.read_text()
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1))
    return path, text.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    "old,new,field,problem",
    [
        ('effect = "geisha"', 'effect = "ninjutsu"', "effect", "'ninjutsu': unknown"),
        ("range = 3\ndamage = 3", "range = -1\ndamage = 3", "range", "-1: negative"),
        ('health = 4\nability = "weapons_only"', 'ability = "weapons_only"', "health", "needs its health"),
        ("players = 6\nshogun = 1\nsamurai = 1\nninja = 3", "players = 6\nshogun = 1\nsamurai = 2\nninja = 3",
         "players", "add up to 7, not 6 players"),
        ('effect = "armor"', 'effect = "parry"', "effect", "is an effect of a action"),
        ("count = 15", "count = 15\ncolour = \"yellow\"", "colour", "not a field of [[card]]"),
    ],
)  # fmt: skip
def test_a_bad_card_file_is_one_line_naming_file_line_and_field(tmp_path, old, new, field, problem):
    path, text = broken(tmp_path, old, new)
    with pytest.raises(CardsError) as err:
        load_cards(path)
    message = str(err.value)
    assert message.startswith(f"{path}:") and f"field {field!r}" in message and problem in message
    if field == "health":  # missing: reported at its entry's header
        expected_line = line_of(text, new) - 2  # [[character]], name, then the ability
    else:  # the line of the field in the new text
        offset = next(i for i, line in enumerate(new.split("\n")) if line.startswith(field))
        expected_line = line_of(text, new) + offset
    assert err.value.line == expected_line, message


def test_a_file_that_is_not_toml_names_its_line(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text('edition = "x"\n[[card]\nname = 1\n')
    with pytest.raises(CardsError, match=r"cards.toml:2: not TOML"):
        load_cards(path)


def test_weights_must_match_the_roles_in_play(tmp_path):
    path, _ = broken(tmp_path, "players = 4\nshogun = 1\nsamurai = 2\nninja = 1\nronin = 0",
                     "players = 4\nshogun = 1\nsamurai = 2\nninja = 1\nronin = 2")  # fmt: skip
    with pytest.raises(CardsError, match="field 'ronin': weight 2 for a role not in play at 4 players"):
        load_cards(path)


@pytest.mark.parametrize("command", ["matrix", "matchup", "play"])
def test_a_bad_card_file_on_the_command_line_exits_2_and_writes_nothing(tmp_path, command):
    path, _ = broken(tmp_path, 'effect = "geisha"', 'effect = "ninjutsu"')
    out = tmp_path / "run"
    extra = ("-o", out) if command == "matrix" else ()
    fails(command, "--game", "samurai", "--deck", path, *extra, needles=(f"{path}:", "field 'effect'"))
    assert not out.exists()


@pytest.mark.parametrize("seats", [2, 8])
def test_two_or_eight_players_exit_2_and_write_nothing(tmp_path, seats):
    out = tmp_path / "run"
    fails(
        "matrix", "--game", "samurai", "--seats", seats, "-o", out, needles=("samurai is played by 3 to 7",)
    )
    assert not out.exists()
