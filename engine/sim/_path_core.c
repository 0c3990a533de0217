/* A distance field toward a goal (engine/sim/pathing.py, MovementField._dijkstra), compiled: Dijkstra's algorithm
 * from the goal over the map's eight-neighbour grid, read backwards. The move from a square u into its neighbour v
 * costs the cost to enter v; read backwards from the goal, v leads to u at that cost, so a square that cannot be
 * entered leads nowhere (it still gets the distance of the move out of it). The costs are small whole numbers and
 * the sums are exact in 64-bit integers, so any order of settling gives the same field as scipy's dijkstra over the
 * same graph, which pathing.py keeps as its fallback where this module is not built (and which the tests compare it
 * with). With a limit, only the squares whose distance is at most the limit are written: the others keep the
 * caller's "unreached" value, as scipy leaves them at infinity.
 *
 * The second function, walk, is the step a unit takes on a field (pathing.py, MovementField._cheapest_neighbour,
 * compiled) and the steps after it: each the cheapest neighbour of the one before, ties broken in the same order.
 *
 * Built as _los_core.c is (pyproject.toml ext-modules, make setup, pip wheel), with only the CPython C API and the
 * buffer protocol. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* the eight neighbours in pathing.py's NEIGHBOURS order */
static const int dxs[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, dys[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

typedef struct {
    int64_t dist;
    Py_ssize_t square;
} Entry;

/* The squares waiting to be settled, nearest first, with stale entries skipped when popped. Every step costs a whole
 * number from 0 to the dearest, so a square pushed while the queue pops distance D lies from D to D + dearest: a ring
 * of dearest + 1 buckets, one per distance, holds them all (Dial's algorithm), each bucket a list of entries; a push
 * and a pop cost a few instructions where the binary heap's cost twenty or so. The heap is kept for costs the ring
 * would be too long for (and negative ones). Either settles the same field: the distances are exact. */
#define MOST_BUCKETS 4096

typedef struct {
    Py_ssize_t buckets;            /* the ring's length, or 0: the heap */
    Py_ssize_t size;               /* entries held, stale ones too */
    Entry *heap;                   /* the heap's entries; the ring's, each bucket's last first (square, the next) */
    Py_ssize_t *head, *next, used; /* the ring: each bucket's last entry (-1: none), each entry's next, entries made */
    int64_t at;                    /* the ring: the distance of the bucket at slot */
    Py_ssize_t slot;
} Queue;

static void push(Queue *q, int64_t dist, Py_ssize_t square) {
    if (q->buckets) {
        Py_ssize_t b = q->slot + (Py_ssize_t)(dist - q->at), e = q->used++;
        if (b >= q->buckets) b -= q->buckets;
        q->heap[e].square = square;
        q->next[e] = q->head[b];
        q->head[b] = e;
        q->size++;
        return;
    }
    Entry *heap = q->heap;
    Py_ssize_t i = q->size++;
    while (i > 0) {
        Py_ssize_t parent = (i - 1) / 2;
        if (heap[parent].dist <= dist) break;
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i].dist = dist;
    heap[i].square = square;
}

static Entry pop(Queue *q) {
    Entry top;
    if (q->buckets) {
        while (q->head[q->slot] < 0) {
            q->at++;
            if (++q->slot == q->buckets) q->slot = 0;
        }
        Py_ssize_t e = q->head[q->slot];
        q->head[q->slot] = q->next[e];
        q->size--;
        top.dist = q->at;
        top.square = q->heap[e].square;
        return top;
    }
    Entry *heap = q->heap;
    top = heap[0];
    Entry last = heap[--q->size];
    Py_ssize_t i = 0, n = q->size;
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
    const int32_t *enter = (const int32_t *)cost.buf;
    int64_t *field = (int64_t *)out.buf;
    int64_t dearest = 0, cheapest = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t c = enter[i];
        if (c < impassable) {
            if (c > dearest) dearest = c;
            if (c < cheapest) cheapest = c;
        }
    }
    Queue q = {0};
    if (cheapest >= 0 && dearest < MOST_BUCKETS) q.buckets = (Py_ssize_t)dearest + 1;
    /* each square is pushed at most once per neighbour that lowers its distance, and once as the goal */
    int64_t *dist = PyMem_Malloc(sizeof(int64_t) * n);
    q.heap = PyMem_Malloc(sizeof(Entry) * (8 * n + 1));
    if (q.buckets) {
        q.head = PyMem_Malloc(sizeof(Py_ssize_t) * q.buckets);
        q.next = PyMem_Malloc(sizeof(Py_ssize_t) * (8 * n + 1));
    }
    if (dist == NULL || q.heap == NULL || (q.buckets && (q.head == NULL || q.next == NULL))) {
        PyMem_Free(dist);
        PyMem_Free(q.heap);
        PyMem_Free(q.head);
        PyMem_Free(q.next);
        PyBuffer_Release(&cost);
        PyBuffer_Release(&out);
        return PyErr_NoMemory();
    }
    /* the neighbours as offsets in the grid, for a square not on the map's edge */
    Py_ssize_t offsets[8];
    for (int k = 0; k < 8; k++) offsets[k] = dys[k] * width + dxs[k];

    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) dist[i] = INT64_MAX;
    for (Py_ssize_t b = 0; b < q.buckets; b++) q.head[b] = -1;
    dist[goal] = 0;
    push(&q, 0, goal);
    while (q.size > 0) {
        Entry e = pop(&q);
        Py_ssize_t v = e.square;
        if (e.dist > dist[v]) continue; /* a stale entry: v was settled nearer */
        if (bounded && (double)e.dist > limit) break; /* every square left is farther */
        field[v] = e.dist;
        int64_t step = enter[v];
        if (step >= impassable) continue;
        int64_t d = e.dist + step;
        Py_ssize_t x = v % width, y = v / width;
        if (x > 0 && y > 0 && x < width - 1 && y < height - 1) {
            for (int k = 0; k < 8; k++) {
                Py_ssize_t u = v + offsets[k];
                if (d < dist[u]) {
                    dist[u] = d;
                    push(&q, d, u);
                }
            }
            continue;
        }
        for (int k = 0; k < 8; k++) {
            Py_ssize_t ux = x + dxs[k], uy = y + dys[k];
            if (ux < 0 || uy < 0 || ux >= width || uy >= height) continue;
            Py_ssize_t u = uy * width + ux;
            if (d < dist[u]) {
                dist[u] = d;
                push(&q, d, u);
            }
        }
    }
    Py_END_ALLOW_THREADS

    PyMem_Free(dist);
    PyMem_Free(q.heap);
    PyMem_Free(q.head);
    PyMem_Free(q.next);
    PyBuffer_Release(&cost);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* The cheapest neighbour of (x, y) toward the goal by the field, as pathing.py's _cheapest_neighbour chooses it: the
 * least total (the cost to enter it plus its distance), then the most Chebyshev progress, then the nearest the
 * straight line, then the first in NEIGHBOURS' order; a neighbour whose bit is set in `blocked` (bit k for the k-th
 * of NEIGHBOURS) is passed over. Returns its index, or -1 when no neighbour may be entered. */
static Py_ssize_t cheapest(const int32_t *enter, const int64_t *field, Py_ssize_t width, Py_ssize_t height,
                           Py_ssize_t x, Py_ssize_t y, Py_ssize_t gx, Py_ssize_t gy, int64_t impassable,
                           unsigned blocked, int64_t *total) {
    Py_ssize_t best = -1;
    int64_t best_total = 0, best_cheb = 0, best_d2 = 0;
    for (int k = 0; k < 8; k++) {
        Py_ssize_t nx = x + dxs[k], ny = y + dys[k];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || (blocked >> k) & 1) continue;
        Py_ssize_t u = ny * width + nx;
        int64_t cost = enter[u];
        if (cost >= impassable) continue;
        int64_t t = cost + field[u];
        int64_t ax = gx - nx, ay = gy - ny;
        int64_t d2 = ax * ax + ay * ay;
        if (ax < 0) ax = -ax;
        if (ay < 0) ay = -ay;
        int64_t cheb = ax > ay ? ax : ay;
        if (best < 0 || t < best_total || (t == best_total && (cheb < best_cheb || (cheb == best_cheb && d2 < best_d2)))) {
            best = u;
            best_total = t;
            best_cheb = cheb;
            best_d2 = d2;
        }
    }
    *total = best_total;
    return best;
}

static PyObject *walk(PyObject *self, PyObject *args) {
    PyObject *cost_o, *field_o;
    Py_ssize_t width, height, x, y, gx, gy, max_steps;
    long long impassable, bound;
    unsigned int blocked;
    if (!PyArg_ParseTuple(args, "OOnnnnnnLILn", &cost_o, &field_o, &width, &height, &x, &y, &gx, &gy, &impassable,
                          &blocked, &bound, &max_steps))
        return NULL;
    Py_buffer cost, fbuf;
    if (PyObject_GetBuffer(cost_o, &cost, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (PyObject_GetBuffer(field_o, &fbuf, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&cost);
        return NULL;
    }
    Py_ssize_t n = width * height;
    if (width <= 0 || height <= 0 || cost.itemsize != 4 || cost.len != 4 * n || fbuf.itemsize != 8 ||
        fbuf.len != 8 * n || x < 0 || y < 0 || x >= width || y >= height) {
        PyBuffer_Release(&cost);
        PyBuffer_Release(&fbuf);
        PyErr_SetString(PyExc_ValueError, "walk: costs (int32) and field (int64) must hold width x height, and the "
                                          "square lie on it");
        return NULL;
    }
    const int32_t *enter = (const int32_t *)cost.buf;
    const int64_t *field = (const int64_t *)fbuf.buf;
    PyObject *steps = PyList_New(0), *first = NULL, *result = NULL;
    if (steps == NULL) goto done;
    int64_t total;
    Py_ssize_t u = cheapest(enter, field, width, height, x, y, gx, gy, impassable, blocked, &total);
    if (u < 0) {
        first = Py_NewRef(Py_None);
    } else {
        first = PyLong_FromLongLong(total);
        if (first == NULL) goto done;
    }
    /* each step after the first is asked without blocked squares, as the unit asks on the square it entered */
    while (u >= 0 && total <= bound && PyList_GET_SIZE(steps) < max_steps) {
        x = u % width;
        y = u / width;
        PyObject *square = Py_BuildValue("(nn)", x, y);
        if (square == NULL || PyList_Append(steps, square) < 0) {
            Py_XDECREF(square);
            goto done;
        }
        Py_DECREF(square);
        if (x == gx && y == gy) break;
        u = cheapest(enter, field, width, height, x, y, gx, gy, impassable, 0, &total);
    }
    result = PyTuple_Pack(2, first, steps);
done:
    Py_XDECREF(first);
    Py_XDECREF(steps);
    PyBuffer_Release(&cost);
    PyBuffer_Release(&fbuf);
    return result;
}

static PyMethodDef methods[] = {
    {"distance_field", distance_field, METH_VARARGS,
     "distance_field(enter_cost, width, height, goal, impassable, bounded, limit, out): the least cost from every "
     "square to the goal (index y * width + x), written into out where it is at most the limit (if bounded)."},
    {"walk", walk, METH_VARARGS,
     "walk(enter_cost, field, width, height, x, y, goal_x, goal_y, impassable, blocked, bound, max_steps): "
     "(the total of the cheapest step from (x, y), or None if no neighbour may be entered; the squares of the "
     "steps from it, each the cheapest from the one before, while their totals are at most bound, up to the goal "
     "or max_steps). blocked: a bit per neighbour the first step may not enter."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_path_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__path_core(void) { return PyModule_Create(&module); }
