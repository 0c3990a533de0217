"""python -m engine.cli"""

import sys

from . import main

sys.exit(main())
