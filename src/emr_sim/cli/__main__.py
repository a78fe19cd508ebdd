"""`python -m emr_sim.cli ...`: the same as `emr-sim ...`."""

import sys

from emr_sim.cli import main

sys.exit(main())
