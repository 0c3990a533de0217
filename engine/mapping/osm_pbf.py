"""What the bounded reading (osm_bounded) needs from an OpenStreetMap extract, decoded in bulk: the nodes'
locations a block at a time as numpy arrays (ids, lon, lat), and the ways with a given key, each with its node ids
as an array. A regional extract holds millions of nodes and node references, and a Python object each through
pyosmium would cost seconds (about 4 microseconds a node, 1.5 a way's node reference).

A PBF file is decoded here with numpy straight from its blocks (the format is documented on the OpenStreetMap wiki
as "PBF Format"): each block is inflated with zlib, and the packed, delta-coded varints of its dense nodes and of
its ways' node lists are decoded as whole arrays. Coordinates are rounded as osmium rounds them (to 1e-7 degrees),
so a location read here is the one osmium gives for the same node. A file this cannot decode (XML, or blocks
compressed other than with zlib) is read through osmium instead, object by object.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from .georef import require_gis
from .osm_features import OsmReadError

# (ids int64, lon float64, lat float64, tags_of, blob): tags_of(indices) gives (index, tags) of those nodes with
# tags; blob the number of the file's data blob they came from (-1 when osmium read them)
Block = tuple[np.ndarray, np.ndarray, np.ndarray, Callable[[np.ndarray], list[tuple[int, dict[str, str]]]], int]
Tagged = tuple[float, float, dict[str, str]]  # (lon, lat, tags) of a chosen node with tags


class Nodes(NamedTuple):
    ids: np.ndarray
    lon: np.ndarray
    lat: np.ndarray
    in_file: int  # nodes the file holds
    tagged: list[Tagged]  # the chosen nodes with tags, when asked for
    spans: dict[int, tuple[int, int]]  # data blob number -> the least and greatest node id in it (PBF only)


BATCH = 8000  # nodes a block of the fallback reading (a PBF block holds 8000)


class _Undecodable(Exception):
    """A PBF this module does not decode (another compression): osmium reads it instead."""


DAMAGED = (_Undecodable, IndexError, ValueError, zlib.error)


def decodable(path: Path) -> bool:
    """True for a PBF file whose blocks are raw or zlib-compressed (what osmium and Geofabrik write)."""
    if not path.name.endswith(".pbf"):
        return False
    try:
        for _, kind, blob in _blobs(path):
            if kind == b"OSMData":
                _inflate(blob)  # (the first data blob: a file is written with one compression throughout)
                return True
    except DAMAGED:
        return False  # (osmium then reads it, or says what is wrong with it)
    return False


def select_nodes(path: Path, select, tagged: bool = False, among: tuple[np.ndarray, dict] | None = None) -> Nodes:
    """The nodes for which `select(ids, lon, lat)` (a boolean array) is true. `among`: (sorted ids, the spans of an
    earlier reading of the file): only the data blobs whose span holds one of those ids are read."""
    if not decodable(path):
        return _selected(_osmium_blocks(path), select, tagged)
    wanted = None
    if among is not None:
        ids, spans = among
        wanted = {
            number
            for number, (low, high) in spans.items()
            if np.searchsorted(ids, low) < np.searchsorted(ids, high, side="right")
        }.__contains__
    try:
        return _selected(_pbf_blocks(path, wanted), select, tagged)
    except DAMAGED as exc:
        raise OsmReadError(f"{path}: a damaged PBF block ({exc}); download the extract again") from None


def _selected(blocks, select, tagged: bool) -> Nodes:
    kept: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    with_tags: list[Tagged] = []
    spans: dict[int, tuple[int, int]] = {}
    total = 0
    for ids, lon, lat, tags_of, blob in blocks:
        total += len(ids)
        if blob >= 0 and len(ids):
            low, high = spans.get(blob, (int(ids.min()), int(ids.max())))
            spans[blob] = (min(low, int(ids.min())), max(high, int(ids.max())))
        chosen = select(ids, lon, lat)
        if chosen.any():
            kept.append((ids[chosen], lon[chosen], lat[chosen]))
            if tagged:
                with_tags += [(float(lon[i]), float(lat[i]), tags) for i, tags in tags_of(np.flatnonzero(chosen))]
    if not kept:
        return Nodes(np.zeros(0, np.int64), np.zeros(0), np.zeros(0), total, with_tags, spans)
    ids, lon, lat = (np.concatenate([block[i] for block in kept]) for i in range(3))
    return Nodes(ids, lon, lat, total, with_tags, spans)


def _osmium_blocks(path: Path) -> Iterator[Block]:
    osmium = require_gis("osmium")
    ids: list[int] = []
    lons: list[float] = []
    lats: list[float] = []
    tags: dict[int, dict[str, str]] = {}
    for node in osmium.FileProcessor(str(path), osmium.osm.NODE):
        loc = node.location
        if not loc.valid():
            continue
        if len(node.tags):
            tags[len(ids)] = dict(node.tags)
        ids.append(node.id)
        lons.append(loc.lon)
        lats.append(loc.lat)
        if len(ids) >= BATCH:
            yield np.array(ids, np.int64), np.array(lons), np.array(lats), _tags_from(tags), -1
            ids, lons, lats, tags = [], [], [], {}
    if ids:
        yield np.array(ids, np.int64), np.array(lons), np.array(lats), _tags_from(tags), -1


def _tags_from(tags: dict[int, dict[str, str]]):
    return lambda indices: [(int(i), tags[int(i)]) for i in indices if int(i) in tags]


# -- PBF -----------------------------------------------------------------------------------------------------------
def _blobs(path: Path, wanted: Callable[[int], bool] | None = None) -> Iterator[tuple[int, bytes, bytes]]:
    """(number, type, blob message) of each blob of the file: a 4-byte big-endian length, a BlobHeader, the Blob.
    The data blobs are numbered from 0; those not `wanted` are passed over unread."""
    number = -1
    with open(path, "rb") as stream:
        while True:
            size = stream.read(4)
            if len(size) < 4:
                return
            header = stream.read(int.from_bytes(size, "big"))
            kind, length = b"", 0
            for field, value in _fields(header):
                if field == 1:
                    kind = bytes(value)
                elif field == 3:
                    length = value
            if kind == b"OSMData":
                number += 1
                if wanted is not None and not wanted(number):
                    stream.seek(length, 1)
                    continue
            yield number, kind, stream.read(length)


def _inflate(blob: bytes) -> memoryview:
    for number, value in _fields(blob):
        if number == 1:
            return value
        if number == 3:
            return memoryview(zlib.decompress(value))
    raise _Undecodable


def _blocks(path: Path, wanted: Callable[[int], bool] | None = None) -> Iterator[dict[str, Any]]:
    """Each (wanted) data block's number, string table, primitive groups and coordinate scale."""
    for blob_number, kind, blob in _blobs(path, wanted):
        if kind != b"OSMData":
            continue
        block: dict[str, Any] = {"strings": b"", "groups": [], "granularity": 100, "lat_offset": 0, "lon_offset": 0}
        block["number"] = blob_number
        for number, value in _fields(_inflate(blob)):
            if number == 1:
                block["strings"] = value
            elif number == 2:
                block["groups"].append(value)
            elif number == 17:
                block["granularity"] = value
            elif number == 19:
                block["lat_offset"] = _signed(value)
            elif number == 20:
                block["lon_offset"] = _signed(value)
        yield block


def _pbf_blocks(path: Path, wanted: Callable[[int], bool] | None = None) -> Iterator[Block]:
    for block in _blocks(path, wanted):
        granularity, lat_offset, lon_offset = block["granularity"], block["lat_offset"], block["lon_offset"]
        for group in block["groups"]:
            found = _group_nodes(group)
            if found is None:
                continue
            ids, lat, lon, keys_values = found
            tags_of = _tags_of(keys_values, block["strings"])
            lon, lat = _degrees(lon, granularity, lon_offset), _degrees(lat, granularity, lat_offset)
            yield ids, lon, lat, tags_of, block["number"]


def _tags_of(keys_values, strings: memoryview):
    """tags_of for a group's nodes: `keys_values` their keys and values, string-table indices in pairs, each node's
    ended by a 0: packed varints (dense nodes) or a list (plain nodes)."""

    def tags_of(indices: np.ndarray) -> list[tuple[int, dict[str, str]]]:
        if keys_values is None or len(keys_values) == 0:
            return []
        values = np.asarray(keys_values if isinstance(keys_values, list) else _varints(keys_values), np.int64)
        ends = np.flatnonzero(values == 0)
        starts = np.concatenate([[0], ends[:-1] + 1])
        indices = indices[indices < len(ends)]
        indices = indices[ends[indices] > starts[indices]]
        if not len(indices):
            return []
        table = [bytes(value).decode("utf-8") for _, value in _fields(strings)]
        out = []
        for i in indices.tolist():
            pairs = values[starts[i] : ends[i]].tolist()
            out.append((i, {table[k]: table[v] for k, v in zip(pairs[0::2], pairs[1::2], strict=True)}))
        return out

    return tags_of


def _group_nodes(group: memoryview):
    """(ids, raw lat, raw lon, keys and values, see _tags_of) of a primitive group's nodes, dense or not; None for a
    group of ways or relations (a group holds one kind of object only)."""
    dense, plain = None, []
    for number, value in _fields(group):
        if number == 2:
            dense = value
        elif number == 1:
            plain.append(value)
        else:
            return None
    if dense is not None:
        arrays = {number: value for number, value in _fields(dense) if number in (1, 8, 9, 10)}
        if 1 not in arrays:
            return None
        ids, lat, lon = (np.cumsum(_zigzag(_varints(arrays.get(n, b"")))) for n in (1, 8, 9))
        return ids, lat, lon, arrays.get(10)
    if not plain:
        return None
    rows, keys_values = [], []
    for message in plain:  # (a Python loop: few writers make plain nodes)
        values = {number: value for number, value in _fields(message) if number in (1, 2, 3, 8, 9)}
        rows.append([_unzigzag(values.get(n, 0)) for n in (1, 8, 9)])
        for key, value in zip(_small_varints(values.get(2, b"")), _small_varints(values.get(3, b"")), strict=False):
            keys_values += [key, value]
        keys_values.append(0)
    table = np.array(rows, np.int64)
    return table[:, 0], table[:, 1], table[:, 2], keys_values


Way = tuple[int, dict[str, str], np.ndarray]  # (id, tags, node ids)


def pbf_ways(path: Path, keys: frozenset[str], ids: set[int]) -> Iterator[Way]:
    """The ways of a decodable PBF (see `decodable`) with one of `keys` or an id in `ids`, in the file's order."""
    try:
        for block in _blocks(path):
            strings: list[str] | None = None
            wanted: set[int] = set()
            for group in block["groups"]:
                if strings is None and _first_field(group) == 3:
                    strings = [bytes(value).decode("utf-8") for number, value in _fields(block["strings"])]
                    wanted = {i for i, text in enumerate(strings) if text in keys}
                if strings is not None and _first_field(group) == 3:
                    yield from _group_ways(group, strings, wanted, ids)
    except DAMAGED as exc:
        raise OsmReadError(f"{path}: a damaged PBF block ({exc}); download the extract again") from None


def pbf_relations(path: Path) -> Iterator[tuple[int, dict[str, str], list[int]]]:
    """(id, tags, member way ids) of each relation of a decodable PBF, in the file's order (a Python loop: an
    extract holds a hundred times fewer relations than ways)."""
    try:
        for block in _blocks(path):
            strings: list[str] | None = None
            for group in block["groups"]:
                if _first_field(group) != 4:
                    continue
                if strings is None:
                    strings = [bytes(value).decode("utf-8") for number, value in _fields(block["strings"])]
                for number, relation in _fields(group):
                    if number == 4:
                        yield _relation(relation, strings)
    except DAMAGED as exc:
        raise OsmReadError(f"{path}: a damaged PBF block ({exc}); download the extract again") from None


def _relation(message, strings: list[str]) -> tuple[int, dict[str, str], list[int]]:
    parts = {number: value for number, value in _fields(message)}
    keys, values = _small_varints(parts.get(2, b"")), _small_varints(parts.get(3, b""))
    tags = {strings[k]: strings[v] for k, v in zip(keys, values, strict=False)}
    members = np.cumsum(_zigzag(_varints(parts.get(9, b""))))  # (delta-coded ids)
    kinds = _small_varints(parts.get(10, b""))  # 0 node, 1 way, 2 relation
    return parts.get(1, 0), tags, [int(ref) for ref, kind in zip(members, kinds, strict=False) if kind == 1]


def _first_field(message) -> int:
    return _varint(memoryview(message), 0)[0] >> 3 if len(message) else 0


def _group_ways(group, strings: list[str], wanted: set[int], ids: set[int]) -> Iterator[Way]:
    chosen: list[tuple[int, dict[str, str]]] = []
    packed: list[bytes] = []
    size = 0
    for number, way in _fields(group):
        if number != 3:
            continue
        way_id, keys, values, refs = _way_parts(way)
        key_ids = _small_varints(keys)
        if way_id not in ids and not wanted.intersection(key_ids):
            continue
        tags = {strings[k]: strings[v] for k, v in zip(key_ids, _small_varints(values), strict=False)}
        chosen.append((way_id, tags))
        packed.append(bytes(refs))
        size += len(refs)
        if size >= PACKED_BYTES:
            yield from _decoded(chosen, packed)
            chosen, packed, size = [], [], 0
    yield from _decoded(chosen, packed)


def _way_parts(view: memoryview) -> tuple[int, memoryview, memoryview, memoryview]:
    """(id, keys, values, packed node ids) of a Way message; `_fields` written out for the one message read
    millions of times (a field's key and a short length are one byte each)."""
    way_id, parts = 0, {2: memoryview(b""), 3: memoryview(b""), 8: memoryview(b"")}
    at, end = 0, len(view)
    while at < end:
        key = view[at]
        if key >= 0x80:
            raise _Undecodable  # (a Way's fields are numbered below 16)
        at += 1
        if key & 7 == 0:
            value, at = _varint(view, at)
            if key == 8:
                way_id = value
        elif key & 7 == 2:
            length = view[at]
            if length < 0x80:
                at += 1
            else:
                length, at = _varint(view, at)
            parts[key >> 3] = view[at : at + length]
            at += length
        else:
            raise _Undecodable
    return way_id, parts[2], parts[3], parts[8]


# bytes of packed node ids decoded at once: the arrays of the decoding are a few times this (a block of long ways
# holds millions of node ids)
PACKED_BYTES = 1 << 16


def _decoded(chosen: list[tuple[int, dict[str, str]]], packed: list[bytes]) -> Iterator[Way]:
    """Each way's node ids from its packed, delta-coded varints: all the ways' varints decoded as one array."""
    if not chosen:
        return
    raw = np.frombuffer(b"".join(packed), np.uint8)
    ended = np.concatenate([[0], np.cumsum(raw < 0x80)])  # varints ended before each byte
    counts = np.diff(ended[np.concatenate([[0], np.cumsum([len(p) for p in packed])])])
    total = np.cumsum(_zigzag(_varints(raw)))
    first = np.cumsum(counts) - counts
    refs = total - np.repeat(np.concatenate([[0], total])[first], counts)  # (the delta coding starts again each way)
    for (way_id, tags), at, count in zip(chosen, first, counts, strict=True):
        yield way_id, tags, refs[at : at + count]


def _small_varints(data) -> list[int]:
    """The few varints of a way's keys or values (a Python loop: an array call costs more for a handful)."""
    raw = bytes(data)
    if raw.isascii():  # every byte below 128: each a varint of its own
        return list(raw)
    view = memoryview(raw)
    out, at = [], 0
    while at < len(view):
        value, at = _varint(view, at)
        out.append(value)
    return out


def _degrees(raw: np.ndarray, granularity: int, offset: int) -> np.ndarray:
    """Degrees as osmium stores them: nanodegrees (offset + granularity x value) to 1e-7 degrees, truncated."""
    nano = raw * granularity + offset
    fixed = np.sign(nano) * (np.abs(nano) // 100)
    return fixed / 10_000_000


def _signed(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


def _unzigzag(value: int) -> int:
    return (value >> 1) ^ -(value & 1)


def _zigzag(values: np.ndarray) -> np.ndarray:
    return (values >> np.uint64(1)).astype(np.int64) ^ -(values & np.uint64(1)).astype(np.int64)


def _varints(data) -> np.ndarray:
    """The unsigned varints packed in `data`, all at once: each byte's 7 bits shifted by its place in its varint."""
    raw = np.frombuffer(data, np.uint8)
    if raw.size == 0:
        return np.zeros(0, np.uint64)
    last = np.flatnonzero(raw < 0x80)
    first = np.empty_like(last)
    first[0] = 0
    first[1:] = last[:-1] + 1
    place = np.arange(raw.size) - np.repeat(first, last - first + 1)
    bits = (raw & 0x7F).astype(np.uint64) << (place * 7).astype(np.uint64)
    return np.add.reduceat(bits, first)


def _fields(message) -> Iterator[tuple[int, Any]]:
    """(field number, value) of a protobuf message: an int for a varint, a memoryview for a length-delimited field."""
    view = memoryview(message)
    at, end = 0, len(view)
    while at < end:
        key, at = _varint(view, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(view, at)
            yield number, value
        elif wire == 2:
            length, at = _varint(view, at)
            yield number, view[at : at + length]
            at += length
        elif wire == 1:
            at += 8
        elif wire == 5:
            at += 4
        else:
            raise _Undecodable


def _varint(view: memoryview, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = view[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7
