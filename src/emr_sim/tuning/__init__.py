"""`emr-sim tune`: the greedy's parameters of masters tuned by CMA-ES against a field.

tuning.scoring   candidates scored against the field on common random numbers
tuning.cmaes     one master's vector tuned (CMA-ES from the cma package), with checkpoints
tuning.gain      a tuned vector's gain measured on fresh deals, paired
tuning.rounds    masters tuned in rounds into a tuning directory and a book
"""
