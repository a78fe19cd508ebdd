"""The kernels of a game against a program, loaded (or compiled) before they are needed.

The play app and the line mode call the rules, the greedy and the search from Python, in
argument types of their own (a search opponent's buffers, the advisor's search). A first
run compiles them, about a minute: `warm_kernels` calls every one of them in every type
once, behind the compile notice (emr_sim.console.compiling.on_first_compile), and then
leaves a mark in the compile cache of these very kernel sources (emr_sim.jit.cache_dir:
its name is a hash of them), so that a later start knows that loading is all that is left:
`kernels_warm()`. The app then loads them in a thread behind its first screen.
"""

from __future__ import annotations

from pathlib import Path

WARM_ACTIONS = 12  # actions of each warm-up game
MARK = "play-kernels-compiled"  # the file left in the cache directory


def mark_path() -> Path:
    from emr_sim.jit import cache_dir

    return cache_dir() / MARK


def kernels_warm() -> bool:
    """Whether warm_kernels ran to its end with these kernel sources (then only a load is left)."""
    return mark_path().is_file()


def warm_kernels(notice: bool = True) -> None:
    """Call every kernel a game against a program calls, in every argument type it uses (a
    greedy and a search opponent, a hint), so that a first run compiles them all at once, with
    the notice (when NOTICE and the command line turned it on); then leave the mark."""
    import contextlib

    from emr_sim.console.compiling import on_first_compile
    from emr_sim.games.emr.face.advise import advise
    from emr_sim.games.emr.face.core import Game
    from emr_sim.games.emr.face.versus import Setup, Versus, observation

    with on_first_compile() if notice else contextlib.nullcontext():
        for opponent in ("greedy", "ismcts:1"):
            v = Versus(Setup(seat=0, opponent=opponent, seed=1))
            while not v.over and len(v.actions) < WARM_ACTIONS:
                v.apply(v.legal()[0][0] if v.human_to_move else v.think())
            observation(v.game.state, 0)
        advise(Game.new(seed=1), "ismcts:1", 1)
    try:
        mark_path().parent.mkdir(parents=True, exist_ok=True)
        mark_path().write_text("the play app's kernels are compiled for these sources\n", encoding="utf-8")
    except OSError:
        pass  # no mark: the next start warms up in front again, which is only slower
