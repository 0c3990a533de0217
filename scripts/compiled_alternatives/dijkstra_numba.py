"""The distance field of engine/sim/_path_core.c written for numba (docs/architecture.md 8.1, "the alternatives
measured"): the same Dijkstra, heap and neighbour order, so it gives the same field. Measured, not used by tacforge."""

import numpy as np
from numba import njit

DXS = np.array([-1, 0, 1, -1, 1, -1, 0, 1], dtype=np.int64)
DYS = np.array([-1, -1, -1, 0, 0, 1, 1, 1], dtype=np.int64)


def make(cache: bool):
    @njit(cache=cache, nogil=True)
    def distance_field(enter, width, height, goal, impassable, bounded, limit, field, dxs, dys):
        n = width * height
        dist = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
        heap_d = np.empty(8 * n + 1, dtype=np.int64)
        heap_s = np.empty(8 * n + 1, dtype=np.int64)
        size = 0
        dist[goal] = 0
        heap_d[0] = 0
        heap_s[0] = goal
        size = 1
        while size > 0:
            top_d, top_s = heap_d[0], heap_s[0]
            size -= 1
            last_d, last_s = heap_d[size], heap_s[size]
            i = 0
            while True:
                child = 2 * i + 1
                if child >= size:
                    break
                if child + 1 < size and heap_d[child + 1] < heap_d[child]:
                    child += 1
                if heap_d[child] >= last_d:
                    break
                heap_d[i] = heap_d[child]
                heap_s[i] = heap_s[child]
                i = child
            if size > 0:
                heap_d[i] = last_d
                heap_s[i] = last_s
            v = top_s
            if top_d > dist[v]:
                continue
            if bounded and top_d > limit:
                break
            field[v] = top_d
            step = np.int64(enter[v])
            if step >= impassable:
                continue
            x = v % width
            y = v // width
            for k in range(8):
                ux = x + dxs[k]
                uy = y + dys[k]
                if ux < 0 or uy < 0 or ux >= width or uy >= height:
                    continue
                u = uy * width + ux
                d = top_d + step
                if d < dist[u]:
                    dist[u] = d
                    j = size
                    size += 1
                    while j > 0:
                        parent = (j - 1) // 2
                        if heap_d[parent] <= d:
                            break
                        heap_d[j] = heap_d[parent]
                        heap_s[j] = heap_s[parent]
                        j = parent
                    heap_d[j] = d
                    heap_s[j] = u

    return distance_field
