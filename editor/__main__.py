"""python -m tacforge.editor"""

import sys

from .launch import main

sys.exit(main())
