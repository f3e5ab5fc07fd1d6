"""`python -m sandbox`: run the sandbox (see `sandbox.main`)."""

import sys

from sandbox.main import main

if __name__ == "__main__":
    sys.exit(main())
