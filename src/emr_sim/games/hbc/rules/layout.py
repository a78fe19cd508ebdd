"""HBC's codes and the layout of its arrays: the card table, the rules options, the deck
table, the state and the actions (docs/hbc.md defines the rule ids cited here). Plain
constants, read by the kernels and by the Python face alike."""

# ------------------------------------------------------------------ attributes (HBC-ATTR)
FIRE = 0
WATER = 1
FOREST = 2
BEAR = 3
DRAGON = 4
SWORD = 5
NONE_ATTR = 6
ATTR_NAMES = ("fire", "water", "forest", "bear", "dragon", "sword", "none")
NO_ATTR = -1  # a term that applies against every attribute
# HBC-ATTR's hidden setting: BEATS[a] is the attribute a is advantaged against (the left one
# of Fire => Forest => Water => Fire and Bear => Sword => Dragon => Bear); None: nobody.
BEATS = (FOREST, FIRE, WATER, SWORD, BEAR, DRAGON, NO_ATTR)

# ------------------------------------------------------------------ the card table CT
KIND_CHARACTER = 0  # HBC-KINDS: characters fight; supports aid; events are left out
KIND_SUPPORT = 1
KIND_NAMES = ("character", "support")
# when a support may be played (HBC-SUPP-BATTLE, HBC-SUPP-SOLO)
WHEN_NONE = -1  # a character card
WHEN_BATTLE = 0  # in any battle of its owner
WHEN_ATTACK = 1  # only when its owner attacks
WHEN_DEFEND = 2  # only when its owner defends
WHEN_SOLO = 3  # alone, as the turn's action (HBC-ACTION b)
WHEN_NAMES = ("battle", "attack", "defend", "solo")

# effects: the vocabulary of abilities and support effects (docs/hbc.md, "Cards as data")
EF_NONE = 0
EF_DICE = 1  # own dice count +/- amount
EF_HIT = 2  # own hit +/- amount
EF_ATTACK = 3  # own attack value +/- amount
EF_FOE_DICE = 4  # the opposing card's dice count +/- amount
EF_FOE_HIT = 5  # the opposing card's hit +/- amount
EF_FOE_ATTACK = 6  # the opposing card's attack value +/- amount
EF_SWAP = 7  # swap one of your dice with one of the opponent's (a decision)
EF_KEEP_CARD = 8  # your card is not discarded after a lost battle
EF_KEEP_COIN = 9  # your coins are not taken after a lost battle (HBC-D-PROTECT)
EF_TAKE_COIN = 10  # take one coin of your choice from a player, without battle
EF_EXCHANGE = 11  # draw `amount` cards, then discard as many (hand exchange)
EF_RESTRICT = 12  # no hand cards of another attribute (HBC-D-ABILITIES)
EFFECT_NAMES = (
    "none", "dice", "hit", "attack", "foe_dice", "foe_hit", "foe_attack", "swap", "keep_card",
    "keep_coin", "take_coin", "exchange", "restrict",
)  # fmt: skip

# the battle windows of HBC-D-WINDOWS, and the solo action
WIN_1 = 1  # after the reveal, before rolling: dice count and hit
WIN_2 = 2  # after rolling: attack value, dice swap
WIN_3 = 3  # after the result: keep the card, keep the coins
WIN_SOLO = 4
WIN_NEVER = 0  # a character's standing ability (applied by the rules, never played)

CF_KIND = 0
CF_DICE = 1
CF_HIT = 2
CF_ATTR = 3
CF_STAR = 4
CF_WHEN = 5
CF_TERMS = 6  # MAX_TERMS terms of TERM_SIZE: effect, amount, the attribute it is against
T_EFFECT = 0
T_AMOUNT = 1
T_VS = 2
TERM_SIZE = 3
MAX_TERMS = 2
CF_SIZE = CF_TERMS + MAX_TERMS * TERM_SIZE
MAX_CARDS = 512

# ------------------------------------------------------------------ the rules options P
P_WIN_POINTS = 0  # HBC-WIN: 13
P_OT_POINTS = 1  # HBC-OVERTIME: 15
P_CYCLE = 2  # HBC-D-ATTR-CYCLE: 0 off, 1 on
P_CYCLE_BONUS = 3  # its attack value bonus
P_FIRST = 4  # HBC-D-FIRST: FIRST_*
P_COMMIT = 5  # HBC-D-COMMIT: COMMIT_*
P_AFTER = 6  # HBC-D-AFTER: AFTER_*
P_ATT_LOSS = 7  # HBC-D-ATTACKER-LOSS: ATT_LOSS_*
P_THREE = 8  # HBC-D-THREE: THREE_*
P_PROTECT = 9  # HBC-D-PROTECT: PROTECT_*
P_REROLL_CAP = 10  # HBC-D-REROLL: tied rolls before a battle is given up
P_SOLO = 11  # HBC-D-SOLO: solo cards per action (0: any number)
P_JUDGE = 12  # HBC-D-JUDGE: JUDGE_*
P_OT_CHECK = 13  # HBC-D-OVERTIME: OT_CHECK_*
P_TIES = 14  # HBC-D-TIES: TIES_*
P_HAND_KEEP = 15  # HBC-HANDLIMIT: hand cards kept besides the master (3)
P_SIZE = 16

FIRST_RANDOM = 0
FIRST_SEAT0 = 1
COMMIT_HIDDEN = 0
COMMIT_OPEN = 1
AFTER_HAND = 0
AFTER_DISCARD = 1
ATT_LOSS_NOTHING = 0
ATT_LOSS_COIN = 1
THREE_PIECES = 0
THREE_POINTS = 1
PROTECT_TARGET = 0
PROTECT_ALL = 1
JUDGE_TURN = 0
JUDGE_ROUND = 1
OT_CHECK_MOVE = 0
OT_CHECK_TURN = 1
TIES_SHARED = 0
TIES_FIRST_SEAT = 1  # the alternative: the tied player nearest the first player wins alone

# ------------------------------------------------------------------ the deck table DK
DECK_CARDS = 10  # HBC-DECK
DK_MASTER = 0  # the master card (HBC-SETUP)
DK_REST = 1  # the other nine card ids
DK_SIZE = DK_REST + DECK_CARDS - 1

# ------------------------------------------------------------------ coins (HBC-COINS)
N_COIN_KINDS = 3  # a coin kind k is worth k + 1 points
COIN_NONE = 3  # a target that names no coin (a defender without coins, HBC-D-TARGET)
START_COINS = (3, 1, 1)  # three 1-point coins, one 2-point coin, one 3-point coin: 8 points
THREE = 3  # HBC-MASTER: a master card that loses costs 3 coins

# ------------------------------------------------------------------ dice and odds
FACES = 6
MAX_DICE = 12  # dice counts are clamped to 0..MAX_DICE after every change
MAX_HIT = 6
MAX_SUM = FACES * MAX_DICE

# ------------------------------------------------------------------ the state S
MAX_SEATS = 5
MAX_HAND = 10  # hand cards besides the master (a seat owns 9 of them at most)
MAX_DECK = 10
MAX_DISC = 10
MASTER_SLOT = MAX_HAND  # an action's card source: a hand slot, or the master card
NO_CARD = -1

H_SEATS = 0
H_PHASE = 1  # PH_*
H_MOVER = 2  # who decides (K.NOBODY once the game is over)
H_TURN_SEAT = 3  # whose turn it is
H_TURNS = 4  # turns finished
H_FIRST = 5
H_END = 6  # END_*
H_OVERTIME = 7  # 1 once overtime has begun (HBC-OVERTIME)
H_SOLO_USED = 8  # solo cards played this turn (HBC-D-SOLO)
H_PENDING = 9  # coins still to give (PH_PAY) or cards still to discard (PH_DISCARD)
H_PAYER = 10
H_PAYEE = 11
H_RESERVED = 12  # PH_PAY: a coin kind one piece of which the payer keeps (HBC-D-PROTECT)
H_NEXT = 13  # PH_DISCARD: what follows (NEXT_*)
H_STEP = 14  # what the rules do next, before the next decision (STEP_*)
H_SIZE = 15

B_BASE = H_SIZE  # the battle
B_ATTACKER = 0
B_DEFENDER = 1
B_COIN = 2  # the target coin kind (COIN_NONE: none)
B_A_SRC = 3  # the attacker's card source until the reveal (hand slot or MASTER_SLOT)
B_CARD = 4  # per side (A_SIDE, D_SIDE): its card on the table (NO_CARD: none, declined)
B_MASTER = 6  # per side: 1 when its card is its master card
B_DICE_MOD = 8  # per side: supports' changes to dice count, hit and attack value
B_HIT_MOD = 10
B_ATT_MOD = 12
B_KEEP_CARD = 14  # per side: a keep-the-card support played
B_KEEP_COIN = 16  # per side: a keep-the-coin support played
B_VALUE = 18  # per side: the attack value of the current roll
B_NFACES = 20  # per side: dice rolled
B_ROLLS = 22  # rolls made in this battle (HBC-D-REROLL)
B_WINDOW = 23  # WIN_1, WIN_2, WIN_3
B_SIDE = 24  # the side deciding in the window
B_LOSER = 25  # after the result: A_SIDE, D_SIDE, or NO_SIDE (given up after the cap)
B_SWAP_SIDE = 26  # the side choosing which dice to swap
B_FACES = 27  # per side MAX_DICE faces
B_SIZE = B_FACES + 2 * MAX_DICE
A_SIDE = 0
D_SIDE = 1
NO_SIDE = -1

SEAT_BASE = B_BASE + B_SIZE
ST_COINS = 0  # N_COIN_KINDS counts: 1-, 2- and 3-point coins
ST_DECK_ID = 3  # the deck (entity) the seat plays
ST_MASTER = 4  # its master card
ST_HAND_N = 5
ST_HAND = 6  # MAX_HAND card ids
ST_KNOWN = ST_HAND + MAX_HAND  # MAX_HAND flags: the slot's card has been shown to everyone
ST_DECK_N = ST_KNOWN + MAX_HAND
ST_DECK = ST_DECK_N + 1  # MAX_DECK card ids, the top at ST_DECK + deck_n - 1
ST_DISC_N = ST_DECK + MAX_DECK
ST_DISC = ST_DISC_N + 1  # MAX_DISC card ids
# the seat's log, for studies (no rule reads it; everything in it is public):
ST_PLAYED = ST_DISC + MAX_DISC  # bit j: the deck's card j (0 the master, 1..9 DK_REST) was played
ST_AIMED = ST_PLAYED + 1  # N_COIN_KINDS counts: its attacks named a coin of kind k ...
ST_AIMED_WON = ST_AIMED + N_COIN_KINDS  # ... and won
ST_MASTER_ATT = ST_AIMED_WON + N_COIN_KINDS  # its attacks with the master card ...
ST_MASTER_ATT_WON = ST_MASTER_ATT + 1  # ... and won
ST_MASTER_DEF = ST_MASTER_ATT_WON + 1  # its defences with the master card ...
ST_MASTER_DEF_WON = ST_MASTER_DEF + 1  # ... and won
ST_SIZE = ST_MASTER_DEF_WON + 1
LOG_FIRST = ST_PLAYED  # the log's words, as studies read them
LOG_SIZE = ST_SIZE - ST_PLAYED
LOG_NAMES = ("played", "aimed_1", "aimed_2", "aimed_3", "aimed_won_1", "aimed_won_2", "aimed_won_3",
             "master_attacks", "master_attacks_won", "master_defences", "master_defences_won")  # fmt: skip
RNG_BASE = SEAT_BASE + MAX_SEATS * ST_SIZE
STATE_SIZE = RNG_BASE + 4
GAME_STREAM = 0

# phases: what the mover decides
PH_ACTION = 0  # HBC-ACTION: attack, a solo support, or wait
PH_DEFEND = 1  # HBC-BATTLE, HBC-D-COMMIT: a card, the master card, or none
PH_SUPPORT = 2  # HBC-D-WINDOWS: a battle support, or pass
PH_SWAP = 3  # which dice a swap exchanges
PH_PAY = 4  # HBC-MASTER, HBC-D-THREE: which coin to give
PH_DISCARD = 5  # HBC-HANDLIMIT, an exchange: which card to discard
PH_OVER = 6
PHASE_NAMES = ("action", "defend", "support", "swap", "pay", "discard", "over")

# the steps of the rules between decisions (rules/flow.py)
STEP_DECIDE = 0  # a seat decides (H_PHASE says what)
STEP_ACTION = 1  # the turn's action: decided, or the turn ends after solo cards
STEP_BATTLE = 2  # the battle's windows, rolls and result
STEP_SETTLE = 3  # the battle's consequences: cards and coins
STEP_PAY = 4  # a master card's 3 coins
STEP_END_TURN = 5  # end of the turn: the restriction ability
STEP_HANDLIMIT = 6  # the hand limit
STEP_JUDGE = 7  # the judgement, overtime, the next turn
STEP_OVER = 8

NEXT_END_TURN = 0  # a discard of the hand limit: then the turn ends
NEXT_ACTION = 1  # a discard of an exchange: then back to the action

END_THRESHOLD = 0  # HBC-WIN: judged with someone at 13 or more
END_OVERTIME_REACH = 1  # HBC-OVERTIME: someone reached 15
END_OVERTIME_POINTS = 2  # HBC-OVERTIME: overtime ran out, most points
END_NAMES = ("13 at judgement", "15 in overtime", "most points after overtime")

# ------------------------------------------------------------------ actions
A_WAIT = 0  # HBC-ACTION c; in a window: pass
A_DECLINE = 1  # defend with no card
A_DEFEND = 2  # + source (hand slot or MASTER_SLOT)
A_ATTACK = A_DEFEND + MASTER_SLOT + 1  # + (source * MAX_SEATS + target) * 4 + coin kind
A_SUPPORT = A_ATTACK + (MASTER_SLOT + 1) * MAX_SEATS * (COIN_NONE + 1)  # + hand slot
A_TAKE = A_SUPPORT + MAX_HAND  # + (slot * MAX_SEATS + target) * 3 + coin kind
A_SWAP = A_TAKE + MAX_HAND * MAX_SEATS * N_COIN_KINDS  # + (own face - 1) * 6 + (their face - 1)
A_GIVE = A_SWAP + FACES * FACES  # + coin kind
A_DISCARD = A_GIVE + N_COIN_KINDS  # + hand slot
N_ACTIONS = A_DISCARD + MAX_HAND
# the most legal actions: attacks from every source at every target and coin, or solo cards
MAX_LEGAL = 1 + (MASTER_SLOT + 1) * (MAX_SEATS - 1) * N_COIN_KINDS + MAX_HAND * (MAX_SEATS - 1) * N_COIN_KINDS

# the players' work buffer (int64 words): states to think in, and scratch after them
W_STATE = 0  # the observation with an action applied
W_SWAP = STATE_SIZE  # that state with a dice swap made
W_SETTLE = 2 * STATE_SIZE  # a battle's consequences
W_SCRATCH = 3 * STATE_SIZE  # a seat's unseen cards
WORK_SIZE = W_SCRATCH + 64

# the constants G of the kernels: a tuple, its first element the game's tag
G_TAG = 0
G_CARDS = 1  # CT, (n_cards, CF_SIZE) int64
G_RULES = 2  # P, (P_SIZE,) int64: the rules options
G_DECKS = 3  # DK, (n_decks, DK_SIZE) int64
G_COUNTS = 4  # odds.COUNTS
G_CUMUL = 5  # odds.CUMUL
G_PAIRS = 6  # pairs.fill_pairs: (n_cards, n_cards, 2) float64
G_QUALITY = 7  # players/value.fill_quality: (n_cards,) float64, a card's worth in hand
