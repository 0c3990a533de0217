/* The attacking computer player's loops, compiled: its two picks (engine/ai/attack.py), the anchor square a
 * formation makes for (formation_anchor's score of every candidate and its lexsort) and the square a unit takes near
 * its place (spot_for's score of its window and its argmin), each of which replaced a dozen NumPy calls on arrays
 * of 49 to 100 numbers asked once per formation or unit and orders phase, where the calls cost more than the
 * arithmetic; and the distance to the squares where an unseen defender may hide (engine/ai/suspects.py,
 * suspect_distance: some seventy NumPy calls on a 43 x 43 box, once per side and orders phase), in whole numbers.
 * The picks do the same operations on doubles in the same order as the NumPy steps kept as their fallback (and
 * tests/test_attack_core.py holds all three equal to those): each candidate's score is summed term after term as
 * NumPy's element-wise operations and add.accumulate sum them, and the build must not contract a * b + c into one
 * fused multiply-add (pyproject.toml passes -ffp-contract=off).
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

/* anchor_pick(ax, ay, bx, by, speed, late, judged, taken): formation_anchor's pick. For each candidate i (ax, ay:
 * int64) the travel t = d / speed, d its Chebyshev distance from (bx, by); its score max(0, t - late) * 50 + t * 0.5,
 * plus for each judge of `judged`, in order, 4 * (threat[at[i]] + suspicion[at[i]]) (a triple of a threat map and a
 * suspicion map, float64, and the candidate's squares as indexes into them, int64: attack.judged_danger), plus for
 * each taken square (x, y), in order, 3 a square its distance falls short of 5. The index of the least score, ties
 * to the least ax, then ay, then index (np.lexsort's first; a NaN score sorts after every number). */
static PyObject *anchor_pick(PyObject *self, PyObject *args) {
    PyObject *ax_o, *ay_o, *judged_o, *taken_o;
    Py_ssize_t bx, by;
    double speed, late;
    if (!PyArg_ParseTuple(args, "OOnnddO!O!", &ax_o, &ay_o, &bx, &by, &speed, &late, &PyTuple_Type, &judged_o,
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
    Py_ssize_t nj = PyTuple_GET_SIZE(judged_o), nt = PyTuple_GET_SIZE(taken_o);
    Py_buffer *views = PyMem_Calloc(3 * (nj > 0 ? nj : 1), sizeof(Py_buffer)); /* threat, suspicion, at a judge */
    Py_ssize_t *tx = PyMem_Calloc(2 * (nt > 0 ? nt : 1), sizeof(Py_ssize_t));
    Py_ssize_t got = 0, result = -1;
    if (views == NULL || tx == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < nj; j++) {
        PyObject *judge = PyTuple_GET_ITEM(judged_o, j), *threat_o, *suspicion_o, *at_o;
        if (!PyArg_ParseTuple(judge, "OOO", &threat_o, &suspicion_o, &at_o)) goto done;
        if (PyObject_GetBuffer(threat_o, &views[got], PyBUF_C_CONTIGUOUS) < 0) goto done;
        Py_ssize_t m = views[got].len / 8;
        if (views[got++].itemsize != 8) {
            PyErr_SetString(PyExc_ValueError, "anchor_pick: a threat map must be float64");
            goto done;
        }
        if (get_array(suspicion_o, &views[got], 8, m, "anchor_pick: a suspicion map") < 0) goto done;
        got++;
        if (get_array(at_o, &views[got], 8, n, "anchor_pick: a judge's squares") < 0) goto done;
        const int64_t *at = (const int64_t *)views[got++].buf;
        for (Py_ssize_t i = 0; i < n; i++)
            if (at[i] < 0 || at[i] >= m) {
                PyErr_SetString(PyExc_IndexError, "anchor_pick: a judge's square lies off its maps");
                goto done;
            }
    }
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
        for (Py_ssize_t j = 0; j < nj; j++) {
            const double *threat = (const double *)views[3 * j].buf, *suspicion = (const double *)views[3 * j + 1].buf;
            int64_t at = ((const int64_t *)views[3 * j + 2].buf)[i];
            score = score + 4.0 * (threat[at] + suspicion[at]);
        }
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
    if (PyErr_Occurred()) result = -1;
    for (Py_ssize_t j = 0; j < got; j++) PyBuffer_Release(&views[j]);
    PyMem_Free(views);
    PyMem_Free(tx);
    PyBuffer_Release(&axb);
    PyBuffer_Release(&ayb);
    if (result < 0) return NULL;
    return PyLong_FromSsize_t(result);
}

/* spot_pick(threat, suspicion, cost, impassable, penalty, near, lo_x, lo_y, hi_x, hi_y, ax, ay, x, y): spot_for's
 * pick in the window lo..hi (map squares, inclusive) around (ax, ay). A square's score is its danger, infinite where
 * cost (int32) is at least `impassable`, else 4 * (threat + suspicion) (attack.spot_danger), + near (float64, a
 * (2r + 1)^2 square centred on (ax, ay)) + penalty; threat, suspicion, cost and penalty are maps of one size
 * (float64 but cost). The least, the first in row-major order (np.argmin: the first NaN if any), unless the unit's
 * square (x, y) lies in the window and scores within 0.3 of it. Returns the square taken (x, y). */
static PyObject *spot_pick(PyObject *self, PyObject *args) {
    PyObject *o[5];
    long long impassable;
    Py_ssize_t lo_x, lo_y, hi_x, hi_y, ax, ay, x, y;
    if (!PyArg_ParseTuple(args, "(OOOLOO)(nnnn)(nn)(nn)", &o[0], &o[1], &o[2], &impassable, &o[3], &o[4], &lo_x, &lo_y,
                          &hi_x, &hi_y, &ax, &ay, &x, &y))
        return NULL;
    Py_buffer b[5]; /* threat, suspicion, cost, penalty, near */
    int got = 0;
    PyObject *out = NULL;
    for (; got < 5; got++)
        if (PyObject_GetBuffer(o[got], &b[got], PyBUF_C_CONTIGUOUS | PyBUF_ND) < 0) goto done;
    for (int k = 0; k < 5; k++)
        if (b[k].ndim != 2 || b[k].itemsize != (k == 2 ? 4 : 8) ||
            (k < 4 && (b[k].shape[0] != b[0].shape[0] || b[k].shape[1] != b[0].shape[1]))) {
            PyErr_SetString(PyExc_ValueError,
                            "spot_pick: threat, suspicion, cost (int32) and penalty must be maps of one size, near 2-d");
            goto done;
        }
    Py_ssize_t h = b[0].shape[0], w = b[0].shape[1], nw = b[4].shape[0], r = nw / 2;
    if (b[4].shape[1] != nw || nw % 2 != 1 || lo_x > hi_x || lo_y > hi_y || lo_x < 0 || lo_y < 0 || hi_x >= w ||
        hi_y >= h || lo_x < ax - r || hi_x > ax + r || lo_y < ay - r || hi_y > ay + r) {
        PyErr_SetString(PyExc_ValueError, "spot_pick: the window must lie on the map and within near round its middle");
        goto done;
    }
    const double *threat = b[0].buf, *suspicion = b[1].buf, *penalty = b[3].buf, *near = b[4].buf;
    const int32_t *cost = b[2].buf;
#define SPOT_SCORE(sx, sy)                                                                                          \
    ((cost[(sy) * w + (sx)] >= impassable ? INFINITY : 4.0 * (threat[(sy) * w + (sx)] + suspicion[(sy) * w + (sx)])) + \
     near[((sy) - ay + r) * nw + ((sx) - ax + r)] + penalty[(sy) * w + (sx)])
    Py_ssize_t best_x = lo_x, best_y = lo_y;
    double best = 0.0, here = 0.0;
    int first = 1, found_nan = 0;
    for (Py_ssize_t sy = lo_y; sy <= hi_y && !found_nan; sy++) {
        for (Py_ssize_t sx = lo_x; sx <= hi_x; sx++) {
            double score = SPOT_SCORE(sx, sy);
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
        if (found_nan) here = SPOT_SCORE(x, y); /* the scan stopped at the first NaN: the unit's square may lie after it */
        if (here <= best + 0.3) best_x = x, best_y = y;
    }
#undef SPOT_SCORE
    out = Py_BuildValue("(nn)", best_x, best_y);
done:
    for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
    return out;
}

/* One square (x, y) of a sequence of squares (an item None is skipped: *skip set), or -1 with an exception. */
static int square_at(PyObject *squares, Py_ssize_t k, Py_ssize_t *x, Py_ssize_t *y, int *skip) {
    PyObject *square = PySequence_GetItem(squares, k);
    if (square == NULL) return -1;
    *skip = square == Py_None;
    int ok = *skip || PyArg_ParseTuple(square, "nn", x, y);
    Py_DECREF(square);
    return ok ? 0 : -1;
}

#define SUSPECT_REACH 10 /* suspects._SUSPECT_REACH: the farthest distance kept, 99 beyond */
#define SUSPECT_BOX 21   /* the box round the objective the distances are worked out in (11 + 10) */

/* suspect_distance(cover, cx, cy, kx, ky, ours, out): suspects.suspect_distance's map. The suspect squares are the
 * cover (bool, the whole map) within 11 of the objective (cx, cy), less the known enemies' squares (kx, ky: int64)
 * and every square next to or under one of ours (a sequence of (x, y); None is skipped); out (int64, the whole map) gets
 * each square's Chebyshev distance to the nearest of them, where at most SUSPECT_REACH, else 99. As the NumPy
 * steps: in the box within 21 of the objective (none farther lies within 10 of a suspect square), along each row
 * the distance to the row's nearest, then down each column the least of max(that, the rows between). */
static PyObject *suspect_distance(PyObject *self, PyObject *args) {
    PyObject *cover_o, *kx_o, *ky_o, *ours_o, *out_o;
    Py_ssize_t cx, cy;
    if (!PyArg_ParseTuple(args, "OnnOOOO", &cover_o, &cx, &cy, &kx_o, &ky_o, &ours_o, &out_o)) return NULL;
    Py_buffer cb, ob, kxb, kyb;
    if (PyObject_GetBuffer(cover_o, &cb, PyBUF_C_CONTIGUOUS | PyBUF_ND) < 0) return NULL;
    if (PyObject_GetBuffer(out_o, &ob, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_ND) < 0) {
        PyBuffer_Release(&cb);
        return NULL;
    }
    if (PyObject_GetBuffer(kx_o, &kxb, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&cb);
        PyBuffer_Release(&ob);
        return NULL;
    }
    if (get_array(ky_o, &kyb, 8, kxb.len / 8, "suspect_distance: ky") < 0) {
        PyBuffer_Release(&cb);
        PyBuffer_Release(&ob);
        PyBuffer_Release(&kxb);
        return NULL;
    }
    PyObject *result = NULL;
    signed char *suspect = NULL, *along = NULL;
    if (cb.ndim != 2 || ob.ndim != 2 || cb.itemsize != 1 || ob.itemsize != 8 || cb.shape[0] != ob.shape[0] ||
        cb.shape[1] != ob.shape[1] || kxb.itemsize != 8) {
        PyErr_SetString(PyExc_ValueError,
                        "suspect_distance: cover (bool) and out (int64) must be maps of one size, kx and ky int64");
        goto done;
    }
    Py_ssize_t height = cb.shape[0], width = cb.shape[1];
    Py_ssize_t x0 = cx - SUSPECT_BOX > 0 ? cx - SUSPECT_BOX : 0, y0 = cy - SUSPECT_BOX > 0 ? cy - SUSPECT_BOX : 0;
    Py_ssize_t x1 = cx + SUSPECT_BOX + 1 < width ? cx + SUSPECT_BOX + 1 : width;
    Py_ssize_t y1 = cy + SUSPECT_BOX + 1 < height ? cy + SUSPECT_BOX + 1 : height;
    Py_ssize_t bw = x1 > x0 ? x1 - x0 : 0, bh = y1 > y0 ? y1 - y0 : 0;
    suspect = PyMem_Calloc(bw * bh + 1, 1);
    along = PyMem_Calloc(bw * bh + 1, 1);
    if (suspect == NULL || along == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    const unsigned char *cover = (const unsigned char *)cb.buf;
    for (Py_ssize_t y = y0; y < y1; y++)
        for (Py_ssize_t x = x0; x < x1; x++) {
            Py_ssize_t dx = x > cx ? x - cx : cx - x, dy = y > cy ? y - cy : cy - y;
            suspect[(y - y0) * bw + (x - x0)] = cover[y * width + x] && (dx >= dy ? dx : dy) <= 11;
        }
    const int64_t *kx = (const int64_t *)kxb.buf, *ky = (const int64_t *)kyb.buf;
    for (Py_ssize_t k = 0; k < kxb.len / 8; k++)
        if (kx[k] >= x0 && kx[k] < x1 && ky[k] >= y0 && ky[k] < y1) suspect[(ky[k] - y0) * bw + (kx[k] - x0)] = 0;
    Py_ssize_t n = PySequence_Size(ours_o);
    if (n < 0) goto done;
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_ssize_t x, y;
        int skip;
        if (square_at(ours_o, k, &x, &y, &skip) < 0) goto done;
        for (Py_ssize_t sy = y - 1; !skip && sy <= y + 1; sy++)
            for (Py_ssize_t sx = x - 1; sx <= x + 1; sx++)
                if (sx >= x0 && sx < x1 && sy >= y0 && sy < y1) suspect[(sy - y0) * bw + (sx - x0)] = 0;
    }
    /* along each row: the distance to the nearest suspect square on either side, 99 beyond SUSPECT_REACH */
    for (Py_ssize_t y = 0; y < bh; y++) {
        const signed char *row = suspect + y * bw;
        signed char *to = along + y * bw;
        Py_ssize_t last = -1000;
        for (Py_ssize_t x = 0; x < bw; x++) {
            if (row[x]) last = x;
            to[x] = x - last <= SUSPECT_REACH ? (signed char)(x - last) : 99;
        }
        last = 1000000;
        for (Py_ssize_t x = bw - 1; x >= 0; x--) {
            if (row[x]) last = x;
            if (last - x <= SUSPECT_REACH && last - x < to[x]) to[x] = (signed char)(last - x);
        }
    }
    int64_t *out = (int64_t *)ob.buf;
    for (Py_ssize_t i = 0; i < width * height; i++) out[i] = 99;
    for (Py_ssize_t y = 0; y < bh; y++)
        for (Py_ssize_t x = 0; x < bw; x++) {
            int best = along[y * bw + x];
            for (Py_ssize_t dy = 1; dy <= SUSPECT_REACH && dy < best; dy++) {
                int up = y - dy >= 0 ? along[(y - dy) * bw + x] : 99, down = y + dy < bh ? along[(y + dy) * bw + x] : 99;
                int d = up < down ? up : down;
                if (d < dy) d = (int)dy;
                if (d < best) best = d;
            }
            out[(y + y0) * width + (x + x0)] = best;
        }
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_Free(suspect);
    PyMem_Free(along);
    PyBuffer_Release(&cb);
    PyBuffer_Release(&ob);
    PyBuffer_Release(&kxb);
    PyBuffer_Release(&kyb);
    return result;
}

static PyMethodDef methods[] = {
    {"anchor_pick", anchor_pick, METH_VARARGS,
     "anchor_pick(ax, ay, bx, by, speed, late, judged, taken): the index of formation_anchor's candidate."},
    {"spot_pick", spot_pick, METH_VARARGS,
     "spot_pick((threat, suspicion, cost, impassable, penalty, near), (lo_x, lo_y, hi_x, hi_y), (ax, ay), (x, y)): "
     "spot_for's square."},
    {"suspect_distance", suspect_distance, METH_VARARGS,
     "suspect_distance(cover, cx, cy, kx, ky, ours, out): suspects.suspect_distance's map, written into out."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_attack_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__attack_core(void) { return PyModule_Create(&module); }
