"""`python -m sandbox`: run the sandbox (see `sandbox.main`)."""

import sys

from sandbox.main import main

sys.exit(main())
