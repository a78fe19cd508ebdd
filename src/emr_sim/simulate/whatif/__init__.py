"""Changes to a run's rules and cards: variants (one grammar for --variant, scans, claims and
the rebalance search) and the deck changes they make (deckchanges)."""
