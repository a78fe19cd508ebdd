"""Every integer code and state offset of emr_sim: the single source of truth.

The whole game lives in one flat ``int64`` array (the *state*). Its layout::

    +--------------------- header (HDR_SIZE) ----------------------+
    | PHASE DECIDER ACTIVE TURN WINNER FIRST HERO_MODE N_SHOT ...  |
    +------------------ resolution in progress -------------------+
    | RES_STEP RES_PLAYED_ZONE RES_EJECTED RES_EJ_PP RES_EJ_PM ... |
    +---------------- player 0 block (P_SIZE) --------------------+
    | HEALTH FURY POISON HERO HAND_N HAND[16] ASIDE_N ASIDE[16]    |
    | ZCARD[6] ZBLOCK[6] ZDMG[6] ZCROW[6] CDMG[6] CPP[6] CPM[6]    |
    +---------------- player 1 block (P_SIZE) --------------------+
    +---- draw pile: DRAW_N, DRAW[MAX_CARDS] (top = last) ---------+
    +---- discard pile: DISC_N, DISC[MAX_CARDS] -------------------+
    +---- game RNG: RNG[4] (xorshift128 words, 32-bit each) -------+

Zones are numbered 0..5 from left to right. ``Z*`` fields are per zone and
stay with the zone (zone damage tokens ``ZDMG``, crow tokens ``ZCROW``);
``ZCARD``/``ZBLOCK`` and the card tokens ``CDMG``/``CPP``/``CPM`` belong to the
card standing on that zone and move with it (D-TOKENS).

Card ids: shot cards are 0..n_shot-1 in deck-file order; the four bow cards
are BOW_BASE..BOW_BASE+3 (player p owns BOW_BASE+2p and BOW_BASE+2p+1).
"""

# ---------------------------------------------------------------- sizes
MAX_CARDS = 128  # card ids 0..127
MAX_SHOT = 124  # a deck holds at most this many shot cards
BOW_BASE = 124  # ids of the four bow cards: 124..127 (R-BOW)
N_ZONES = 6  # attack zones per board (R-BOARD)
MAX_HAND = 16  # hand slots (hand limit is 4; Earth's set-aside can overflow it)
MAX_ASIDE = 16  # Earth's set-aside slots (H-EARTH)
NO_CARD = -1  # an empty slot or zone
HIDDEN = -2  # a card id masked in an observation (D-HIDDEN)

# ---------------------------------------------------------------- card table
# The deck is a (MAX_CARDS, CF_SIZE) int64 array, one row per card id.
CF_COLOUR = 0  # COLOUR_* code
CF_LEFT = 1  # left number 1..5 (R-CARD: cards are never turned)
CF_RIGHT = 2  # right number 1..5
CF_DAMAGE = 3  # blood marks 0..3
CF_DRAGON = 4  # 1 if the card has the dragon feature (R-COUNTER)
CF_EFFECT = 5  # EFFECT_* code
CF_VALID = 6  # 1 for a card that exists in this deck
CF_SIZE = 7

COLOUR_RED = 0
COLOUR_BLUE = 1
COLOUR_YELLOW = 2
COLOUR_GREEN = 3
COLOUR_BOW = 4  # the bow ("salute") cards, outside the four colours (R-BOW)
COLOUR_NAMES = ("red", "blue", "yellow", "green", "bow")

EFFECT_NONE = 0
EFFECT_SLIDE = 1  # E-SLIDE
EFFECT_TRAP_ZONE = 2  # E-TRAP-ZONE
EFFECT_TRAP_CARD = 3  # E-TRAP-CARD
EFFECT_POWER = 4  # E-POWER
EFFECT_REMOVE = 5  # E-REMOVE
EFFECT_SWAP = 6  # E-SWAP
EFFECT_DRAW = 7  # E-DRAW
EFFECT_COPY = 8  # E-COPY
N_EFFECTS = 9
EFFECT_NAMES = ("none", "slide", "trap-zone", "trap-card", "power", "remove", "swap", "draw", "copy")

# ---------------------------------------------------------------- heroes
NO_HERO = -1
HERO_CROW = 0  # H-CROW
HERO_WIND = 1  # H-WIND
HERO_POISON = 2  # H-POISON
HERO_BUSHIDO = 3  # H-BUSHIDO
HERO_KUNGFU = 4  # H-KUNGFU
HERO_EARTH = 5  # H-EARTH
HERO_ILLUSION = 6  # H-ILLUSION
HERO_MASTER = 7  # H-MASTER
N_HEROES = 8
HERO_NAMES = ("crow", "wind", "poison", "bushido", "kungfu", "earth", "illusion", "master")

# ---------------------------------------------------------------- decision kinds
DK_NONE = 0  # game over: nobody decides
DK_TURN = 1  # R-TURN: draw or play
DK_EXTRA = 2  # R-EXTRA: play, or draw exactly 1
DK_TOKEN_MOVE = 3  # R-DRAW: move one damage token of your board, or pass
DK_DEFEND = 4  # R-DEFEND: take it, block (R-BLOCK) or dragon counter (R-COUNTER)
DK_BLOCK_MORE = 5  # R-BLOCK: a second blocking card, or stop
DK_COUNTER_BACK = 6  # R-COUNTER: counter back, or let the last counter stand
DK_EFFECT = 7  # R-EFFECT: a target for the pending effect, or decline
DK_DISCARD = 8  # R-HANDLIMIT: discard one card (repeated down to 4)
DK_FURY_CHOOSE = 9  # F-CHOOSE: ejected card's effect or the played card's
DK_CROW = 10  # H-CROW: place a crow token, or pass
DK_WIND = 11  # H-WIND: reveal the top card, or pass
DK_ILLUSION = 12  # H-ILLUSION: jump to two zones, or pass
DK_BUSHIDO = 13  # H-BUSHIDO: token on a defender's card instead of damage, or pass
DK_EARTH_DRAW = 14  # H-EARTH: draw 1 to set aside, or pass
DK_EARTH_DISCARD = 15  # H-EARTH: discard one of the set-aside cards at turn end
N_DECISION_KINDS = 16
DECISION_NAMES = (
    "over",
    "turn",
    "extra",
    "token-move",
    "defend",
    "block-more",
    "counter-back",
    "effect",
    "discard",
    "fury-choose",
    "crow",
    "wind",
    "illusion",
    "bushido",
    "earth-draw",
    "earth-discard",
)

# ---------------------------------------------------------------- action codes
# One flat integer space; the decision kind says which ranges are legal.
A_PASS = 0  # take the hit / decline / stop / no move / skip a technique
A_DRAW = 1  # R-DRAW (DK_TURN, DK_EXTRA)
A_YES = 2  # use it: F-CHOOSE played card's effect, H-WIND reveal, H-EARTH draw
A_PLAY = 8  # + card * 2 + side: play card on the left (0) or right (1) of the pair
A_COUNTER = A_PLAY + 2 * MAX_CARDS  # 264 + card * 2 + side (R-COUNTER)
A_BLOCK = A_COUNTER + 2 * MAX_CARDS  # 520 + zone of the blocking card (R-BLOCK)
A_DISCARD = A_BLOCK + 8  # 528 + card (R-HANDLIMIT, H-EARTH)
A_TOKEN = A_DISCARD + MAX_CARDS  # 656 + kind * 12 + zone * 2 + dir (R-DRAW)
A_TARGET = A_TOKEN + 24  # 680 + player * TARGET_SPAN + sub (effects, techniques)
TARGET_SPAN = 64
N_ACTIONS = A_TARGET + 2 * TARGET_SPAN  # 808
MAX_LEGAL = 160  # upper bound on the legal actions of one decision

SIDE_LEFT = 0
SIDE_RIGHT = 1
TOKEN_ZONE = 0  # A_TOKEN kind: a damage token lying on an empty zone
TOKEN_CARD = 1  # A_TOKEN kind: a damage token lying on a card
DIR_LEFT = 0
DIR_RIGHT = 1
# A_TARGET sub-codes, per effect (the board is the player part of the code):
#   SLIDE / ILLUSION: sub = new left zone of the pair
#   TRAP_ZONE / CROW: sub = zone
#   TRAP_CARD / POWER / COPY / BUSHIDO: sub = zone of the card
#   REMOVE: sub = REMOVE_SUB + kind * 6 + zone (kind: REMOVE_* below)
#   SWAP: sub = 0; DRAW: sub = 0 and the player is who draws
REMOVE_SUB = 8
REMOVE_ZONE_DMG = 0  # a damage token on an empty zone
REMOVE_CARD_DMG = 1  # a damage token on a card
REMOVE_CARD_PP = 2  # a +1 power token on a card
REMOVE_CARD_PM = 3  # a -1 power token on a card

# ---------------------------------------------------------------- header
H_PHASE = 0  # DK_* of the pending decision (DK_NONE when the game is over)
H_DECIDER = 1  # player who decides now
H_ACTIVE = 2  # player whose turn it is
H_TURN = 3  # turns started so far (1 = the first turn)
H_WINNER = 4  # -1 while playing, 0/1 the winner, DRAWN_GAME at the turn cap
H_FIRST = 5  # first player (D-FIRST)
H_HERO_MODE = 6  # 1 when fury and techniques are on (R-OPT-FURY)
H_N_SHOT = 7  # number of shot cards in the deck
H_PLAYS = 8  # plays so far this game (statistics)
H_DECISIONS = 9  # decisions taken so far this game (statistics)
H_RESHUFFLES = 10  # times the discard pile became the draw pile (public, D-DECKOUT)
H_SIZE = 11
DRAWN_GAME = 2
NO_WINNER = -1

# ---------------------------------------------------------------- resolution in progress
R_BASE = H_SIZE
RES_STEP = R_BASE + 0  # STEP_* where the engine resumes after the pending decision
RES_PLAYED_ZONE = R_BASE + 1  # zone of the card just played, -1 outside a play
RES_PLAYED = R_BASE + 2  # id of the card just played
RES_EJECTED = R_BASE + 3  # id of the ejected (attacking) card, -1 outside a play
RES_EJ_PP = R_BASE + 4  # its +1 power tokens (E-POWER)
RES_EJ_PM = R_BASE + 5  # its -1 power tokens
RES_ATTACK = R_BASE + 6  # attack value of the play (R-HIT)
RES_DEFENCE = R_BASE + 7  # defence value it met
RES_HIT = R_BASE + 8  # 1 on a hit
RES_DAMAGE = R_BASE + 9  # damage still to deal (after blocks)
RES_PENALTY = R_BASE + 10  # the R-PENALTY part of RES_DAMAGE
RES_BLOCKS = R_BASE + 11  # cards blocked in this defence
RES_COUNTERS = R_BASE + 12  # dragon counters in the chain
RES_LAST_COUNTER = R_BASE + 13  # player of the last counter, -1 for none
RES_CANCELLED = R_BASE + 14  # 1 when the ejected card's effect is cancelled
RES_EFFECT = R_BASE + 15  # EFFECT_* pending, 0 for none
RES_EFFECT_SRC = R_BASE + 16  # card id the pending effect is read from
RES_COPY_DEPTH = R_BASE + 17  # 1 while applying an effect through E-COPY
RES_EXTRA = R_BASE + 18  # causes of an extra action earned by this play (EXTRA_* bits)
RES_IN_EXTRA = R_BASE + 19  # 1 while the active player takes an extra action
RES_NO_BLOCK = R_BASE + 20  # 1 when the defender may not block (counter-back, Bushido)
RES_BUSHIDO = R_BASE + 21  # H-BUSHIDO: the card chosen for the token instead of the damage, -1
RES_CHOSEN = R_BASE + 22  # F-CHOOSE: 1 when the played card's effect was chosen
RES_EFFECT_OWNER = R_BASE + 23  # player applying the pending effect
RES_WIND = R_BASE + 24  # card revealed by H-WIND, -1 for none
RES_TECH_DONE = R_BASE + 25  # bit set of start-of-turn techniques already offered
RES_SIZE = 26

# step markers (RES_STEP)
STEP_TURN_START = 0
STEP_TECHNIQUES = 1  # start-of-turn techniques (H-CROW, H-WIND, H-ILLUSION)
STEP_ACTION = 2  # the DK_TURN / DK_EXTRA decision
STEP_AFTER_DRAW = 3  # after a draw: the token move
STEP_EARTH = 4  # H-EARTH draw offer, then the hit check
STEP_HIT = 5  # R-HIT and the defender's answer
STEP_DAMAGE = 6  # R-DAMAGE
STEP_EFFECT = 7  # R-EFFECT (and F-CHOOSE)
STEP_PAIR = 8  # R-PAIR and the end of the play
STEP_TURN_END = 9  # R-HANDLIMIT, H-POISON, next turn
STEP_DEFENCE = 10  # after a hit: H-BUSHIDO's offer, then the defender's answer (R-DEFEND)

# RES_TECH_DONE bits: what was already offered (so a resumed step does not ask twice)
TECH_START = 1  # this turn's start-of-turn technique (H-CROW, H-WIND, H-ILLUSION)
TECH_EARTH = 2  # H-EARTH's draw for this play
TECH_BUSHIDO = 4  # H-BUSHIDO's choice for this hit
TECH_CHOOSE = 8  # F-CHOOSE for this play
TECH_WIND_EXTRA = 16  # D-WIND option: a revealed swap made a pair, one extra action owed
TECH_POISON = 32  # H-POISON: this turn's check before the hand limit is done (D-POISON)
TECH_PLAY_BITS = TECH_EARTH | TECH_BUSHIDO | TECH_CHOOSE  # cleared when a play ends

# ---------------------------------------------------------------- player blocks
P_BASE = R_BASE + RES_SIZE
P_HEALTH = 0  # health (D-LIFE)
P_FURY = 1  # 1 while furious (F-STATE)
P_POISON = 2  # 1 while holding the poison marker (H-POISON)
P_HERO = 3  # HERO_* or NO_HERO
P_HAND_N = 4  # cards in hand
P_HAND = 5  # MAX_HAND slots, the first HAND_N used
P_ASIDE_N = P_HAND + MAX_HAND  # Earth's set-aside count (public, D-EARTH)
P_ASIDE = P_ASIDE_N + 1  # MAX_ASIDE slots
P_ZCARD = P_ASIDE + MAX_ASIDE  # 6 zones: card id or NO_CARD
P_ZBLOCK = P_ZCARD + N_ZONES  # 6 zones: 1 when the card there is in block state
P_ZDMG = P_ZBLOCK + N_ZONES  # 6 zones: damage tokens on the (empty) zone
P_ZCROW = P_ZDMG + N_ZONES  # 6 zones: 1 when a crow token lies there (D-CROW)
P_CDMG = P_ZCROW + N_ZONES  # 6 zones: damage tokens on the card there
P_CPP = P_CDMG + N_ZONES  # 6 zones: +1 power tokens on the card there
P_CPM = P_CPP + N_ZONES  # 6 zones: -1 power tokens on the card there
P_SIZE = P_CPM + N_ZONES

# ---------------------------------------------------------------- piles and RNG
DRAW_N = P_BASE + 2 * P_SIZE  # cards in the draw pile
DRAW = DRAW_N + 1  # MAX_CARDS slots, top of the pile = DRAW[DRAW_N - 1]
DISC_N = DRAW + MAX_CARDS  # cards in the discard pile
DISC = DISC_N + 1  # MAX_CARDS slots, newest last
RNG = DISC + MAX_CARDS  # 4 words of the per-game xorshift128 generator
RNG_WORDS = 4
STATE_SIZE = RNG + RNG_WORDS

# ---------------------------------------------------------------- events
# Each event is one row of EV_SIZE int64: kind, player, then up to 4 arguments.
EV_SIZE = 6
MAX_EVENTS = 256  # per call of apply_action (a whole turn fits)
EV_KIND = 0
EV_PLAYER = 1
EV_A = 2
EV_B = 3
EV_C = 4
EV_D = 5

E_TURN = 1  # player starts turn a
E_DRAW = 2  # player draws card a (id; HIDDEN in a public log)
E_PLAY = 3  # player plays card a into zone b
E_EJECT = 4  # player ejects card a from zone b
E_ATTACK = 5  # attack a vs defence b, c = 1 on a hit
E_DAMAGE = 6  # player takes a damage from source b (SRC_*); c: card (hit) or zone (trap); d: health
E_BLOCK = 7  # player blocks with card a at zone b
E_COUNTER = 8  # player counters with card a into zone b, discarding card c
E_CANCEL = 9  # the attack of card a is cancelled by a counter (a's effect too)
E_CROW_CANCEL = 10  # a crow token at zone b cancels card a's effect
E_EFFECT = 11  # player applies effect a (EFFECT_*) to board b, sub c
E_DECLINE = 12  # player declines effect a
E_EXTRA = 13  # player earns a extra actions (b: cause bits, EXTRA_PAIR | EXTRA_BUSHIDO)
E_TOKEN_MOVE = 14  # player moves a token: kind a, from zone b to zone c
E_DISCARD = 15  # player discards card a (hand limit)
E_RESHUFFLE = 16  # the discard pile (a cards) becomes the draw pile
E_PASS = 17  # player can neither draw nor play and passes
E_FURY = 18  # player's fury becomes a (0/1)
E_POISON = 19  # player's poison marker becomes a (0/1)
E_WIN = 20  # player wins
E_DRAWN = 21  # the game is drawn at the turn cap (a = turns)
E_TECHNIQUE = 22  # player uses technique a (HERO_*): crow b = zone (opponent's board);
#   wind b = card revealed; illusion b = new left zone; bushido b = card given the token;
#   earth b = card set aside; master b = card blocking (another colour)
E_NO_EFFECT = 23  # card a's effect has no legal target
E_STEP = 24  # player's card steps on zone a (b: damage tokens, c: crow)
E_TAKE = 25  # player takes the hit of a damage (b = 1: H-BUSHIDO's token instead)
E_CHOOSE = 26  # player applies the played card a's effect instead (F-CHOOSE)
E_DEFEATED = 27  # player is out at 0 health (D-ELIM)

EXTRA_PAIR = 1  # E_EXTRA cause bit: R-PAIR
EXTRA_BUSHIDO = 2  # E_EXTRA cause bit: H-BUSHIDO
EXTRA_WIND = 4  # E_EXTRA cause bit: a swap revealed by H-WIND (D-WIND option)

SRC_HIT = 0  # damage of the ejected card (R-DAMAGE)
SRC_PENALTY = 1  # R-PENALTY
SRC_TRAP = 2  # damage tokens: stepped on, slid over, ejected with (R-STEP, E-SLIDE)
SRC_POISON = 3  # H-POISON
SRC_WIND = 4  # H-WIND dragon self-damage
SRC_OTHER = 5
N_SOURCES = 6
SOURCE_NAMES = ("hit", "penalty", "trap", "poison", "wind", "other")

# ---------------------------------------------------------------- players
PLAYER_RANDOM = 0
PLAYER_GREEDY = 1
PLAYER_GREEDY_NOTECH = 2  # greedy that never uses its master's own technique (F-CHOOSE it does)
PLAYER_ISMCTS = 3  # information-set Monte Carlo tree search (games/emr/players/ismcts.py)
PLAYER_ISMCTS_OPEN = 4  # the same search seeing the hidden cards: a ceiling, never for balance figures
PLAYER_NAMES = ("random", "greedy", "greedy-notech", "ismcts", "ismcts-open")

# ---------------------------------------------------------------- per-game result record
# play_many writes one int64 row of GR_SIZE per game.
GR_WINNER = 0  # 0/1, or DRAWN_GAME
GR_FIRST = 1  # first player
GR_TURNS = 2  # turns played
GR_PLAYS = 3  # cards played (R-PLAY)
GR_DECISIONS = 4  # decisions taken, both players
GR_HEALTH = 5  # + p: final health of player p
GR_HITS = 7  # + p: hits landed by player p
GR_BLOCKS = 9  # + p: cards player p blocked with
GR_COUNTERS = 11  # + p: dragon counters played by player p
GR_EXTRAS = 13  # + p: extra actions earned by player p
GR_DAMAGE = 15  # + p * N_SOURCES + source: damage taken by player p from each SRC_*
GR_EFFECTS = GR_DAMAGE + 2 * N_SOURCES  # + p * N_EFFECTS + effect: effects applied by p
GR_TECH = GR_EFFECTS + 2 * N_EFFECTS  # + p * N_TECH + t: technique uses by p (t = HERO_*, or TECH_F_CHOOSE)
N_TECH = N_HEROES + 1
TECH_F_CHOOSE = N_HEROES  # F-CHOOSE: the played card's effect applied instead
TECH_NAMES = HERO_NAMES + ("fury-choose",)
GR_SIZE = GR_TECH + 2 * N_TECH

# ---------------------------------------------------------------- card events (--cards)
# Per game and seat, which shot cards met each event: a set of cards as CARD_WORDS int64
# words of CARD_BITS bits (card c: word c // CARD_BITS, bit c % CARD_BITS; 62 bits, so a word
# stays a non-negative int64 and plain Python, NUMBA_DISABLE_JIT=1, computes the same). The
# game loop's card buffer (games/emr/loops/engine.new_buffers) holds CE_SIZE words, set (seat, event,
# word) at (seat * N_CARD_EVENTS + event) * CARD_WORDS + word; size 0 when tracking is off.
# Bow cards (ids from BOW_BASE, R-BOW) are not tracked: they are on the board from the start.
CARD_BITS = 62
CARD_WORDS = 2  # MAX_SHOT = 124 = 2 * 62 shot cards
CE_DEALT = 0  # in the opening hand (R-SETUP)
CE_DRAWN = 1  # in hand at some time: dealt, drawn (R-DRAW, E-DRAW) or set aside (H-EARTH)
CE_HELD = 2  # in hand when the seat chose a turn's action (R-TURN: DK_TURN pending)
CE_PLAYED = 3  # played (R-PLAY)
CE_EJECTED = 4  # ejected to attack (R-PLAY: the far card of the pair)
CE_HIT = 5  # ejected and hit (R-HIT)
CE_BLOCKED = 6  # blocked with (R-BLOCK, H-MASTER)
CE_COUNTERED = 7  # dragon countered with (R-COUNTER)
CE_END = 8  # in hand when the game ended
N_CARD_EVENTS = 9
CARD_EVENT_NAMES = ("dealt", "drawn", "held", "played", "ejected", "hit", "blocked", "countered", "end")
CE_SIZE = 2 * N_CARD_EVENTS * CARD_WORDS  # words of one game's card sets, both seats

# ---------------------------------------------------------------- decoding, as plain functions
# The kernels wrap these with njit (games/emr/rules/core.py: pb, target_player, target_sub); the Python
# side calls them as they are, so that reading a state needs no numba.

MAX_CROWS = 3  # H-CROW: at most 3 of a player's crow tokens on the board


def player_base(p):
    """Offset of player p's block in the state (the player offset, `pb` in the kernels)."""
    return P_BASE + p * P_SIZE


def target_player(code):
    """The player whose board a target action code (A_TARGET + player * TARGET_SPAN + sub) names."""
    return (code - A_TARGET) // TARGET_SPAN


def target_sub(code):
    """The sub-code of a target action code: a zone, or an effect's own choice (A_TARGET codes)."""
    return (code - A_TARGET) % TARGET_SPAN
