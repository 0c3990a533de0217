"""Pack discovery, manifests and loading into the merged content (model.content.Content) each pack sees."""

from .discovery import PackLocation, discover
from .loader import LoadedPack, PackSet, load_packs

__all__ = ["PackLocation", "discover", "LoadedPack", "PackSet", "load_packs"]
