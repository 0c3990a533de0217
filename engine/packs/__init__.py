"""Pack discovery, manifests, loading and the merged content registry."""

from .content import Content
from .discovery import PackLocation, discover
from .loader import LoadedPack, PackSet, load_packs

__all__ = ["Content", "PackLocation", "discover", "LoadedPack", "PackSet", "load_packs"]
