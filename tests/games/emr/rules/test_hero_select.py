"""R-OPT-HERO: heroes chosen (two different ones) or drawn at random per game."""

import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.lineup.heroes import parse_hero_pair


def heroes_of(g: Game) -> tuple[int, int]:
    return tuple(int(g.state[C.P_BASE + p * C.P_SIZE + C.P_HERO]) for p in (0, 1))


def test_r_opt_hero_chosen_heroes_sit_in_their_seats():
    g = Game.new(seed=3, rules={"fury": "on"}, heroes="crow,illusion")
    assert heroes_of(g) == (C.HERO_CROW, C.HERO_ILLUSION)


def test_r_opt_hero_random_draws_two_different_heroes_from_the_seed():
    seen = set()
    for index in range(60):
        g = Game.new(seed=5, index=index, rules={"fury": "on", "hero_select": "random"})
        h0, h1 = heroes_of(g)
        assert h0 != h1 and 0 <= h0 < C.N_HEROES and 0 <= h1 < C.N_HEROES
        assert heroes_of(Game.new(seed=5, index=index, rules={"fury": "on", "hero_select": "random"})) == (
            h0,
            h1,
        )
        seen.add(h0)
    assert len(seen) == C.N_HEROES  # every hero comes up


def test_r_opt_hero_no_heroes_without_hero_mode():
    g = Game.new(seed=3, heroes="crow,wind")  # fury off (R-OPT-FURY)
    assert heroes_of(g) == (C.NO_HERO, C.NO_HERO)


def test_r_opt_hero_names_are_checked():
    assert parse_hero_pair("poison,earth") == (C.HERO_POISON, C.HERO_EARTH)
    with pytest.raises(ValueError, match="unknown hero 'dragon'"):
        parse_hero_pair("crow,dragon")
    with pytest.raises(ValueError, match="two of"):
        parse_hero_pair("crow")


def test_r_opt_hero_second_player_may_not_pick_the_same_hero():
    with pytest.raises(ValueError, match="may not pick the same hero"):
        parse_hero_pair("crow,crow")
    assert parse_hero_pair("crow,crow", allow_mirror=True) == (C.HERO_CROW, C.HERO_CROW)
