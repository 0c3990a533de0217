# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The distance field of engine/sim/_path_core.c written for Cython (docs/architecture.md 8.1, "the alternatives
measured"): the same Dijkstra, heap and neighbour order, so it gives the same field. Measured, not used by tacforge."""

from libc.stdint cimport int32_t, int64_t, INT64_MAX
from libc.stdlib cimport malloc, free

cdef int DXS[8]
cdef int DYS[8]
DXS[:] = [-1, 0, 1, -1, 1, -1, 0, 1]
DYS[:] = [-1, -1, -1, 0, 0, 1, 1, 1]


def distance_field(const int32_t[::1] enter, Py_ssize_t width, Py_ssize_t height, Py_ssize_t goal,
                   int64_t impassable, bint bounded, double limit, int64_t[::1] field):
    cdef Py_ssize_t n = width * height, size = 0, i, child, j, parent, v, x, y, ux, uy, u
    cdef int k
    cdef int64_t top_d, last_d, d, step
    cdef Py_ssize_t top_s, last_s
    cdef int64_t *dist = <int64_t *>malloc(sizeof(int64_t) * n)
    cdef int64_t *heap_d = <int64_t *>malloc(sizeof(int64_t) * (8 * n + 1))
    cdef Py_ssize_t *heap_s = <Py_ssize_t *>malloc(sizeof(Py_ssize_t) * (8 * n + 1))
    with nogil:
        for i in range(n):
            dist[i] = INT64_MAX
        dist[goal] = 0
        heap_d[0] = 0
        heap_s[0] = goal
        size = 1
        while size > 0:
            top_d = heap_d[0]
            top_s = heap_s[0]
            size -= 1
            last_d = heap_d[size]
            last_s = heap_s[size]
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
            if bounded and <double>top_d > limit:
                break
            field[v] = top_d
            step = enter[v]
            if step >= impassable:
                continue
            x = v % width
            y = v // width
            for k in range(8):
                ux = x + DXS[k]
                uy = y + DYS[k]
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
    free(dist)
    free(heap_d)
    free(heap_s)
