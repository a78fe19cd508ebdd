"""The layout of a table game's figures, shared by the kernels and the frames that read them.

Plain constants, free of numba, so that a command that only reads a run's rows (compare,
report) never loads the compiler. The game contract (emr_sim.kernel_contract) and the table
loop (emr_sim.loops.table) re-export them.
"""

# results(G, S, out): one row per seat
RS_WIN = 0  # 1: this seat won alone (or its team won)
RS_DRAW = 1  # 1: this seat shares first place with others (a draw for those seats)
RS_PLACE = 2  # 0 = first; tied seats share a place
RS_TEAM = 3  # the seat's team (-1: no teams)
RS_POINTS = 4  # the game's own score of the seat (points, coins, honour ...)
RS_SIZE = 5
RESULT_NAMES = ("win", "draw", "place", "team", "points")

# record(G, S, out): figures of the whole game
GR_TURNS = 0  # the game's length in its own turns
GR_FIRST = 1  # the seat that moved first
GR_END = 2  # how the game ended (the game's own code, named by its Python face)
GR_DECISIONS = 3  # decisions taken (filled by the loop)
GR_SIZE = 4
RECORD_NAMES = ("turns", "first", "end", "decisions")

# a table game's row (emr_sim.loops.table): the head ...
TR_DEAL = 0  # the deal's index j
TR_ROTATION = 1  # the rotation r of the seating
TR_RECORD = 2  # ... then the game's record (GR_*: turns, first seat, end, decisions)
TR_HEAD = TR_RECORD + GR_SIZE
# ... then per seat s, at TR_HEAD + s * TS_SIZE:
TS_MEMBER = 0  # the lineup member sitting in seat s
TS_ENTITY = 1  # its entity (-1: none)
TS_RESULT = 2  # its results (RS_*)
TS_SIZE = TS_RESULT + RS_SIZE


def row_width(n_seats: int) -> int:
    """The columns of a table game's row at n_seats seats."""
    return TR_HEAD + n_seats * TS_SIZE
