"""HBC (Hanten Battle Card, seed 004): a dice card battle for 2-5 players behind the game
contract. rules/ holds its only rules code (jitted), players/ its evaluation for the generic
players, face/ its Python side (the contract's value, the card sets, the logs); data/ its
card sets. docs/hbc.md defines its rule ids. It imports nothing of any other game."""
