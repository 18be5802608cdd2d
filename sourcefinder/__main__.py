"""`python -m sourcefinder` is the `sourcefinder` command."""

import sys

from sourcefinder.cli import main

sys.exit(main())
