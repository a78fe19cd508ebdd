"""The per-game random generator: xorshift128 on four 32-bit words in an array.

Every game is seeded from (run seed, game index) alone, so a game replays
bit-identically on any thread, process or machine, with or without JIT. All
arithmetic stays below 2**63, so it is exact on int64 in plain Python too.
"""

from emr_sim.jit import njit, njit_inline

MASK32 = 0xFFFFFFFF


@njit
def mul32(a, b):
    """(a * b) mod 2**32 for 32-bit a, b, without leaving int64."""
    low = a * (b & 0xFFFF)
    high = ((a * (b >> 16)) & 0xFFFF) << 16
    return (low + high) & MASK32


@njit
def mix32(x):
    """A 32-bit finaliser (murmur3's): spreads every input bit over the word."""
    x = x & MASK32
    x ^= x >> 16
    x = mul32(x, 0x85EBCA6B)
    x ^= x >> 13
    x = mul32(x, 0xC2B2AE35)
    x ^= x >> 16
    return x


@njit
def seed_rng(words, off, seed, index, stream):
    """Seed the 4 words at words[off:off+4] from (seed, game index, stream)."""
    s_lo = seed & MASK32
    s_hi = (seed >> 32) & MASK32
    i_lo = index & MASK32
    i_hi = (index >> 32) & MASK32
    h = mix32(s_lo ^ 0x9E3779B9)
    h = mix32(h ^ s_hi ^ 0x7F4A7C15)
    h = mix32(h ^ i_lo ^ 0x85EBCA77)
    h = mix32(h ^ i_hi ^ 0xC2B2AE3D)
    h = mix32(h ^ stream ^ 0x27D4EB2F)
    for k in range(4):
        h = mix32(h + 0x9E3779B9 * (k + 1))
        words[off + k] = h
    if words[off] == 0 and words[off + 1] == 0 and words[off + 2] == 0 and words[off + 3] == 0:
        words[off] = 1


@njit_inline
def next32(words, off):
    """The next 32-bit output of the generator at words[off:off+4]."""
    t = words[off + 3]
    s = words[off]
    words[off + 3] = words[off + 2]
    words[off + 2] = words[off + 1]
    words[off + 1] = s
    t ^= (t << 11) & MASK32
    t ^= t >> 8
    t = t ^ s ^ (s >> 19)
    words[off] = t
    return t


@njit
def below(words, off, n):
    """A uniform integer in 0..n-1 (n < 2**31)."""
    return (next32(words, off) * n) >> 32


@njit
def shuffle_range(arr, start, count, words, off):
    """Fisher-Yates shuffle of arr[start:start+count] in place, drawing j = below(i + 1) for
    i = count-1 .. 1 from the generator at words[off:off+4]. The generator's words are held
    in locals during the shuffle (next32's steps, written out once at the end), so the two
    ranges must not overlap (the draw pile and the RNG words of a state do not)."""
    w0 = words[off]
    w1 = words[off + 1]
    w2 = words[off + 2]
    w3 = words[off + 3]
    for i in range(count - 1, 0, -1):
        t = w3
        w3 = w2
        w2 = w1
        w1 = w0
        t ^= (t << 11) & MASK32
        t ^= t >> 8
        t = t ^ w1 ^ (w1 >> 19)
        w0 = t
        j = (t * (i + 1)) >> 32  # below(words, off, i + 1)
        tmp = arr[start + i]
        arr[start + i] = arr[start + j]
        arr[start + j] = tmp
    words[off] = w0
    words[off + 1] = w1
    words[off + 2] = w2
    words[off + 3] = w3
