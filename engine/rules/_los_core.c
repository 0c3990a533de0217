/* The viewshed's inner loop (engine/rules/los.py, _compute), compiled: the same gathers, add and masks as the NumPy
 * path, fused into one pass per target, so that no temporary array is made and each target's words are fetched,
 * tested and written while in cache. The encodings and index tables are los.py's, unchanged; this file decides
 * nothing about the rules. los.py checks every offset's range before calling (the tables are built once per map
 * size and radius, so that costs nothing per call), and falls back to NumPy when this module is not built.
 * The second function, pair_los, is has_los (los.py's reference implementation) for one pair of squares, the same
 * path and integer tests in the same order, for the battle's line of sight between two units (los.sees_pair, which
 * falls back to has_los); tests/test_los.py holds the two equal.
 *
 * Built by `make setup` (pip install -e .) and into the wheel by setuptools (pyproject.toml, ext-modules); only the
 * CPython C API and the buffer protocol are used, so no NumPy headers are needed to build it. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

static int get(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t itemsize, const char *what) {
    if (PyObject_GetBuffer(obj, view, writable ? PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS : PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->itemsize != itemsize) {
        PyErr_Format(PyExc_TypeError, "%s: items of %zd bytes expected, got %zd", what, itemsize, view->itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *viewshed_core(PyObject *self, PyObject *args) {
    PyObject *codes_o, *layers_o, *index_o, *limits_o, *place_o, *reach_o, *out_o;
    Py_ssize_t start, out_origin;
    unsigned long long weights_mask, sum_mult, fails_mask, pass_limit;
    int count_between;
    if (!PyArg_ParseTuple(args, "OOnOOOOpOnKKKK", &codes_o, &layers_o, &start, &index_o, &limits_o, &place_o,
                          &reach_o, &count_between, &out_o, &out_origin, &weights_mask, &sum_mult, &fails_mask,
                          &pass_limit))
        return NULL;
    /* the masks and the count limit are los.py's (_WEIGHTS, _SUM, _FAILS, _PASS), passed in so that the two never
     * disagree */
    Py_buffer codes, layers, index, limits, place, reach, out;
    Py_buffer *held[7] = {&codes, &layers, &index, &limits, &place, &reach, &out};
    int got = 0;
    if (get(codes_o, &codes, 0, 4, "codes") < 0) goto fail;
    got++;
    if (get(layers_o, &layers, 0, 8, "layers") < 0) goto fail;
    got++;
    if (get(index_o, &index, 0, 8, "index") < 0) goto fail;
    got++;
    if (get(limits_o, &limits, 0, 8, "limits") < 0) goto fail;
    got++;
    if (get(place_o, &place, 0, 8, "place") < 0) goto fail;
    got++;
    if (get(reach_o, &reach, 0, 8, "reach") < 0) goto fail;
    got++;
    if (get(out_o, &out, 1, 1, "out") < 0) goto fail;
    got++;

    const uint32_t *code = (const uint32_t *)codes.buf + start;
    const uint64_t *layer = (const uint64_t *)layers.buf + start;
    const int64_t *idx = (const int64_t *)index.buf;
    const int64_t *lim = (const int64_t *)limits.buf;
    const int64_t *where = (const int64_t *)place.buf;
    const int64_t *reaches = (const int64_t *)reach.buf;
    uint8_t *seen = (uint8_t *)out.buf + out_origin;
    Py_ssize_t pairs = reach.len / 8, count = place.len / 8;
    /* where each pair's words and limits start in index and limits: pair j holds reach[j] targets */
    Py_ssize_t word_base[64], limit_base[64], total = 0;
    if (pairs > 64 || pairs < 1 || reaches[0] != count) {
        PyErr_SetString(PyExc_ValueError, "viewshed_core: the reach table does not match the targets");
        goto fail;
    }
    for (Py_ssize_t j = 0; j < pairs; j++) {
        word_base[j] = 2 * total;
        limit_base[j] = total;
        total += reaches[j];
    }
    const int64_t *count_limit = lim + total;

    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t t = 0; t < count; t++) {
        uint64_t fails = 0, counts = 0;
        for (Py_ssize_t j = 0; j < pairs && t < reaches[j]; j++) {
            const int64_t *w = idx + word_base[j] + 2 * t;
            uint32_t pair[2] = {code[w[0]], code[w[1]]};
            uint64_t word;
            memcpy(&word, pair, 8); /* as NumPy's view of two uint32 as one uint64, in the machine's byte order */
            word += layer[lim[limit_base[j] + t]];
            fails |= word;
            counts += word & weights_mask;
        }
        counts *= sum_mult;
        uint64_t allowed = count_between ? pass_limit : layer[count_limit[t]];
        seen[where[t]] = (counts <= allowed) && !(fails & fails_mask);
    }
    Py_END_ALLOW_THREADS

    for (int i = 0; i < got; i++) PyBuffer_Release(held[i]);
    Py_RETURN_NONE;
fail:
    for (int i = 0; i < got; i++) PyBuffer_Release(held[i]);
    return NULL;
}

/* floor division, as Python's // (the numerators can be negative) */
static long floor_div(long a, long b) {
    long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* has_los(grid, a, b, operator, math.inf) (los.py, the reference implementation), for one pair of squares: the same
 * path (line_squares) and the same integer tests, in the same order. The battle asks it for each pair of squares
 * its searches meet for the first time (Battle.sees). */
static PyObject *pair_los(PyObject *self, PyObject *args) {
    PyObject *level_o, *obstacle_o, *kind_o, *weight_o;
    Py_ssize_t width, height;
    long ax, ay, bx, by, e, count_blocks;
    int count_between;
    if (!PyArg_ParseTuple(args, "OOOOnnllllllp", &level_o, &obstacle_o, &kind_o, &weight_o, &width, &height, &ax,
                          &ay, &bx, &by, &e, &count_blocks, &count_between))
        return NULL;
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= width || bx >= width || ay >= height || by >= height) {
        PyErr_SetString(PyExc_ValueError, "pair_los: a square outside the map");
        return NULL;
    }
    Py_buffer level, obstacle, kind, weight;
    Py_buffer *held[4] = {&level, &obstacle, &kind, &weight};
    int got = 0;
    if (get(level_o, &level, 0, 1, "level") < 0) goto fail;
    got++;
    if (get(obstacle_o, &obstacle, 0, 1, "obstacle") < 0) goto fail;
    got++;
    if (get(kind_o, &kind, 0, 1, "los_kind") < 0) goto fail;
    got++;
    if (get(weight_o, &weight, 0, 1, "weights") < 0) goto fail;
    got++;
    if (level.len != width * height || obstacle.len != width * height || kind.len != width * height) {
        PyErr_SetString(PyExc_ValueError, "pair_los: the grids must hold width x height int8");
        goto fail;
    }
    const int8_t *lv = (const int8_t *)level.buf, *ob = (const int8_t *)obstacle.buf, *kd = (const int8_t *)kind.buf;
    const int8_t *wt = (const int8_t *)weight.buf;
    Py_ssize_t kinds = weight.len;
    long dx = bx - ax, dy = by - ay;
    long adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    long n = adx > ady ? adx : ady;
    int seen = 1;
    if (n > 1) {
        long ha = lv[ay * width + ax], hb = lv[by * width + bx];
        long high = ha > hb ? ha : hb, low = ha < hb ? ha : hb;
        /* the path squares strictly between a and b, as line_squares gives them */
        long major_x = adx >= ady, s = major_x ? (dx > 0 ? 1 : -1) : (dy > 0 ? 1 : -1);
#define PATH_SQUARE(k, x, y)                                                  \
    do {                                                                      \
        if (major_x) {                                                        \
            x = ax + s * (k);                                                 \
            y = ay + floor_div(2 * (k) * dy + n, 2 * n);                      \
        } else {                                                              \
            x = ax + floor_div(2 * (k) * dx + n, 2 * n);                      \
            y = ay + s * (k);                                                 \
        }                                                                     \
    } while (0)
        long x, y;
        for (long k = 1; k < n && seen; k++) { /* an elevated square blocks */
            PATH_SQUARE(k, x, y);
            if (lv[y * width + x] > high) seen = 0;
        }
        if (seen && (ha == hb || count_between)) {
            long count = 0;
            for (long k = 1; k < n; k++) {
                PATH_SQUARE(k, x, y);
                long kind_here = kd[y * width + x];
                if (kind_here < 0 || kind_here >= kinds) {
                    PyErr_SetString(PyExc_ValueError, "pair_los: a line-of-sight kind without a weight");
                    goto fail;
                }
                count += wt[kind_here];
            }
            if (count >= count_blocks) seen = 0;
            else if (ha == hb) goto done;
        }
        if (seen) {
            long tx = ha > hb ? ax : bx, ty = ha > hb ? ay : by, rise = high - low;
            for (long k = 1; k < n; k++) {
                PATH_SQUARE(k, x, y);
                long p = ob[y * width + x];
                if (p > low) {
                    long ex = x - tx, ey = y - ty;
                    ex = ex < 0 ? -ex : ex;
                    ey = ey < 0 ? -ey : ey;
                    long d = ex > ey ? ex : ey;
                    if (floor_div(2 * (high * n - d * rise) + n, 2 * n) < p + e) {
                        seen = 0;
                        break;
                    }
                }
            }
        }
#undef PATH_SQUARE
    }
done:
    for (int i = 0; i < got; i++) PyBuffer_Release(held[i]);
    return PyBool_FromLong(seen);
fail:
    for (int i = 0; i < got; i++) PyBuffer_Release(held[i]);
    return NULL;
}

static PyMethodDef methods[] = {
    {"viewshed_core", viewshed_core, METH_VARARGS,
     "viewshed_core(codes, layers, start, index, limits, place, reach, count_between, out, out_origin, weights, sum, "
     "fails, pass_limit): los._compute's gathers and tests, fused; writes 0/1 per target into out."},
    {"pair_los", pair_los, METH_VARARGS,
     "pair_los(level, obstacle, los_kind, weights, width, height, ax, ay, bx, by, e, count_blocks, count_between): "
     "has_los of one pair of squares at any distance."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_los_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__los_core(void) { return PyModule_Create(&module); }
