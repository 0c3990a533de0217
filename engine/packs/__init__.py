"""Pack discovery, manifests and loading into the merged content (model.content.Content) each pack sees."""

from .discovery import PackLocation, discover
from .loaded_pack import LoadedPack
from .loader import load_packs
from .pack_set import PackSet

__all__ = ["PackLocation", "discover", "LoadedPack", "PackSet", "load_packs"]
