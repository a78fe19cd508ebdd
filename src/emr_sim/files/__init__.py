"""Files in and out, the one way each (docs/files.md): every input read as a regular file under
a cap, JSON bounded (read); whole-or-nothing writes and their failures in one line (write); the
lock every kind of run directory is taken with (lock.claim_dir); output directories and files
made or checked before the work (outdir)."""
