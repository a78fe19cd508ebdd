"""The greedy judges a hit by the rules' own functions (issue 11: one source of rule knowledge).

Seeded greedy games are played under every rules option that changes a hit's damage, its
blocks or a play's self-damage. At each play of a greedy seat the greedy's estimate, made
from that seat's observation before the play (games/emr/players/evaluate.hit_estimate and
games/emr/rules/combat.play_step_damage, as plan_play and hit_gain use them), is set against what the
engine does on a copy of the state: do_play, then hit_check's RES_DAMAGE (R-HIT, R-DAMAGE,
R-PENALTY, D-PENALTY, H-KUNGFU), then every block may_block_with allows (R-BLOCK, D-BLOCK,
H-MASTER, H-KUNGFU), and the health the play's tokens took (R-STEP, D-TOKENS). The real
game goes on from the real state, and wherever the defender is asked to answer, its
RES_DAMAGE must be the copy's. The old formula (+2 once, same-colour blocks only, no
Kung-fu) is kept here to show that the samples include the states where it was wrong.
"""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.loops.engine import PLAYER_STREAM, decide, new_buffers
from emr_sim.games.emr.options import make_options
from emr_sim.games.emr.players.evaluate import deck_totals, hit_estimate
from emr_sim.games.emr.players.observe import observe
from emr_sim.games.emr.players.params import default_weights
from emr_sim.games.emr.rules.combat import do_block, hit_check, may_block_with, play_step_damage, play_zones
from emr_sim.games.emr.rules.core import card_damage, count_blocked_colour, game_over, pb
from emr_sim.games.emr.rules.flow import advance, apply_action, apply_turn_action
from emr_sim.games.emr.rules.heroes import furious_as
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit, njit_alloc
from emr_sim.rng import seed_rng

# columns of a sample (one greedy play)
K_HIT = 0  # the copy's hit check: 1 on a hit
K_PRED = 1  # greedy: damage before blocks
K_ENGINE = 2  # engine: RES_DAMAGE after hit_check
K_OLD = 3  # the old formula's damage before blocks
K_PRED_NET = 4  # greedy: damage left after the blocks the defender shows
K_ENGINE_NET = 5  # engine: RES_DAMAGE after every block may_block_with allows
K_OLD_NET = 6
K_BLOCKED = 7  # defender's cards in block state of the attacking colour, before the hit
K_BASE = 8  # the ejected card's damage with its power tokens
K_KUNGFU_ATTACKS = 9  # attacker is a furious Kung-fu
K_KUNGFU_DEFENDS = 10  # defender is a furious Kung-fu
K_MASTER_OFF_COLOUR = 11  # blocks the engine allowed with another colour (H-MASTER)
K_SELF_PRED = 12  # greedy: the play's self-damage (R-STEP)
K_SELF_ENGINE = 13  # health the play took on the copy
K_HEALTH = 14  # the attacker's health before the play
K_REAL_HIT = 15  # the real game's E_ATTACK: 1 hit, 0 miss, -1 none seen
K_REAL_DAMAGE = 16  # the real RES_DAMAGE when the defender (or Bushido) was asked, else -1
K_SIZE = 17
# columns of a defence sample (a greedy DK_DEFEND / DK_BLOCK_MORE with a block legal)
D_DAMAGE = 0
D_BLOCKED = 1  # 1 if the greedy blocked
D_SIZE = 2

MAX_STEPS = 5000


@njit
def old_estimate(obs, T, me, far):
    """The greedy's formula before this change (commit 2dc752a): +2 once, blocks of the
    same colour only, no H-KUNGFU, no H-MASTER."""
    o = 1 - me
    ej = obs[pb(me) + C.P_ZCARD + far]
    colour = T[ej, C.CF_COLOUR]
    dmg = card_damage(T, ej, obs[pb(me) + C.P_CPP + far], obs[pb(me) + C.P_CPM + far])
    if dmg > 0 and count_blocked_colour(obs, T, o, colour) > 0:
        dmg += 2
    blocks = 0
    for z in range(C.N_ZONES):
        c = obs[pb(o) + C.P_ZCARD + z]
        if c >= 0 and obs[pb(o) + C.P_ZBLOCK + z] == 0 and T[c, C.CF_COLOUR] == colour:
            blocks += 1
    return dmg, dmg - min(blocks, dmg)


@njit
def sample_play(S, T, O, obs, S2, ev2, a, code, extra, row):
    """The greedy's estimate of its play `code` against the engine's, on a copy of S."""
    observe(S, a, obs)
    d = 1 - a
    new, far = play_zones(obs, a, (code - C.A_PLAY) % 2)
    ej = obs[pb(a) + C.P_ZCARD + far]
    row[K_PRED], row[K_PRED_NET] = hit_estimate(obs, T, O, a, far)
    row[K_OLD], row[K_OLD_NET] = old_estimate(obs, T, a, far)
    row[K_SELF_PRED] = play_step_damage(obs, a, new, far)
    row[K_BLOCKED] = count_blocked_colour(S, T, d, T[ej, C.CF_COLOUR])
    row[K_BASE] = card_damage(T, ej, S[pb(a) + C.P_CPP + far], S[pb(a) + C.P_CPM + far])
    row[K_KUNGFU_ATTACKS] = 1 if furious_as(S, a, C.HERO_KUNGFU) else 0
    row[K_KUNGFU_DEFENDS] = 1 if furious_as(S, d, C.HERO_KUNGFU) else 0
    row[K_HEALTH] = S[pb(a) + C.P_HEALTH]
    row[K_REAL_HIT] = -1
    row[K_REAL_DAMAGE] = -1
    for k in range(C.STATE_SIZE):
        S2[k] = S[k]
    ev2[0, 0] = 0
    apply_turn_action(S2, T, O, ev2, a, code, extra)
    row[K_SELF_ENGINE] = S[pb(a) + C.P_HEALTH] - S2[pb(a) + C.P_HEALTH]
    row[K_HIT] = 0
    if game_over(S2):
        return
    ev2[0, 0] = 0
    if hit_check(S2, T, O, ev2) == 0:
        return
    row[K_HIT] = 1
    row[K_ENGINE] = S2[C.RES_DAMAGE]
    off = 0
    for z in range(C.N_ZONES):
        if may_block_with(S2, T, O, d, z):
            if T[S2[pb(d) + C.P_ZCARD + z], C.CF_COLOUR] != T[ej, C.CF_COLOUR]:
                off += 1
            do_block(S2, T, O, ev2, d, z)
    row[K_ENGINE_NET] = S2[C.RES_DAMAGE]
    row[K_MASTER_OFF_COLOUR] = off


@njit
def first_attack(ev):
    """The hit flag of the step's E_ATTACK event, -1 if none."""
    for r in range(1, ev[0, 0] + 1):
        if ev[r, 0] == C.E_ATTACK:
            return ev[r, 4]
    return -1


@njit_alloc
def sample_games(T, O, seed, count, seats, plays, defences, weights):
    """Play `count` seeded games; fill `plays` (K_*) for every greedy play and `defences`
    (D_*) for every greedy answer with a block legal. Returns the numbers of rows."""
    S, obs, ev, legal, prng, scratch, _cards = new_buffers()
    S2 = np.zeros(C.STATE_SIZE, dtype=np.int64)
    ev2 = np.zeros((C.MAX_EVENTS + 1, C.EV_SIZE), dtype=np.int64)
    n_plays = 0
    n_def = 0
    for k in range(count):
        deck_totals(T, scratch[0])
        ev[0, 0] = 0
        new_game(S, T, O, ev, seed, k, seats[2], seats[3])
        for p in range(2):
            seed_rng(prng[p], 0, seed, k, PLAYER_STREAM + p)
        advance(S, T, O, ev)
        pending = -1
        steps = 0
        while S[C.H_PHASE] != C.DK_NONE and steps < MAX_STEPS:
            steps += 1
            kind = S[C.H_PHASE]
            p = S[C.H_DECIDER]
            code = decide(S, T, O, seats, obs, legal, prng, scratch, None, weights)
            greedy = seats[p] == C.PLAYER_GREEDY or seats[p] == C.PLAYER_GREEDY_NOTECH
            turn = kind == C.DK_TURN or kind == C.DK_EXTRA
            if greedy and turn and code >= C.A_PLAY and n_plays < len(plays):
                sample_play(S, T, O, obs, S2, ev2, p, code, kind == C.DK_EXTRA, plays[n_plays])
                pending = n_plays
                n_plays += 1
            if greedy and (kind == C.DK_DEFEND or kind == C.DK_BLOCK_MORE) and n_def < len(defences):
                blockable = False
                for z in range(C.N_ZONES):
                    if may_block_with(S, T, O, p, z):
                        blockable = True
                if blockable:
                    defences[n_def, D_DAMAGE] = S[C.RES_DAMAGE]
                    blocked = code >= C.A_BLOCK and code < C.A_BLOCK + C.N_ZONES
                    defences[n_def, D_BLOCKED] = 1 if blocked else 0
                    n_def += 1
            ev[0, 0] = 0
            apply_action(S, T, O, ev, code)
            if pending >= 0:
                hit = first_attack(ev)
                if hit >= 0:
                    plays[pending, K_REAL_HIT] = hit
                    if hit == 1 and (S[C.H_PHASE] == C.DK_DEFEND or S[C.H_PHASE] == C.DK_BUSHIDO):
                        plays[pending, K_REAL_DAMAGE] = S[C.RES_DAMAGE]
                    pending = -1
                elif S[C.H_PHASE] != C.DK_EARTH_DRAW:
                    pending = -1  # no hit check: the game ended on the tokens stepped on
    return n_plays, n_def


G = C.PLAYER_GREEDY
ON = {"fury": "on"}
RANDOM_HEROES = {"fury": "on", "hero_select": "random"}
KF, MA = C.HERO_KUNGFU, C.HERO_MASTER
# (id, rules, seats, seed, games): every option that changes a hit's damage or blocks
MATCHES = [
    ("penalty-once", {}, (G, G, -1, -1), 41, 300),
    ("penalty-each", {"penalty": "each"}, (G, G, -1, -1), 42, 2000),
    ("trap-once-off", {"trap_once": "off"}, (G, G, -1, -1), 43, 200),
    ("block-zero", {"block_zero": "on"}, (G, G, -1, -1), 44, 200),
    ("kungfu-master", ON, (G, G, KF, MA), 45, 200),
    ("master-kungfu", ON, (G, G, MA, KF), 46, 200),
    ("kungfu-master-each", {**ON, "penalty": "each"}, (G, G, KF, MA), 47, 200),
    ("master-bow-off", {**ON, "master_bow": "off"}, (G, G, MA, C.HERO_CROW), 48, 150),
    ("random-heroes", RANDOM_HEROES, (G, G, -1, -1), 49, 300),
    (
        "random-heroes-each-zero-trap",
        {**RANDOM_HEROES, "penalty": "each", "block_zero": "on", "trap_once": "off"},
        (G, G, -1, -1),
        50,
        300,
    ),
]


@pytest.fixture(scope="module")
def samples():
    """{match id: (plays, defences)} of every match."""
    deck = load_deck()
    out = {}
    for name, rules, sides, seed, games in MATCHES:
        opts = make_options(rules)
        table = card_table(deck, opts)
        plays = np.zeros((200 * games, K_SIZE), dtype=np.int64)
        defences = np.zeros((20 * games, D_SIZE), dtype=np.int64)
        kinds = np.array(sides, dtype=np.int64)
        n_plays, n_def = sample_games(table, opts, seed, games, kinds, plays, defences, default_weights())
        assert n_plays < len(plays) and n_def < len(defences)
        out[name] = (plays[:n_plays], defences[:n_def])
    return out


def hits(samples, *names) -> np.ndarray:
    """The hits of the named matches (all without names)."""
    rows = [p for key, (p, _d) in samples.items() if not names or key in names]
    plays = np.concatenate(rows)
    return plays[plays[:, K_HIT] == 1]


def test_the_copies_follow_the_real_games(samples):
    """The engine's side of every comparison is the real game's: the copy's hit check is
    the real one, and its RES_DAMAGE the real one wherever the defender was asked."""
    for name, (plays, _d) in samples.items():
        seen = plays[plays[:, K_REAL_HIT] >= 0]
        assert len(seen) > 0.9 * len(plays), name
        assert np.array_equal(seen[:, K_REAL_HIT], seen[:, K_HIT]), name
        asked = plays[plays[:, K_REAL_DAMAGE] >= 0]
        assert len(asked) > 50, name
        assert np.array_equal(asked[:, K_REAL_DAMAGE], asked[:, K_ENGINE]), name


@pytest.mark.parametrize("name", [m[0] for m in MATCHES])
def test_r_damage_greedy_predicts_engine_damage_under_every_option(samples, name):
    h = hits(samples, name)
    assert len(h) > 500
    assert np.array_equal(h[:, K_PRED], h[:, K_ENGINE])
    assert np.array_equal(h[:, K_PRED_NET], h[:, K_ENGINE_NET])  # R-BLOCK, D-BLOCK


def test_r_penalty_greedy_predicts_engine_damage(samples):
    """penalty=each: 2 for each blocked card of the colour; the old +2 once was short."""
    h = hits(samples, *[m[0] for m in MATCHES if m[1].get("penalty") == "each"])
    two = h[(h[:, K_BLOCKED] >= 2) & (h[:, K_BASE] > 0)]
    assert len(two) >= 5
    assert np.array_equal(two[:, K_PRED], two[:, K_BASE] + 2 * two[:, K_BLOCKED])
    assert (two[:, K_OLD] < two[:, K_ENGINE]).all()
    once = hits(samples, "penalty-once")
    blocked = once[(once[:, K_BLOCKED] >= 1) & (once[:, K_BASE] > 0)]
    assert len(blocked) > 20
    assert np.array_equal(blocked[:, K_PRED], blocked[:, K_BASE] + 2)


def test_d_penalty_no_penalty_for_a_zero_damage_card(samples):
    """D-PENALTY: a 0-damage card (after power tokens) pays no penalty, even with
    Kung-fu's +1; blocked cards count only before this hit (the copy's board)."""
    h = hits(samples)
    zero = h[(h[:, K_BASE] == 0) & (h[:, K_BLOCKED] >= 1)]
    assert len(zero) > 20
    assert np.array_equal(zero[:, K_PRED], zero[:, K_KUNGFU_ATTACKS])
    assert np.array_equal(zero[:, K_ENGINE], zero[:, K_KUNGFU_ATTACKS])
    assert (zero[:, K_KUNGFU_ATTACKS] == 1).any()


def test_h_kungfu_greedy_counts_the_plus_one(samples):
    h = hits(samples)
    kf = h[h[:, K_KUNGFU_ATTACKS] == 1]
    assert len(kf) > 100
    assert np.array_equal(kf[:, K_PRED], kf[:, K_ENGINE])
    assert (kf[:, K_OLD] + 1 == kf[:, K_ENGINE]).all()


def test_h_kungfu_furious_defender_cannot_block(samples):
    """H-KUNGFU: a furious Kung-fu shows no blocks; the old formula let it block."""
    h = hits(samples)
    kf = h[h[:, K_KUNGFU_DEFENDS] == 1]
    assert len(kf) > 100
    assert np.array_equal(kf[:, K_PRED_NET], kf[:, K_PRED])
    assert np.array_equal(kf[:, K_ENGINE_NET], kf[:, K_ENGINE])
    assert (kf[:, K_OLD_NET] < kf[:, K_OLD]).any()


def test_h_master_greedy_counts_any_colour_blocks(samples):
    """H-MASTER: a furious Master of masters blocks with any colour (a bow card only under
    master_bow); the greedy expects exactly the blocks the engine allows."""
    h = hits(samples)
    off = h[h[:, K_MASTER_OFF_COLOUR] > 0]
    assert len(off) > 50
    assert np.array_equal(off[:, K_PRED_NET], off[:, K_ENGINE_NET])
    assert (off[:, K_OLD_NET] > off[:, K_ENGINE_NET]).any()
    assert (hits(samples, "master-bow-off")[:, K_MASTER_OFF_COLOUR] > 0).any()


def test_r_step_d_tokens_greedy_predicts_its_self_damage(samples):
    """R-STEP, D-TOKENS: the tokens of the zone played into and of the ejected card, with
    the tokens kept after use (trap_once off) or not."""
    for name, (plays, _d) in samples.items():
        taken = np.minimum(plays[:, K_SELF_PRED], plays[:, K_HEALTH])  # health never below 0
        assert np.array_equal(taken, plays[:, K_SELF_ENGINE]), name
    kept = samples["trap-once-off"][0]
    assert (kept[:, K_SELF_PRED] >= 2).sum() > 5


def test_d_block_zero_greedy_knows_a_block_at_zero_saves_nothing(samples):
    """D-BLOCK with block_zero: blocking a 0-damage hit is allowed but saves nothing
    (R-BLOCK: damage never below 0); the greedy no longer counts it as 1 saved."""
    _plays, defences = samples["block-zero"]
    zero = defences[defences[:, D_DAMAGE] == 0]
    assert len(zero) > 20
    assert (zero[:, D_BLOCKED] == 0).all()
    assert (defences[defences[:, D_DAMAGE] >= 1][:, D_BLOCKED] == 1).any()
