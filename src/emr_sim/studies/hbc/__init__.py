"""HBC's designer study (docs/hbc-report.md; scripts/hbc_designer.py runs it).

hbc.designer   what a designer of HBC asks at 2-5 players, each answered by playing
hbc.play       its games: deals once per rotation of the seats, and the seats' logs
"""
