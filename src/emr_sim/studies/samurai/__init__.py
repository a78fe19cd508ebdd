"""Samurai Sword's designer study (docs/samurai.md; scripts/samurai_study.py runs it).

samurai.play   its games on this process's threads, as frames per seat and per game
"""
