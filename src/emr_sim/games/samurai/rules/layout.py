"""Samurai Sword's codes and the layout of its state, the card table and the constants G
(docs/samurai.md). Plain integers only: every kernel module and the Python face read them.

The state S is one flat int64 array: a head (H_*), one block per seat (ST_*: role, weight,
character, resilience, honour, hand size, the hand as counts per card kind, the Properties
in front of the seat as counts per kind), the draw pile (its top at DRAW_BASE + draw_n - 1),
the discard pile (its top at DISC_BASE + disc_n - 1), the public record of who did what to
whom (PUB_*: what every seat has seen, for the players' beliefs), and the game's random
generator.
"""

NAME = "samurai"
MIN_SEATS = 3
MAX_SEATS = 7
MAX_KINDS = 32  # card kinds a card file may hold
MAX_CHARS = 16  # characters a card file may hold
MAX_DECK = 128  # cards a card file's deck may hold
HAND_LIMIT = 7  # SS-DISCARD
NO_SEAT = -1

# ---- roles (SS-ROLES) and teams (SS-TIE: Shogun and Samurai one team)
SHOGUN = 0
SAMURAI = 1
NINJA = 2
RONIN = 3
N_ROLES = 4
ROLE_NAMES = ("Shogun", "Samurai", "Ninja", "Ronin")
TEAM_SHOGUN = 0  # the Shogun and the Samurai
TEAM_NINJA = 1
TEAM_RONIN = 2
N_TEAMS = 3
TEAM_NAMES = ("Shogun and Samurai", "Ninja", "Ronin")

# ---- card types and effects (the card file's `kind` and `effect`)
WEAPON = 0
PROPERTY = 1
ACTION = 2
TYPE_NAMES = ("weapon", "property", "action")
EF_ATTACK = 0
EF_ARMOR = 1
EF_FOCUS = 2
EF_FAST_DRAW = 3
EF_BUSHIDO = 4
EF_PARRY = 5
EF_BATTLE_CRY = 6
EF_JUJUTSU = 7
EF_BREATHING = 8
EF_DAIMYO = 9
EF_DIVERSION = 10
EF_GEISHA = 11
EF_TEA = 12
EFFECT_NAMES = (
    "attack", "armor", "focus", "fast_draw", "bushido", "parry", "battle_cry", "jujutsu",
    "breathing", "daimyo", "diversion", "geisha", "tea_ceremony",
)  # fmt: skip
EFFECT_TYPE = (WEAPON, PROPERTY, PROPERTY, PROPERTY, PROPERTY) + (ACTION,) * 8

# ---- character abilities (the card file's `ability`)
AB_NONE = 0
AB_HARDER_TO_HIT = 1  # Benkei
AB_WEAPONS_ONLY = 2  # Chiyome
AB_LESS_WOUNDS = 3  # Ginchiyo
AB_EXTRA_WEAPON = 4  # Goemon
AB_WEAPON_PARRY = 5  # Hanzo
AB_EXTRA_DRAW = 6  # Hideyoshi
AB_DRAW_DISCARD = 7  # Ieyasu
AB_ANY_RANGE = 8  # Kojiro
AB_EXTRA_WOUND = 9  # Musashi
AB_WOUND_FOR_CARD = 10  # Nobunaga
AB_DRAW_ON_HIT = 11  # Tomoe
AB_DRAW_ON_WOUND = 12  # Ushiwaka
ABILITY_NAMES = (
    "none", "harder_to_hit", "weapons_only", "less_wounds", "extra_weapon", "weapon_parry",
    "extra_draw", "draw_discard", "any_range", "extra_wound", "wound_for_card", "draw_on_hit",
    "draw_on_wound",
)  # fmt: skip

# ---- the card table CT[kind, CT_*]
CT_TYPE = 0
CT_EFFECT = 1
CT_COUNT = 2
CT_RANGE = 3
CT_DAMAGE = 4
CT_SIZE = 5
# ---- the character table CH[char, CH_*]
CH_HEALTH = 0
CH_ABILITY = 1
CH_SIZE = 2
# ---- the role table RT[players, RT_*] and the weights WT[players, role]
# RT[players, role] for role 0..N_ROLES-1 (SHOGUN .. RONIN): how many are in play
RT_REMOVED = 4  # Ninja cards removed unseen (SS-SETUP-ROLES)
RT_HONOUR_SHOGUN = 5
RT_HONOUR_OTHER = 6
RT_SIZE = 7

# ---- the rules options P[P_*] (docs/samurai.md: each a decision's switch)
P_KINDS = 0  # card kinds in the card table
P_CHARS = 1  # characters in the character table
P_SHOGUN_HP = 2  # SS-D-SHOGUN-HP: resilience the Shogun takes above the card's
P_EXHAUST_ON_DRAW = 3  # SS-D-EXHAUST: 0 when the pile becomes empty, 1 when a card must be drawn
P_BUSHIDO_TABLE = 4  # SS-D-BUSHIDO-ONE: 1 one Bushido in play at all, 0 one per player
P_NINJA4_DOUBLE = 5  # SS-D-WEIGHTS: one of the three Ninja cards scores x2 at 4 players
P_CAP = 6  # SS-D-CAP: turns before the game is a draw
P_VANILLA = 7  # SS-D-CHARS: every character health 5 and no ability (engine tests)
P_SIZE = 8

# ---- the state: the head
H_SEATS = 0
H_DECIDER = 1  # who decides next (K.NOBODY once over)
H_TURN = 2  # whose turn it is
H_PHASE = 3
H_TURNS = 4  # turns begun
H_SHOGUN = 5  # the Shogun's seat: the first mover (SS-D-FIRST)
H_END = 6  # how the game ended (END_*), END_NONE while it runs
H_WEAPONS = 7  # Weapons played this turn (SS-WEAPON-LIMIT)
H_DRAW_N = 8
H_DISC_N = 9
H_EXHAUSTS = 10  # exhaustions so far (SS-EXHAUST)
H_PEND_KIND = 11  # the card being resolved (a Weapon, Battle Cry or Jujutsu)
H_PEND_SRC = 12  # who played it
H_PEND_TGT = 13  # its target, or the area card's current responder
H_PEND_LEFT = 14  # an area card's responders still to come
H_LAST_TEAM = 15  # the team that won by SS-LAST, or -1
H_FATAL_TEAM = 16  # the team that lost 3 points by SS-FATAL, or -1
H_TO_DRAW = 17  # cards still to draw in the draw phase
H_REMOVED = 18  # the weight of the Ninja card removed unseen (hidden; 0: none)
H_WOUNDS = 19  # wounds the pending Weapon deals (after its modifiers)
H_SIZE = 20

# phases: who decides what
PH_PLAY = 0  # the mover plays a card, uses an ability or ends the play phase
PH_PARRY = 1  # a Weapon's target parries or takes it
PH_AREA = 2  # a Battle Cry's or Jujutsu's responder discards or takes a wound
PH_BUSHIDO = 3  # the Bushido holder, a Weapon turned up: a Weapon from hand or 1 honour
PH_IEYASU = 4  # Ieyasu's first draw: the discard pile's top or the deck
PH_DISCARD = 5  # the mover discards down to the hand limit
PH_OVER = 6

# how a game ends (record GR_END)
END_NONE = -1
END_KO = 0  # a player's last honour given away by a knock-down (SS-KO, SS-END)
END_EXHAUST = 1  # honour lost at an exhaustion (SS-EXHAUST)
END_BUSHIDO = 2  # honour lost to Bushido
END_LAST = 3  # special victory: one player left with resilience (SS-LAST)
END_CAP = 4  # the safety cap: a draw (SS-D-CAP)
END_NAMES = (
    "honour 0 by a knock-down",
    "honour 0 by exhaustion",
    "honour 0 by Bushido",
    "special victory",
    "cap",
)

# ---- one block per seat
SEAT_BASE = H_SIZE
ST_ROLE = 0
ST_WEIGHT = 1  # the role card's score weight (SS-SCORE)
ST_CHAR = 2
ST_HP = 3  # resilience points
ST_MAX_HP = 4
ST_HONOUR = 5
ST_HAND_N = 6
ST_HAND = 7  # MAX_KINDS counts
ST_PROPS = ST_HAND + MAX_KINDS  # MAX_KINDS counts
ST_SIZE = ST_PROPS + MAX_KINDS
DRAW_BASE = SEAT_BASE + MAX_SEATS * ST_SIZE
DISC_BASE = DRAW_BASE + MAX_DECK
# the public record: PUB_x[a * MAX_SEATS + b], what seat a did to seat b
PUB_ATTACK = DISC_BASE + MAX_DECK  # Weapons played at b
PUB_HARM = PUB_ATTACK + MAX_SEATS * MAX_SEATS  # Geisha, Diversion or Bushido aimed at b
PUB_HELP = PUB_HARM + MAX_SEATS * MAX_SEATS  # Breathing's card given to b
PUB_KO = PUB_HELP + MAX_SEATS * MAX_SEATS  # knock-downs of b (honour taken from b)
PUB_PLAYED = PUB_KO + MAX_SEATS * MAX_SEATS  # [s * MAX_KINDS + kind]: cards s played or answered with
RNG_BASE = PUB_PLAYED + MAX_SEATS * MAX_KINDS
STATE_SIZE = RNG_BASE + 4

# ---- actions: a card played (kind, target, option), or one of the special actions
SUB_OPTIONS = MAX_KINDS + 1  # a Geisha's choice: a random hand card (0) or a Property kind + 1
PLAY_STRIDE = MAX_SEATS * SUB_OPTIONS
A_END = 10_000  # end the play phase
A_NOBUNAGA = 10_001  # 1 resilience for 1 card
A_TAKE = 10_002  # take the Weapon or the wound; lose the honour (Bushido)
A_FROM_DECK = 10_003  # Ieyasu draws from the deck
A_FROM_DISCARD = 10_004  # Ieyasu takes the discard pile's top
A_RESPOND = 10_100  # + kind: parry with it, or discard it against an area card or Bushido
A_DISCARD = 10_200  # + kind: discard it to the hand limit
MAX_LEGAL = 512
GAME_STREAM = 0
