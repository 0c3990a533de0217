# The types of the compiled search (_search_core.c), for mypy.
from typing import Any

from typing_extensions import Buffer

def search(context: tuple[Any, ...], revealed: Buffer | None, unit: Any, reach: int, /) -> list[Any]: ...
def standing_on(context: tuple[Any, ...], square: tuple[int, int], /) -> Any: ...
