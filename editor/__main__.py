"""python -m editor"""

import sys

from .app import main

sys.exit(main())
