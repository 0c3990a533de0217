"""engine/distributions.py: tacforge's version and the pack plugins' entry points, taken from the cache folder only
while what importlib.metadata reads is unchanged, and otherwise asked again."""

from __future__ import annotations

import json
import sys

import pytest

from tacforge.engine import distributions as installed_module
from tacforge.engine.distributions import PluginEntry, ask_importlib_metadata, installation_key, installed


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "installed.json"


def _fake_distribution(site, name: str, version: str, entry_points: str) -> None:
    dist = site / f"{name}-{version}.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (dist / "entry_points.txt").write_text(entry_points)


def _spy_on_importlib_metadata(monkeypatch) -> list[int]:
    asked = []
    real = installed_module.ask_importlib_metadata

    def spy():
        asked.append(1)
        return real()

    monkeypatch.setattr(installed_module, "ask_importlib_metadata", spy)
    return asked


def test_the_cached_answer_is_importlib_metadatas(cache, monkeypatch):
    asked = _spy_on_importlib_metadata(monkeypatch)
    first = installed()
    assert cache.is_file() and asked == [1]
    assert installed() == first == ask_importlib_metadata() and asked == [1]  # the second from the file
    assert {e.name for e in first.plugins} >= {"western", "eastern"}
    from importlib.metadata import version

    assert first.version == version("tacforge")


def test_a_distribution_installed_or_rewritten_is_seen(cache, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    before = installed()
    _fake_distribution(site, "extra_packs", "1.0", "[tacforge.packs]\nextra = extra_packs:pack\n")
    after = installed()
    assert PluginEntry("extra", "extra_packs:pack", "extra_packs", "1.0") in after.plugins
    assert after.plugins != before.plugins
    # the same folder rewritten in place (another entry point, another version): the file's size and time change
    _fake_distribution(
        site, "extra_packs", "1.0", "[tacforge.packs]\nextra = extra_packs:pack\nmore = extra_packs:more\n"
    )
    assert PluginEntry("more", "extra_packs:more", "extra_packs", "1.0") in installed().plugins
    assert installed() == ask_importlib_metadata()


def test_a_damaged_cache_file_is_a_miss(cache, monkeypatch):
    asked = _spy_on_importlib_metadata(monkeypatch)
    cache.parent.mkdir(parents=True)
    key = installation_key()
    for damaged in (
        "not json",
        "[1, 2]",
        json.dumps({key: [7, "x"]}),
        json.dumps({key: 3}),
        json.dumps({key: ["1.0", [["a", "b:c", 5, None]]]}),
    ):
        cache.write_text(damaged)
        assert installed() == ask_importlib_metadata()
    assert len(asked) == 5


def test_a_finder_the_key_cannot_see_always_asks(cache, monkeypatch):
    class DistributionFinder:
        @staticmethod
        def find_distributions(context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, DistributionFinder])
    assert installation_key() is None
    asked = _spy_on_importlib_metadata(monkeypatch)
    installed()
    installed()
    assert asked == [1, 1] and not cache.exists()


def test_the_importlib_metadata_backports_finder_reads_what_the_key_covers(cache):
    """dask imports the importlib_metadata backport, which puts its copy of the path finder on sys.meta_path: the
    cache stays in use there, and its answer is still importlib.metadata's."""
    backport = pytest.importorskip("importlib_metadata")
    assert any(isinstance(f, backport.MetadataPathFinder) for f in sys.meta_path)
    assert installation_key() is not None
    assert installed() == installed() == ask_importlib_metadata()
