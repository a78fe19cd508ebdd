"""Every game of the toolkit for the game-AI ecosystem (docs/ecosystem.md): as an OpenSpiel
game (openspiel_game), as a PettingZoo AEC environment (pettingzoo_env), and OpenSpiel's
searches as players (peers), over the game contract (emr_sim.games.contract and
emr_sim.kernel_contract) and nothing of a game's internals.

It needs the `rl` extra (pip install 'emr-sim[rl]'); nothing outside this package imports it
(an import-linter contract, pyproject.toml), and a command that needs it names it by text
(emr_sim.extras), so the rest of emr-sim works without the extra. driver, observation and
recall import nothing of the extra.
"""
