"""What a command shows on stderr while it works: the first run's compile notice (compiling)
and the progress bars of long runs (progress). Nothing here imports numba or the kernels."""
