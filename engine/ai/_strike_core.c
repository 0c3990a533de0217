/* The strike's choice of firing position for one unit (engine/ai/strike.py, strike_square and best_square),
 * compiled: the value of every candidate square, gained - (lost there + the danger on the way), and the best of
 * them, in one pass over the candidates instead of some forty NumPy calls a unit. The numbers are strike.py's,
 * with the same IEEE operations on the same values in the same order (built with -ffp-contract=off, so that no
 * multiply and add are fused):
 *
 *   arrive = 4 * (d / speed + 0.75), d the Chebyshev distance from the unit; stay = max(0, pulses_left - arrive),
 *   at most 4 where the enemy is not busy elsewhere; gained = gain * stay; lost = threat * stay;
 *   bound = gained - lost; value = gained - (lost + path), path the moving threat summed from 0.0 in order over
 *   the steps of the straight way (step i of n at rint(dx * i / n), rint(dy * i / n), half to even); both a
 *   quarter more (* 1.25) on the square the unit is already going to.
 *
 * The best square is the least (-value, x, y, k) of all, as strike.py's lexsort of the squares it looks at. A
 * square whose bound is below the best value found so far is skipped: the path is never negative, so its value
 * is below its bound and it can neither win nor tie. Where strike.py would look at every square instead (the
 * moving threat not all finite and >= 0, or a bound not finite) this returns -2 and the caller does the NumPy
 * version, which handles those cases; -1 is no square worth more than 1.
 *
 * Built as _los_core.c is (pyproject.toml ext-modules, make setup, pip wheel), with only the CPython C API and the
 * buffer protocol. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>

static int get(PyObject *o, Py_buffer *view, Py_ssize_t itemsize, Py_ssize_t count, const char *what) {
    if (PyObject_GetBuffer(o, view, PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->itemsize != itemsize || view->len != itemsize * count) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "best_strike: %s has the wrong size or type", what);
        return -1;
    }
    return 0;
}

static PyObject *best_strike(PyObject *self, PyObject *args) {
    PyObject *xs_o, *ys_o, *ks_o, *gain_o, *busy_o, *threat_o, *moving_o;
    Py_ssize_t n, known, width, height, ux, uy, gx, gy;
    double speed, pulses_left;
    int going;
    if (!PyArg_ParseTuple(args, "OOOOOOOnnnnnnddpnn", &xs_o, &ys_o, &ks_o, &gain_o, &busy_o, &threat_o, &moving_o,
                          &n, &known, &width, &height, &ux, &uy, &speed, &pulses_left, &going, &gx, &gy))
        return NULL;
    Py_ssize_t squares = width * height;
    if (n < 0 || known < 0 || width <= 0 || height <= 0 || ux < 0 || uy < 0 || ux >= width || uy >= height) {
        PyErr_SetString(PyExc_ValueError, "best_strike: bad sizes or origin");
        return NULL;
    }
    Py_buffer b[7];
    int got = 0;
    if (get(xs_o, &b[0], 8, n, "xs") == 0) got++;
    if (got == 1 && get(ys_o, &b[1], 8, n, "ys") == 0) got++;
    if (got == 2 && get(ks_o, &b[2], 8, n, "k") == 0) got++;
    if (got == 3 && get(gain_o, &b[3], 8, n, "gain") == 0) got++;
    if (got == 4 && get(busy_o, &b[4], 1, known, "busy") == 0) got++;
    if (got == 5 && get(threat_o, &b[5], 8, squares, "threat") == 0) got++;
    if (got == 6 && get(moving_o, &b[6], 8, squares, "moving") == 0) got++;
    if (got < 7) {
        for (int i = 0; i < got; i++) PyBuffer_Release(&b[i]);
        return NULL;
    }
    const int64_t *xs = b[0].buf, *ys = b[1].buf, *ks = b[2].buf;
    const double *gain = b[3].buf, *threat = b[5].buf, *moving = b[6].buf;
    const uint8_t *busy = b[4].buf;
    Py_ssize_t best = -1;
    int bad = 0; /* 1: not exact (the caller looks at every square); 2: a square off the map or an enemy out of range */
    double *bound = PyMem_Malloc(sizeof(double) * (n > 0 ? n : 1));
    double *gained = PyMem_Malloc(sizeof(double) * (n > 0 ? n : 1));
    double *lost = PyMem_Malloc(sizeof(double) * (n > 0 ? n : 1));
    if (bound == NULL || gained == NULL || lost == NULL) {
        PyMem_Free(bound);
        PyMem_Free(gained);
        PyMem_Free(lost);
        for (int i = 0; i < 7; i++) PyBuffer_Release(&b[i]);
        return PyErr_NoMemory();
    }

    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t s = 0; s < squares && !bad; s++) {
        double m = moving[s];
        if (!isfinite(m) || !(m >= 0.0)) bad = 1;
    }
    double most = -INFINITY;
    for (Py_ssize_t i = 0; i < n && !bad; i++) {
        int64_t x = xs[i], y = ys[i], k = ks[i];
        if (x < 0 || y < 0 || x >= width || y >= height || k < 0 || k >= known) {
            bad = 2;
            break;
        }
        int64_t dx = x - ux, dy = y - uy;
        if (dx < 0) dx = -dx;
        if (dy < 0) dy = -dy;
        double arrive = 4 * ((double)(dx > dy ? dx : dy) / speed + 0.75);
        double stay = pulses_left - arrive;
        if (!(stay > 0.0)) stay = 0.0; /* np.maximum(0.0, stay): stay is never nan */
        if (!busy[k] && stay > 4.0) stay = 4.0;
        gained[i] = gain[i] * stay;
        lost[i] = threat[y * width + x] * stay;
        double v = gained[i] - lost[i];
        if (going && x == gx && y == gy) v = v * 1.25;
        if (!isfinite(v)) bad = 1;
        bound[i] = v;
        if (v > most) most = v;
    }
    if (!bad && most > 1.0) {
        double best_value = -INFINITY;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (bound[i] < best_value) continue; /* its value is at most its bound: it cannot win or tie */
            int64_t x = xs[i], y = ys[i];
            int64_t dx = x - ux, dy = y - uy;
            int64_t steps = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
            double path = 0.0;
            for (int64_t step = 1; step < steps; step++) {
                int64_t ox = (int64_t)rint((double)(dx * step) / (double)steps);
                int64_t oy = (int64_t)rint((double)(dy * step) / (double)steps);
                path += moving[(uy + oy) * width + (ux + ox)];
            }
            double v = gained[i] - (lost[i] + path);
            if (going && x == gx && y == gy) v = v * 1.25;
            if (best < 0 || v > best_value) {
                best = i;
                best_value = v;
            } else if (v == best_value) {
                int64_t bx = xs[best], by = ys[best];
                if (x < bx || (x == bx && (y < by || (y == by && ks[i] < ks[best])))) best = i;
            }
        }
        if (!(best_value > 1.0)) best = -1;
    }
    Py_END_ALLOW_THREADS

    PyMem_Free(bound);
    PyMem_Free(gained);
    PyMem_Free(lost);
    for (int i = 0; i < 7; i++) PyBuffer_Release(&b[i]);
    if (bad == 2) {
        PyErr_SetString(PyExc_ValueError, "best_strike: a square off the map or an enemy row out of range");
        return NULL;
    }
    return PyLong_FromSsize_t(bad ? -2 : best);
}

static PyMethodDef methods[] = {
    {"best_strike", best_strike, METH_VARARGS,
     "best_strike(xs, ys, k, gain, busy, threat, moving, n, known, width, height, ux, uy, speed, pulses_left, going, "
     "gx, gy): the index of the best candidate square of strike.py's strike_square for a unit on (ux, uy), -1 for "
     "none worth more than 1, -2 where strike.py looks at every square itself."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_strike_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__strike_core(void) { return PyModule_Create(&module); }
