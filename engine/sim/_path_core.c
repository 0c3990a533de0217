/* A distance field toward a goal (engine/sim/pathing.py, MovementField._dijkstra), compiled: Dijkstra's algorithm
 * from the goal over the map's eight-neighbour grid, read backwards. The move from a square u into its neighbour v
 * costs the cost to enter v; read backwards from the goal, v leads to u at that cost, so a square that cannot be
 * entered leads nowhere (it still gets the distance of the move out of it). The costs are small whole numbers and
 * the sums are exact in 64-bit integers, so any order of settling gives the same field as scipy's dijkstra over the
 * same graph, which pathing.py keeps as its fallback where this module is not built (and which the tests compare it
 * with). With a limit, only the squares whose distance is at most the limit are written: the others keep the
 * caller's "unreached" value, as scipy leaves them at infinity.
 *
 * Built as _los_core.c is (pyproject.toml ext-modules, make setup, pip wheel), with only the CPython C API and the
 * buffer protocol. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef struct {
    int64_t dist;
    Py_ssize_t square;
} Entry;

/* a binary min-heap of (distance, square), with stale entries skipped when popped */
static void push(Entry *heap, Py_ssize_t *size, int64_t dist, Py_ssize_t square) {
    Py_ssize_t i = (*size)++;
    while (i > 0) {
        Py_ssize_t parent = (i - 1) / 2;
        if (heap[parent].dist <= dist) break;
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i].dist = dist;
    heap[i].square = square;
}

static Entry pop(Entry *heap, Py_ssize_t *size) {
    Entry top = heap[0], last = heap[--(*size)];
    Py_ssize_t i = 0, n = *size;
    while (1) {
        Py_ssize_t child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && heap[child + 1].dist < heap[child].dist) child++;
        if (heap[child].dist >= last.dist) break;
        heap[i] = heap[child];
        i = child;
    }
    if (n > 0) heap[i] = last;
    return top;
}

static PyObject *distance_field(PyObject *self, PyObject *args) {
    PyObject *cost_o, *out_o;
    Py_ssize_t width, height, goal;
    long long impassable;
    int bounded;
    double limit;
    if (!PyArg_ParseTuple(args, "OnnnLpdO", &cost_o, &width, &height, &goal, &impassable, &bounded, &limit, &out_o))
        return NULL;
    Py_buffer cost, out;
    if (PyObject_GetBuffer(cost_o, &cost, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (PyObject_GetBuffer(out_o, &out, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&cost);
        return NULL;
    }
    Py_ssize_t n = width * height;
    if (width <= 0 || height <= 0 || cost.itemsize != 4 || cost.len != 4 * n || out.itemsize != 8 ||
        out.len != 8 * n || goal < 0 || goal >= n) {
        PyBuffer_Release(&cost);
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "distance_field: costs (int32) and out (int64) must hold width x height");
        return NULL;
    }
    /* each square is pushed at most once per neighbour that lowers its distance, and once as the goal */
    int64_t *dist = PyMem_Malloc(sizeof(int64_t) * n);
    Entry *heap = PyMem_Malloc(sizeof(Entry) * (8 * n + 1));
    if (dist == NULL || heap == NULL) {
        PyMem_Free(dist);
        PyMem_Free(heap);
        PyBuffer_Release(&cost);
        PyBuffer_Release(&out);
        return PyErr_NoMemory();
    }
    const int32_t *enter = (const int32_t *)cost.buf;
    int64_t *field = (int64_t *)out.buf;
    static const int dxs[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, dys[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) dist[i] = INT64_MAX;
    Py_ssize_t size = 0;
    dist[goal] = 0;
    push(heap, &size, 0, goal);
    while (size > 0) {
        Entry e = pop(heap, &size);
        Py_ssize_t v = e.square;
        if (e.dist > dist[v]) continue; /* a stale entry: v was settled nearer */
        if (bounded && (double)e.dist > limit) break; /* every square left is farther */
        field[v] = e.dist;
        int64_t step = enter[v];
        if (step >= impassable) continue;
        Py_ssize_t x = v % width, y = v / width;
        for (int k = 0; k < 8; k++) {
            Py_ssize_t ux = x + dxs[k], uy = y + dys[k];
            if (ux < 0 || uy < 0 || ux >= width || uy >= height) continue;
            Py_ssize_t u = uy * width + ux;
            int64_t d = e.dist + step;
            if (d < dist[u]) {
                dist[u] = d;
                push(heap, &size, d, u);
            }
        }
    }
    Py_END_ALLOW_THREADS

    PyMem_Free(dist);
    PyMem_Free(heap);
    PyBuffer_Release(&cost);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"distance_field", distance_field, METH_VARARGS,
     "distance_field(enter_cost, width, height, goal, impassable, bounded, limit, out): the least cost from every "
     "square to the goal (index y * width + x), written into out where it is at most the limit (if bounded)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_path_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__path_core(void) { return PyModule_Create(&module); }
