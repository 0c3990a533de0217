/* The attacking computer player's two picks (engine/ai/attack.py), compiled: the anchor square a formation makes for
 * (formation_anchor's score of every candidate and its lexsort) and the square a unit takes near its place
 * (spot_for's score of its window and its argmin). Each replaced a dozen NumPy calls on arrays of 49 to 100
 * numbers, asked once per formation or unit and orders phase, where the calls cost more than the arithmetic.
 * The same operations on doubles in the same order as the NumPy steps that attack.py keeps as its fallback (and
 * tests/test_attack_core.py holds equal to this): each candidate's score is summed term after term as NumPy's
 * element-wise operations and add.accumulate sum them, and the build must not contract a * b + c into one fused
 * multiply-add (pyproject.toml passes -ffp-contract=off).
 *
 * Built like _los_core.c (make setup, pip wheel), with only the CPython C API and the buffer protocol. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>

/* A read-only C-contiguous buffer of n items of `itemsize` bytes, or -1 with an exception. */
static int get_array(PyObject *o, Py_buffer *view, Py_ssize_t itemsize, Py_ssize_t n, const char *what) {
    if (PyObject_GetBuffer(o, view, PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->itemsize != itemsize || view->len != itemsize * n) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s: %zd items of %zd bytes expected", what, n, itemsize);
        return -1;
    }
    return 0;
}

/* anchor_pick(ax, ay, bx, by, speed, late, dangers, taken): formation_anchor's pick. For each candidate i (ax, ay:
 * int64) the travel t = d / speed, d its Chebyshev distance from (bx, by); its score max(0, t - late) * 50 + t * 0.5,
 * plus each of `dangers` (float64 arrays, in order), plus for each taken square (x, y), in order, 3 a square its
 * distance falls short of 5. The index of the least score, ties to the least ax, then ay, then index (np.lexsort's
 * first; a NaN score sorts after every number). */
static PyObject *anchor_pick(PyObject *self, PyObject *args) {
    PyObject *ax_o, *ay_o, *dangers_o, *taken_o;
    Py_ssize_t bx, by;
    double speed, late;
    if (!PyArg_ParseTuple(args, "OOnnddO!O!", &ax_o, &ay_o, &bx, &by, &speed, &late, &PyTuple_Type, &dangers_o,
                          &PyTuple_Type, &taken_o))
        return NULL;
    Py_buffer axb, ayb;
    if (PyObject_GetBuffer(ax_o, &axb, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    Py_ssize_t n = axb.len / 8;
    if (axb.itemsize != 8 || n == 0) {
        PyBuffer_Release(&axb);
        PyErr_SetString(PyExc_ValueError, "anchor_pick: ax must hold int64 candidates");
        return NULL;
    }
    if (get_array(ay_o, &ayb, 8, n, "anchor_pick: ay") < 0) {
        PyBuffer_Release(&axb);
        return NULL;
    }
    Py_ssize_t nd = PyTuple_GET_SIZE(dangers_o), nt = PyTuple_GET_SIZE(taken_o);
    Py_buffer *views = PyMem_Calloc(nd > 0 ? nd : 1, sizeof(Py_buffer));
    Py_ssize_t *tx = PyMem_Calloc(2 * (nt > 0 ? nt : 1), sizeof(Py_ssize_t));
    Py_ssize_t got = 0, result = -1;
    if (views == NULL || tx == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (; got < nd; got++)
        if (get_array(PyTuple_GET_ITEM(dangers_o, got), &views[got], 8, n, "anchor_pick: a danger") < 0) goto done;
    for (Py_ssize_t k = 0; k < 2 * nt; k++) { /* each taken square a sequence (x, y) of ints */
        PyObject *square = PyTuple_GET_ITEM(taken_o, k / 2);
        PyObject *item = PySequence_GetItem(square, k % 2);
        if (item == NULL) goto done;
        tx[k] = PyLong_AsSsize_t(item);
        Py_DECREF(item);
        if (tx[k] == -1 && PyErr_Occurred()) goto done;
    }
    const int64_t *ax = (const int64_t *)axb.buf, *ay = (const int64_t *)ayb.buf;
    double best = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t dx = ax[i] - bx, dy = ay[i] - by;
        if (dx < 0) dx = -dx;
        if (dy < 0) dy = -dy;
        double travel = (double)(dx >= dy ? dx : dy) / speed;
        double over = travel - late;
        /* np.maximum(0.0, over): 0.0 unless over is greater (or NaN, which it passes on) */
        double score = (over > 0.0 || isnan(over) ? over : 0.0) * 50.0 + travel * 0.5;
        for (Py_ssize_t j = 0; j < nd; j++) score = score + ((const double *)views[j].buf)[i];
        for (Py_ssize_t k = 0; k < nt; k++) {
            int64_t ex = ax[i] - tx[2 * k], ey = ay[i] - tx[2 * k + 1];
            if (ex < 0) ex = -ex;
            if (ey < 0) ey = -ey;
            int64_t short_of = 5 - (ex >= ey ? ex : ey);
            score = score + (double)(3 * (short_of > 0 ? short_of : 0));
        }
        if (result < 0) {
            result = i, best = score;
            continue;
        }
        int before; /* does (score, ax, ay) sort before the best so far (lexsort: NaN after every number)? */
        if (isnan(score))
            before = 0;
        else if (isnan(best) || score < best)
            before = 1;
        else if (score > best)
            before = 0;
        else
            before = ax[i] < ax[result] || (ax[i] == ax[result] && ay[i] < ay[result]);
        if (before) result = i, best = score;
    }
done:
    for (Py_ssize_t j = 0; j < got; j++) PyBuffer_Release(&views[j]);
    PyMem_Free(views);
    PyMem_Free(tx);
    PyBuffer_Release(&axb);
    PyBuffer_Release(&ayb);
    if (result < 0) return NULL;
    return PyLong_FromSsize_t(result);
}

/* spot_pick(danger, dx0, dy0, penalty, near, lo_x, lo_y, hi_x, hi_y, ax, ay, x, y): spot_for's pick in the window
 * lo..hi (map squares, inclusive) around (ax, ay). A square's score is danger (float64, rows of a map region whose
 * first square is (dx0, dy0)) + near (float64, a (2r + 1)^2 square centred on (ax, ay)) + penalty (float64, the
 * whole map); the least, the first in row-major order (np.argmin: the first NaN if any), unless the unit's square
 * (x, y) lies in the window and scores within 0.3 of it. Returns the square taken (x, y). */
static PyObject *spot_pick(PyObject *self, PyObject *args) {
    PyObject *danger_o, *penalty_o, *near_o;
    Py_ssize_t dx0, dy0, lo_x, lo_y, hi_x, hi_y, ax, ay, x, y;
    if (!PyArg_ParseTuple(args, "(OOO)(nn)(nnnn)(nn)(nn)", &danger_o, &penalty_o, &near_o, &dx0, &dy0, &lo_x, &lo_y,
                          &hi_x, &hi_y, &ax, &ay, &x, &y))
        return NULL;
    Py_buffer db, pb, nb;
    if (PyObject_GetBuffer(danger_o, &db, PyBUF_C_CONTIGUOUS | PyBUF_ND) < 0) return NULL;
    if (PyObject_GetBuffer(penalty_o, &pb, PyBUF_C_CONTIGUOUS | PyBUF_ND) < 0) {
        PyBuffer_Release(&db);
        return NULL;
    }
    if (PyObject_GetBuffer(near_o, &nb, PyBUF_C_CONTIGUOUS | PyBUF_ND) < 0) {
        PyBuffer_Release(&db);
        PyBuffer_Release(&pb);
        return NULL;
    }
    PyObject *out = NULL;
    if (db.ndim != 2 || pb.ndim != 2 || nb.ndim != 2 || db.itemsize != 8 || pb.itemsize != 8 || nb.itemsize != 8 ||
        nb.shape[0] != nb.shape[1] || nb.shape[0] % 2 != 1) {
        PyErr_SetString(PyExc_ValueError, "spot_pick: danger, penalty and near must be 2-d float64, near square");
        goto done;
    }
    Py_ssize_t r = nb.shape[0] / 2, dw = db.shape[1], pw = pb.shape[1], nw = nb.shape[0];
    if (lo_x > hi_x || lo_y > hi_y || lo_x < dx0 || lo_y < dy0 || hi_x - dx0 >= dw || hi_y - dy0 >= db.shape[0] ||
        lo_x < 0 || lo_y < 0 || hi_x >= pw || hi_y >= pb.shape[0] || lo_x < ax - r || hi_x > ax + r ||
        lo_y < ay - r || hi_y > ay + r) {
        PyErr_SetString(PyExc_ValueError, "spot_pick: the window must lie in danger's region, the map and near");
        goto done;
    }
    const double *danger = (const double *)db.buf, *penalty = (const double *)pb.buf, *near = (const double *)nb.buf;
    Py_ssize_t best_x = lo_x, best_y = lo_y;
    double best = 0.0, here = 0.0;
    int first = 1, found_nan = 0;
    for (Py_ssize_t sy = lo_y; sy <= hi_y && !found_nan; sy++) {
        for (Py_ssize_t sx = lo_x; sx <= hi_x; sx++) {
            double score = danger[(sy - dy0) * dw + (sx - dx0)] + near[(sy - ay + r) * nw + (sx - ax + r)];
            score = score + penalty[sy * pw + sx];
            if (sx == x && sy == y) here = score;
            if (first || isnan(score) || score < best) {
                best = score, best_x = sx, best_y = sy, first = 0;
                if (isnan(score)) {
                    found_nan = 1;
                    break;
                }
            }
        }
    }
    if (lo_x <= x && x <= hi_x && lo_y <= y && y <= hi_y) {
        if (found_nan) /* the scan stopped at the first NaN: the unit's square may lie after it */
            here = danger[(y - dy0) * dw + (x - dx0)] + near[(y - ay + r) * nw + (x - ax + r)] + penalty[y * pw + x];
        if (here <= best + 0.3) best_x = x, best_y = y;
    }
    out = Py_BuildValue("(nn)", best_x, best_y);
done:
    PyBuffer_Release(&db);
    PyBuffer_Release(&pb);
    PyBuffer_Release(&nb);
    return out;
}

static PyMethodDef methods[] = {
    {"anchor_pick", anchor_pick, METH_VARARGS,
     "anchor_pick(ax, ay, bx, by, speed, late, dangers, taken): the index of formation_anchor's candidate."},
    {"spot_pick", spot_pick, METH_VARARGS,
     "spot_pick((danger, penalty, near), (dx0, dy0), (lo_x, lo_y, hi_x, hi_y), (ax, ay), (x, y)): spot_for's square."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_attack_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__attack_core(void) { return PyModule_Create(&module); }
