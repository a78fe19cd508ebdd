"""Applications on top of the package: tui/ is the play app (`emr-sim tui`, docs/play.md)."""
