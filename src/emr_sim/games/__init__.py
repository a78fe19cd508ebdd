"""The games of emr_sim, each a folder behind the game contract (docs/games.md).

`contract` says what a game provides, `registry` finds a game by name (imported lazily, so
that `emr-sim --help` stays quick). Each game lives in its own folder (`emr/`: 8 Masters'
Revenge; `toy/`: the small example game of docs/games.md) and never imports another.
"""
