"""What the greedy player knows and values: unseen-card counts, the opponent's
threat, and a static evaluation of the boards, all read from an observation only.
Its weights come in W, the seat's parameter vector (games/emr/players/params.py, K_* indices).

The scratch `counts` (SCRATCH_ROWS x SCRATCH_COLS float64) carries the deck's totals,
the unseen counts and this decision's memo (layout below); it holds nothing hidden.
"""

import numpy as np

from emr_sim.games.emr.codes import (
    CF_COLOUR,
    CF_DAMAGE,
    CF_DRAGON,
    CF_EFFECT,
    CF_LEFT,
    CF_RIGHT,
    CF_VALID,
    COLOUR_BOW,
    DISC,
    DISC_N,
    EFFECT_COPY,
    EFFECT_DRAW,
    EFFECT_NONE,
    EFFECT_REMOVE,
    EFFECT_SLIDE,
    EFFECT_TRAP_CARD,
    EFFECT_TRAP_ZONE,
    EV_SIZE,
    H_RESHUFFLES,
    MAX_LEGAL,
    MAX_SHOT,
    N_ZONES,
    P_ASIDE,
    P_ASIDE_N,
    P_BASE,
    P_CDMG,
    P_CPM,
    P_CPP,
    P_HAND,
    P_HAND_N,
    P_HEALTH,
    P_SIZE,
    P_ZCARD,
    P_ZDMG,
    REMOVE_CARD_DMG,
    REMOVE_SUB,
    REMOVE_ZONE_DMG,
    RES_EFFECT,
    RES_EJECTED,
    STATE_SIZE,
)
from emr_sim.games.emr.players.params import (
    K_DISCARD_DAMAGE,
    K_DISCARD_DRAGON,
    K_DISCARD_EFFECT,
    K_DRAW_CARD,
    K_POWER,
    K_THREAT,
    K_THREAT_DEALT,
    K_THREAT_DRAWS,
    K_TOKEN,
)
from emr_sim.games.emr.rules.combat import (
    block_allowed,
    board_counter_ready,
    damage_after_block,
    may_block_card,
    play_zones,
    zone_hit_damage,
)
from emr_sim.games.emr.rules.core import (
    card_at,
    card_damage,
    outer_value,
    pair_left,
    pb,
    target_player,
    target_sub,
)
from emr_sim.games.emr.rules.effects import apply_effect, effect_targets
from emr_sim.jit import njit, njit_alloc, njit_entry, njit_inline

SCRATCH_EVENTS = 64
# Header, resolution and both player blocks: the part of the state that the effects tried
# by choose_effect change (E-DRAW is judged without applying it).
TRIAL_SPAN = P_BASE + 2 * P_SIZE


# The greedy player's scratch `counts` is a float64 (SCRATCH_ROWS + TABLE_ROWS,
# SCRATCH_WIDTH) array. Rows 0..SCRATCH_ROWS-1 (columns 0..SCRATCH_COLS-1) hold this game's
# and this decision's numbers:
DECK_ROW = 3  # row 3: the deck's own totals, packed (below: deck_totals); rows 0..2: the
#               unseen cards (unseen_counts); rows 6, 9 and 10 are not used
THREAT_ROW = 4  # rows 4 and 5: side_threat of the opponent's play on its side 0 / 1 against
#                 each defence value 0..SCRATCH_COLS-1, this decision (prepare_threats)
MISC_ROW = 7  # row 7: col 0 the opponent's counter chance;
#                col 8: discard-pile cards already counted in DISC_ROW; col 9: at which
#                reshuffle count (H_RESHUFFLES)
DISC_ROW = 8  # row 8: the cards of the (public) discard pile, packed, counted as it grows
DISC_DONE = 8  # column of MISC_ROW
DISC_EPOCH = 9  # column of MISC_ROW
PLAN_ROW = 11  # row 11: a DK_TURN / DK_EXTRA decision's memo (games/emr/players/greedy.py): in
#   column HIT_GAIN_COL + side the gain of a hit from that side, in DRAGON_COL whether my
#   board dragon is ready (-1: not yet)
HIT_GAIN_COL = 0
DRAGON_COL = 2
SCRATCH_ROWS = PLAN_ROW + 1
SCRATCH_COLS = 11
# A set of cards counted packed, in four whole numbers (exact in float64): how many of them
# have each left (right) number v, in bits PACK_BITS * v .. of one number (v = 0..5, fewer
# than 2**PACK_BITS cards each: below 2**48 in all), how many dragons, how many cards.
PK_LEFT, PK_RIGHT, PK_DRAGONS, PK_CARDS = 0, 1, 2, 3
PACK_BITS = 8
PACK_MASK = (1 << PACK_BITS) - 1
NUMBERS = 6  # the card numbers a packed count holds: 0..5 (a card's are 1..5)
# A saved copy of the discard pile's packed counts (DISC_ROW, columns SAVED_COL..; its
# DISC_DONE and DISC_EPOCH in MISC_ROW, columns SAVED_COL + DISC_DONE and + DISC_EPOCH):
# the search counts the root's pile once and starts each iteration from it
# (save_discards, restore_discards).
SAVED_COL = 16
# The rows after them are a table of chance_in_hand(matching, unseen, hand_n), which depends
# on those three whole numbers only: row TABLE_ROW + unseen * TABLE_HANDS + hand_n, column
# matching (-1: not worked out yet). It lives as long as the scratch, across decisions and
# games; numbers outside the table are worked out each time.
TABLE_ROW = SCRATCH_ROWS
TABLE_HANDS = 8  # hand sizes 0..7 (a hand holds at most 4 cards, 5 after a draw)
TABLE_UNSEEN = MAX_SHOT + 1
TABLE_ROWS = TABLE_UNSEEN * TABLE_HANDS
SCRATCH_WIDTH = 32  # matching counts 0..31 (a deck of 124 cards has about 25 per number)


@njit_alloc
def new_scratch():
    """The greedy player's scratch, allocated once per game loop: (counts, a trial copy of
    the observation, its event buffer, a list of trial targets)."""
    counts = np.full((SCRATCH_ROWS + TABLE_ROWS, SCRATCH_WIDTH), -1.0)
    trial = np.zeros(STATE_SIZE, dtype=np.int64)
    tev = np.zeros((SCRATCH_EVENTS + 1, EV_SIZE), dtype=np.int64)  # row 0 counts the events
    targets = np.zeros(MAX_LEGAL, dtype=np.int64)
    return counts, trial, tev, targets


@njit
def copy_span(trial, obs, n):
    """trial[:n] = obs[:n], as a loop: numba's slice assignment between arrays needs its
    runtime (a temporary, in case they overlap), which the kernels are compiled without."""
    for k in range(n):
        trial[k] = obs[k]


@njit
def deck_totals(T, counts):
    """counts[DECK_ROW]: the deck's shot cards, packed; the other rows of this game's
    numbers emptied (the table of chances is kept)."""
    counts[:SCRATCH_ROWS, :] = 0.0
    left, right, dragons, cards = 0, 0, 0, 0
    for c in range(MAX_SHOT):
        if T[c, CF_VALID] == 1:
            left, right, dragons, cards = packed_add(T, c, 1, left, right, dragons, cards)
    store_packed(counts, DECK_ROW, 0, left, right, dragons, cards)


@njit
def store_packed(counts, row, col, left, right, dragons, cards):
    counts[row, col + PK_LEFT] = left
    counts[row, col + PK_RIGHT] = right
    counts[row, col + PK_DRAGONS] = dragons
    counts[row, col + PK_CARDS] = cards


@njit
def packed_add(T, c, sign, left, right, dragons, cards):
    """A packed count with card c added (sign 1) or taken away (sign -1)."""
    return (
        left + sign * (1 << (PACK_BITS * T[c, CF_LEFT])),
        right + sign * (1 << (PACK_BITS * T[c, CF_RIGHT])),
        dragons + sign * T[c, CF_DRAGON],
        cards + sign,
    )


@njit
def load_packed(counts, row, col):
    return (
        int(counts[row, col + PK_LEFT]),
        int(counts[row, col + PK_RIGHT]),
        int(counts[row, col + PK_DRAGONS]),
        int(counts[row, col + PK_CARDS]),
    )


@njit_inline
def unseen_counts(obs, T, me, counts):
    """counts[0, v] / counts[1, v]: unseen cards with left / right number v; counts[2, 0]:
    unseen cards; counts[2, 1]: unseen dragons. Unseen = the deck less my hand and
    set-aside, the boards, the discard pile and the card in resolution (D-HIDDEN). Counted
    packed (whole numbers: the same counts as one by one), then written out.
    """
    count_discards(obs, T, counts)
    left, right, dragons, cards = load_packed(counts, DECK_ROW, 0)
    d_left, d_right, d_dragons, d_cards = load_packed(counts, DISC_ROW, 0)
    left -= d_left
    right -= d_right
    dragons -= d_dragons
    cards -= d_cards
    base = pb(me)
    for k in range(obs[base + P_HAND_N]):
        c = obs[base + P_HAND + k]
        left, right, dragons, cards = packed_add(T, c, -1, left, right, dragons, cards)
    for k in range(obs[base + P_ASIDE_N]):
        c = obs[base + P_ASIDE + k]
        left, right, dragons, cards = packed_add(T, c, -1, left, right, dragons, cards)
    for p in range(2):
        z = pair_left(obs, p)  # R-BOARD: a board's only cards are its pair's two
        for zz in range(z, z + 2):
            c = obs[pb(p) + P_ZCARD + zz]
            if c >= 0 and T[c, CF_COLOUR] != COLOUR_BOW:
                left, right, dragons, cards = packed_add(T, c, -1, left, right, dragons, cards)
    c = obs[RES_EJECTED]
    if c >= 0 and T[c, CF_COLOUR] != COLOUR_BOW:
        left, right, dragons, cards = packed_add(T, c, -1, left, right, dragons, cards)
    for v in range(NUMBERS):
        counts[0, v] = (left >> (PACK_BITS * v)) & PACK_MASK
        counts[1, v] = (right >> (PACK_BITS * v)) & PACK_MASK
    counts[2, 0] = cards
    counts[2, 1] = dragons


@njit_inline
def count_discards(obs, T, counts):
    """counts[DISC_ROW]: the discard pile's cards, packed. The pile only grows until it is
    reshuffled (D-DECKOUT), so only the new cards are counted at each decision."""
    done = int(counts[MISC_ROW, DISC_DONE])
    n = obs[DISC_N]
    if counts[MISC_ROW, DISC_EPOCH] != obs[H_RESHUFFLES] or n < done:  # a new pile
        store_packed(counts, DISC_ROW, 0, 0, 0, 0, 0)
        counts[MISC_ROW, DISC_EPOCH] = obs[H_RESHUFFLES]
        done = 0
    if n > done:
        left, right, dragons, cards = load_packed(counts, DISC_ROW, 0)
        for k in range(done, n):
            c = obs[DISC + k]
            left, right, dragons, cards = packed_add(T, c, 1, left, right, dragons, cards)
        store_packed(counts, DISC_ROW, 0, left, right, dragons, cards)
    counts[MISC_ROW, DISC_DONE] = n


@njit
def save_discards(counts):
    """Keep a copy of the discard pile's counts as they stand (count_discards)."""
    for k in range(PK_CARDS + 1):
        counts[DISC_ROW, SAVED_COL + k] = counts[DISC_ROW, k]
    counts[MISC_ROW, SAVED_COL + DISC_DONE] = counts[MISC_ROW, DISC_DONE]
    counts[MISC_ROW, SAVED_COL + DISC_EPOCH] = counts[MISC_ROW, DISC_EPOCH]


@njit
def restore_discards(counts):
    """The discard pile's counts as save_discards kept them: count_discards then adds only the
    cards discarded since (whole numbers: the same counts as counting afresh)."""
    for k in range(PK_CARDS + 1):
        counts[DISC_ROW, k] = counts[DISC_ROW, SAVED_COL + k]
    counts[MISC_ROW, DISC_DONE] = counts[MISC_ROW, SAVED_COL + DISC_DONE]
    counts[MISC_ROW, DISC_EPOCH] = counts[MISC_ROW, SAVED_COL + DISC_EPOCH]


@njit
def chance_in_hand(matching, unseen, hand_n):
    """Chance that a hand of hand_n unseen cards holds at least one of `matching`."""
    if matching <= 0 or hand_n <= 0 or unseen <= 0:
        return 0.0
    miss = 1.0
    for k in range(hand_n):
        left = unseen - k
        if left <= matching:
            return 1.0
        miss *= (left - matching) / left
    return 1.0 - miss


@njit
def zone_card_damage(obs, T, p, z):
    base = pb(p)
    return card_damage(T, obs[base + P_ZCARD + z], obs[base + P_CPP + z], obs[base + P_CPM + z])


@njit
def blocks_left(obs, T, O, d, colour, damage):
    """(damage left, blocks made) when defender d blocks a hit of `colour` dealing `damage`
    with every card the rules let it (games/emr/rules/combat: may_block_card, block_allowed,
    damage_after_block: R-BLOCK, D-BLOCK, H-MASTER, H-KUNGFU)."""
    left = damage
    blocks = 0
    for z in range(N_ZONES):
        if may_block_card(obs, T, O, d, z, colour) and block_allowed(O, left, blocks):
            left = damage_after_block(left)
            blocks += 1
    return left, blocks


@njit
def hit_estimate(obs, T, O, a, far):
    """A hit by the card on a's zone `far`, as the rules will deal it: (the damage before
    blocks, R-DAMAGE with power tokens, R-PENALTY and H-KUNGFU by games/emr/rules/combat.hit_damage;
    the damage left after the blocks the defender shows)."""
    dmg, _penalty = zone_hit_damage(obs, T, O, a, far)
    left, _blocks = blocks_left(obs, T, O, 1 - a, T[card_at(obs, a, far), CF_COLOUR], dmg)
    return dmg, left


@njit
def side_reach(obs, T, me, side):
    """The opponent playing on `side` next turn (R-PLAY): (the zone of the card it would eject,
    -1 when that side has no room; the number its attack adds to the new card's)."""
    new, _far = play_zones(obs, 1 - me, side)
    if new < 0:
        return -1, 0
    return side_reach_any(obs, T, me, side)


@njit
def side_reach_any(obs, T, me, side):
    """side_reach as if the opponent's `side` had room (play_zones' zones without its test)."""
    o = 1 - me
    oz = pair_left(obs, o)
    if side == 0:
        return oz + 1, T[card_at(obs, o, oz), CF_LEFT]
    return oz, T[card_at(obs, o, oz + 1), CF_RIGHT]


@njit
def side_info(obs, T, O, me, side):
    """The opponent playing on `side` next turn: (possible, the number its attack adds to
    the new card's, the damage before blocks of the card it would eject against me, by the
    rules' hit_damage on today's boards and fury)."""
    far, base = side_reach(obs, T, me, side)
    if far < 0:
        return False, 0, 0
    dmg, _penalty = zone_hit_damage(obs, T, O, 1 - me, far)
    return True, base, dmg


@njit
def side_threat(counts, side, base, dmg, defence, hand_n):
    """Expected damage of the opponent's play on `side` against `defence`."""
    need = defence - base
    if need < 1 or need > 5 or dmg == 0:
        return 0.0
    return hand_chance(counts, side, need, hand_n) * dmg


@njit_inline
def hand_chance(counts, side, need, hand_n):
    """chance_in_hand of an unseen card whose right (side 0) or left (side 1) number is `need`."""
    matching = counts[1, need] if side == 0 else counts[0, need]  # the new card's right / left
    return table_chance(counts, matching, counts[2, 0], hand_n)


@njit
def table_chance(counts, matching, unseen, hand_n):
    """chance_in_hand, looked up in (or added to) the scratch's table when it fits there."""
    m = int(matching)
    u = int(unseen)
    if m < 0 or m >= SCRATCH_WIDTH or u < 0 or u >= TABLE_UNSEEN or hand_n < 0 or hand_n >= TABLE_HANDS:
        return chance_in_hand(matching, unseen, hand_n)
    row = TABLE_ROW + u * TABLE_HANDS + hand_n
    if counts[row, m] < 0.0:
        counts[row, m] = chance_in_hand(matching, unseen, hand_n)
    return counts[row, m]


@njit
def side_need(obs, T, O, me, side, defence):
    """What the threat reads of the opponent's play on `side` against my `defence`: (the
    number its new card needs, 0 when no card can make it hit (no room, R-PLAY, or a need
    outside 1..5, R-HIT); the damage before blocks, by the rules' hit_damage as side_info
    works it out, and only then: most needs are out of reach, and the damage is the dear
    part (R-PENALTY counts the blocked cards)."""
    new, _far = play_zones(obs, 1 - me, side)
    if new < 0:
        return 0, 0
    return side_need_any(obs, T, O, me, side, defence)


@njit
def needed_threat(counts, left, right, hand_n):
    """The threat: expected damage the opponent deals me next turn against the defence of
    the side_need of its two sides, with its hand size (plus the cards it may draw first:
    K_THREAT_DRAWS). The sum of its sides' side_threat from 0.0; a side that cannot hurt
    adds 0.0, which changes no sum of side_threat values (never negative, never -0.0)."""
    total = 0.0
    total += side_need_threat(counts, 0, left, hand_n)
    total += side_need_threat(counts, 1, right, hand_n)
    return total


@njit
def side_need_threat(counts, side, need_dmg, hand_n):
    """side_threat for a side_need: 0.0 without a need in reach or without damage."""
    need, dmg = need_dmg
    if need == 0 or dmg == 0:
        return 0.0
    return hand_chance(counts, side, need, hand_n) * dmg


@njit_inline
def prepare_threats(obs, T, O, counts, me, W):
    """This decision's threats: the side_threat of each of the opponent's two sides against
    every defence value (THREAT_ROW, THREAT_ROW + 1; 0.0 for a side it cannot play). A
    decision asks for a few defence values, many times each: filled at once, without a
    test for each, this costs less than working each out when first asked for."""
    hand_n = obs[pb(1 - me) + P_HAND_N] + int(W[K_THREAT_DRAWS])
    for side in range(2):
        ok, base, dmg = side_info(obs, T, O, me, side)
        row = THREAT_ROW + side
        for defence in range(SCRATCH_COLS):
            counts[row, defence] = 0.0
        if not ok or dmg == 0:
            continue
        for need in range(1, NUMBERS):  # side_threat's values that are not 0.0
            defence = base + need
            if 0 <= defence < SCRATCH_COLS:
                counts[row, defence] = hand_chance(counts, side, need, hand_n) * dmg


@njit
def cached_threat(counts, defence):
    """The threat (needed_threat) against `defence` for this decision's observation, from
    prepare_threats' rows: the same sum bit for bit, since 0.0 + a == a for a side_threat
    (never negative, never -0.0)."""
    return counts[THREAT_ROW, defence] + counts[THREAT_ROW + 1, defence]


@njit
def counter_chance(obs, T, O, counts, p):
    """Chance that p can dragon counter now: the public half by the rules
    (combat.board_counter_ready: a ready board dragon, not a furious Kung-fu), the dragon
    in hand judged from the unseen cards."""
    if not board_counter_ready(obs, T, O, p):
        return 0.0
    return table_chance(counts, counts[2, 1], counts[2, 0], obs[pb(p) + P_HAND_N])


@njit_entry
def board_eval(obs, T, O, counts, me, W):
    """A static value of the boards for `me` (health, threats, tokens)."""
    o = 1 - me
    # the boards are read before the chance table is (its writes would make them reloaded)
    mine = outer_value(obs, T, me)
    theirs = outer_value(obs, T, o)
    me_left, me_right = side_need(obs, T, O, me, 0, mine), side_need(obs, T, O, me, 1, mine)
    them_left, them_right = side_need(obs, T, O, o, 0, theirs), side_need(obs, T, O, o, 1, theirs)
    return board_value(obs, counts, me, W, me_left, me_right, them_left, them_right)


@njit
def board_value(obs, counts, me, W, me_left, me_right, them_left, them_right):
    """board_eval from the side_need of the opponent's two sides against me (me_left,
    me_right) and of mine against it (them_left, them_right)."""
    o = 1 - me
    value = float(obs[pb(me) + P_HEALTH] - obs[pb(o) + P_HEALTH])
    draws = int(W[K_THREAT_DRAWS])
    my_hand = obs[pb(me) + P_HAND_N] + draws
    their_hand = obs[pb(o) + P_HAND_N] + draws
    # Terms that are 0 (most tokens, many threats) are not added: adding a zero changes at
    # most the sign of a zero value, which no comparison, sum or logistic of it can see.
    # The others are added in the same order as ever (the same sums, bit for bit).
    t = needed_threat(counts, me_left, me_right, their_hand)
    if t != 0.0:
        value -= W[K_THREAT] * t
    t = needed_threat(counts, them_left, them_right, my_hand)
    if t != 0.0:
        value += W[K_THREAT_DEALT] * t
    w_token = W[K_TOKEN]
    w_power = W[K_POWER]
    for p in range(2):
        if not board_has_tokens(obs, p):
            continue  # every token term of this board is 0: none is added (as above)
        sign = 1.0 if p == me else -1.0
        base = pb(p)
        z = pair_left(obs, p)
        for zz in range(N_ZONES):
            near = zz == z - 1 or zz == z + 2
            tokens = obs[base + P_ZDMG + zz]
            if near and tokens != 0:
                value -= sign * w_token * tokens
            tokens = obs[base + P_CDMG + zz]
            if tokens != 0:
                value -= sign * w_token * tokens
            tokens = obs[base + P_CPP + zz] - obs[base + P_CPM + zz]
            if tokens != 0:
                value += sign * w_power * tokens
    return value


@njit
def pair_needs(obs, T, O, me):
    """What board_value reads of the boards' pairs: the side_need of both players' two sides,
    each as if that side had room (side_need_any), for moved_eval."""
    o = 1 - me
    mine = outer_value(obs, T, me)
    theirs = outer_value(obs, T, o)
    return (
        side_need_any(obs, T, O, me, 0, mine),
        side_need_any(obs, T, O, me, 1, mine),
        side_need_any(obs, T, O, o, 0, theirs),
        side_need_any(obs, T, O, o, 1, theirs),
    )


@njit
def side_need_any(obs, T, O, me, side, defence):
    """side_need as if the opponent's `side` had room (side_reach_any)."""
    far, base = side_reach_any(obs, T, me, side)
    need = defence - base
    if need < 1 or need > 5:
        return 0, 0
    dmg, _penalty = zone_hit_damage(obs, T, O, 1 - me, far)
    return need, dmg


@njit
def with_room(need_dmg, room):
    """A side_need_any as side_need gives it: (0, 0) for a side without room (R-PLAY)."""
    return need_dmg if room else (0, 0)


@njit
def moved_eval(trial, counts, me, W, needs):
    """board_eval of `trial`, whose pairs may stand elsewhere than those of the observation
    `needs` were worked out from (pair_needs) but hold the same cards in the same order, with
    the same power tokens, and whose block states count the same for R-PENALTY: an E-SLIDE,
    or an H-ILLUSION jump with no card blocked. Each side_need is then that of the
    observation if the side has room where the pair stands now (play_zones), else (0, 0):
    the same numbers, so the same value bit for bit."""
    o = 1 - me
    mz = pair_left(trial, me)
    oz = pair_left(trial, o)
    me_left_any, me_right_any, them_left_any, them_right_any = needs
    return board_value(
        trial,
        counts,
        me,
        W,
        with_room(me_left_any, oz >= 1),
        with_room(me_right_any, oz + 2 < N_ZONES),
        with_room(them_left_any, mz >= 1),
        with_room(them_right_any, mz + 2 < N_ZONES),
    )


@njit
def uses_needs(effect):
    """Whether trial_eval judges `effect`'s trials from pair_needs (else by board_eval).
    Only E-SLIDE's: working out again the one side_need that an E-POWER trial changes
    measured slower than board_eval."""
    return effect == EFFECT_SLIDE


NO_NEEDS = ((0, 0), (0, 0), (0, 0), (0, 0))  # pair_needs' place when no trial reads it


@njit
def trial_eval(trial, T, O, counts, me, W, needs, effect):
    """board_eval of `trial` after `effect` was applied to the observation `needs` were
    worked out from (pair_needs; NO_NEEDS unless uses_needs(effect)): E-SLIDE moves a pair
    (moved_eval), the rest by board_eval."""
    if uses_needs(effect):
        return moved_eval(trial, counts, me, W, needs)
    return board_eval(trial, T, O, counts, me, W)


@njit
def board_has_tokens(obs, p):
    """Whether p's board holds a damage or power token (D-TOKENS, E-POWER): board_eval's
    token terms of a board without any are all 0. One pass without branches over the four
    token fields, which most boards have empty: cheaper than the terms' own loop, whose
    pair location and per-zone tests it skips."""
    base = pb(p)
    seen = 0
    for z in range(N_ZONES):
        seen |= obs[base + P_ZDMG + z] | obs[base + P_CDMG + z]
        seen |= obs[base + P_CPP + z] | obs[base + P_CPM + z]
    return seen != 0


@njit
def token_value(obs, me, q, field, z, amount, W):
    """What `amount` more tokens of `field` on q's zone z add to board_eval: the token
    terms alone, since damage tokens change no threat (exact, without a trial copy)."""
    sign = 1.0 if q == me else -1.0
    if field == P_ZDMG:
        pl = pair_left(obs, q)
        return -sign * W[K_TOKEN] * amount if (z == pl - 1 or z == pl + 2) else 0.0
    if field == P_CDMG:
        return -sign * W[K_TOKEN] * amount
    if field == P_CPP:
        return sign * W[K_POWER] * amount
    return -sign * W[K_POWER] * amount  # P_CPM


NOT_A_TOKEN_EFFECT = 1e18


@njit
def token_effect_delta(obs, me, effect, code, W):
    """board_eval's change for the effects that only add or remove a damage token
    (E-TRAP-ZONE, E-TRAP-CARD, E-REMOVE of a damage token); NOT_A_TOKEN_EFFECT otherwise."""
    q = target_player(code)
    sub = target_sub(code)
    if effect == EFFECT_TRAP_ZONE:
        return token_value(obs, me, q, P_ZDMG, sub, 1, W)
    if effect == EFFECT_TRAP_CARD:
        return token_value(obs, me, q, P_CDMG, sub, 1, W)
    if effect == EFFECT_REMOVE:
        kind = (sub - REMOVE_SUB) // N_ZONES
        z = (sub - REMOVE_SUB) % N_ZONES
        if kind == REMOVE_ZONE_DMG:
            return token_value(obs, me, q, P_ZDMG, z, -1, W)
        if kind == REMOVE_CARD_DMG:
            return token_value(obs, me, q, P_CDMG, z, -1, W)
    return NOT_A_TOKEN_EFFECT


@njit_entry
def effect_value(trial, obs, T, O, ev, counts, targets, me, code, base, needs, W):
    """Value after applying the pending effect at `code` (E-DRAW and E-COPY judged directly)
    to `trial`, a copy of `obs`, whose board_eval is `base` (E-DRAW and E-COPY start from
    the unchanged boards: their board_eval would be base again, bit for bit) and whose
    pair_needs are `needs` (NO_NEEDS unless uses_needs of the effect)."""
    effect = trial[RES_EFFECT]
    q = target_player(code)
    if effect == EFFECT_DRAW:
        return base + (W[K_DRAW_CARD] if q == me else -W[K_DRAW_CARD])
    if effect == EFFECT_COPY:
        sub = target_sub(code)
        copied = T[trial[pb(q) + P_ZCARD + sub], CF_EFFECT]
        return best_effect_value(trial, obs, T, O, ev, counts, targets, me, copied, base, W)
    apply_effect(trial, T, O, ev, me, effect, code)
    return trial_eval(trial, T, O, counts, me, W, needs, effect)


@njit_entry
def best_effect_value(trial, obs, T, O, ev, counts, targets, me, effect, base, W):
    """The best value reachable with `effect` (for E-COPY and F-CHOOSE), one level deep,
    tried on `trial`, a copy of `obs` in TRIAL_SPAN whose board_eval is `base` (the caller's:
    F-CHOOSE weighs two effects from the same boards); `trial` is left as it came."""
    if effect == EFFECT_COPY or effect == EFFECT_NONE:
        return base
    m = effect_targets(obs, T, O, effect, targets, 0)  # E-DRAW's read the piles: not in trial
    needs = pair_needs(obs, T, O, me) if uses_needs(effect) and m > 0 else NO_NEEDS
    best = base
    for k in range(m):
        code = targets[k]
        if effect == EFFECT_DRAW:
            q = target_player(code)
            s = base + (W[K_DRAW_CARD] if q == me else -W[K_DRAW_CARD])
        else:
            delta = token_effect_delta(trial, me, effect, code, W)
            if delta != NOT_A_TOKEN_EFFECT:
                s = base + delta
            else:
                ev[0, 0] = 0
                apply_effect(trial, T, O, ev, me, effect, code)
                s = trial_eval(trial, T, O, counts, me, W, needs, effect)
                copy_span(trial, obs, TRIAL_SPAN)
        if s > best:
            best = s
    return best


@njit_inline
def keep_value(T, c, W):
    """What card c is worth keeping (R-HANDLIMIT's and Earth's discards)."""
    dragon = W[K_DISCARD_DRAGON] * T[c, CF_DRAGON]
    return (
        W[K_DISCARD_DAMAGE] * T[c, CF_DAMAGE]
        + dragon
        + W[K_DISCARD_EFFECT] * (T[c, CF_EFFECT] != EFFECT_NONE)
    )
