"""The autotiler's look-up tables hold what its rules give for every mask."""

from tacforge.engine.mapping import autotile as at


def test_the_crossing_table_is_crossing_variant_of_every_pair_of_masks():
    expected = [[at.crossing_variant(road, water) for water in range(256)] for road in range(256)]
    assert at.CROSSING_LUT.tolist() == expected
    assert {1, 2} == set(at.CROSSING_LUT.flatten().tolist())
