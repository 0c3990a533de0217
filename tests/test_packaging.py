"""Installed as a package: versions from the distributions' metadata."""

from importlib.metadata import version

from tacforge.engine.cli import main


def test_version_comes_from_the_distribution(capsys):
    try:
        main(["--version"])
    except SystemExit as done:
        assert done.code == 0
    assert capsys.readouterr().out.strip() == f"tacforge {version('tacforge')}"


def test_packs_lists_the_plugins_versions(capsys):
    main(["packs"])
    out = capsys.readouterr().out
    assert f"(tacforge-western {version('tacforge-western')})" in out
    assert f"(tacforge-eastern {version('tacforge-eastern')})" in out
