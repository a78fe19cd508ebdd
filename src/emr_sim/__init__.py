"""emr_sim: an exact, fast simulator of 8 Masters' Revenge for balance studies."""

__version__ = "0.1.0"
