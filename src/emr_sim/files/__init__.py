"""Files in and out, the one way each: whole-or-nothing writes and their failures in one line
(write), the lock of a directory that a run writes into (lock)."""
