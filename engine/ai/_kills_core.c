/* The free enemies' part of a shared kills map (engine/ai/threat_maps.py, KillsMaps._shared), compiled: the pairs of
 * a free enemy and a square of the region it would search, enemy after enemy and each one's squares in the region's
 * row-major order (KillsMaps.searched, from the cuts of threat_maps.searched_in_region: the square, the enemy's
 * distance to it, the index into the concatenated rate tables, the enemy's count); where the enemy would sight the
 * unit (distance <= the sighting range of the square's cover) the rate times the count is added to the square.
 * That is the NumPy path's free_seeing and np.bincount, which adds the products in the same order from 0.0: the
 * same doubles. The rate tables are filled lazily (nan where not yet): a call reports the entries it met unfilled,
 * and the caller fills them and adds up a new map. The build must not fuse the product into the sum
 * (pyproject.toml: -ffp-contract=off). box_pairs lists a cut's squares in one pass over the geometry's box.
 *
 * Built like engine/rules/_los_core.c (make setup, pip wheel), with only the CPython C API and the buffer
 * protocol; threat_maps.py keeps the NumPy path where it is not built, and tests/test_ai_maps.py holds them equal. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>

static int get(PyObject *o, Py_buffer *b, int flags, Py_ssize_t itemsize, const char *what) {
    if (PyObject_GetBuffer(o, b, flags | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (b->itemsize != itemsize) {
        PyBuffer_Release(b);
        PyErr_Format(PyExc_ValueError, "_kills_core: %s must have items of %zd bytes", what, itemsize);
        return -1;
    }
    return 0;
}

/* The pairs added to out (see the top); the table entries met unfilled are appended to `missing`. Each argument
 * is one buffer (the pairs of every enemy concatenated): numpy's buffer export costs about as much as a few dozen
 * pairs, so not one set a enemy. */
static PyObject *free_kills(PyObject *self, PyObject *args) {
    PyObject *squares_o, *dists_o, *at_o, *counts_o, *cover_o, *tables_o, *out_o;
    double sight_open, sight_cover;
    Py_ssize_t width, x0, y0, region_width, region_height;
    if (!PyArg_ParseTuple(args, "OOOOOOddOnnnnn", &squares_o, &dists_o, &at_o, &counts_o, &cover_o, &tables_o,
                          &sight_open, &sight_cover, &out_o, &width, &x0, &y0, &region_width, &region_height))
        return NULL;
    if (width <= 0 || x0 < 0 || y0 < 0 || region_width <= 0 || region_height <= 0 || x0 + region_width > width) {
        PyErr_SetString(PyExc_ValueError, "free_kills: the region is not inside the map");
        return NULL;
    }
    /* counts: one a pair, or one number for all of them */
    double count = 0.0;
    int one_count = PyFloat_Check(counts_o);
    if (one_count) count = PyFloat_AS_DOUBLE(counts_o);
    Py_buffer b[7];
    PyObject *objects[7] = {squares_o, dists_o, at_o, one_count ? NULL : counts_o, cover_o, tables_o, out_o};
    const Py_ssize_t sizes[7] = {8, 2, 4, 8, 1, 8, 8};
    const char *what[7] = {"the squares (int64)", "the distances (int16)", "the table indexes (int32)",
                           "the counts (float64)", "the region's cover (bool)", "the rate tables (float64)",
                           "out (float64)"};
    int got = 0;
    for (; got < 7; got++) {
        if (objects[got] == NULL) continue;
        int flags = got == 6 ? PyBUF_WRITABLE : PyBUF_SIMPLE;
        if (get(objects[got], &b[got], flags, sizes[got], what[got]) < 0) break;
    }
    PyObject *missing = NULL;
    if (got < 7) goto done;
    Py_ssize_t n = b[0].len / 8, region_size = region_width * region_height, n_tables = b[5].len / 8;
    Py_ssize_t n_out = b[6].len / 8;
    if (b[1].len / 2 != n || b[2].len / 4 != n || (!one_count && b[3].len / 8 != n) || b[4].len != region_size ||
        (y0 + region_height) * width > n_out) {
        PyErr_SetString(PyExc_ValueError, "free_kills: the pairs' arrays differ in length, or the region in size");
        goto done;
    }
    missing = PyList_New(0);
    if (missing == NULL) goto done;
    const int64_t *squares = (const int64_t *)b[0].buf;
    const int16_t *dists = (const int16_t *)b[1].buf;
    const int32_t *at = (const int32_t *)b[2].buf;
    const double *counts = one_count ? NULL : (const double *)b[3].buf;
    const char *in_cover = (const char *)b[4].buf;
    const double *tables = (const double *)b[5].buf;
    double *out = (double *)b[6].buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t square = squares[i];
        if (square < 0 || square >= region_size || at[i] < 0 || at[i] >= n_tables) {
            PyErr_SetString(PyExc_ValueError, "free_kills: a square or a table index out of range");
            Py_CLEAR(missing);
            break;
        }
        if (!((double)dists[i] <= (in_cover[square] ? sight_cover : sight_open))) continue;
        double rate = tables[at[i]];
        if (isnan(rate)) {
            PyObject *e = PyLong_FromLong(at[i]);
            if (e == NULL || PyList_Append(missing, e) < 0) {
                Py_XDECREF(e);
                Py_CLEAR(missing);
                break;
            }
            Py_DECREF(e);
            continue;
        }
        double value = rate * (one_count ? count : counts[i]);
        out[(y0 + square / region_width) * width + x0 + square % region_width] += value;
    }
done:
    for (int k = 0; k < got; k++)
        if (objects[k] != NULL) PyBuffer_Release(&b[k]);
    return missing;
}

/* The squares of a region an enemy would search (or fire at), from its geometry's box (threat_maps.searched_in_region):
 * for each square of the box's overlap with the region, row after row, where the mask is set, its index into the
 * flattened region, the enemy's distance and the index into its rate table (distance + cover * (reach + 1)), as
 * three bytes objects of int64, int16 and int32 (np.frombuffer reads them). */
static PyObject *box_pairs(PyObject *self, PyObject *args) {
    PyObject *mask_o, *dd_o, *cover_o;
    Py_ssize_t box_width, box_x0, box_y0, map_width, ix0, iy0, ix1, iy1, x0, y0, region_width, reach;
    if (!PyArg_ParseTuple(args, "OOnnnOnnnnnnnnn", &mask_o, &dd_o, &box_width, &box_x0, &box_y0, &cover_o, &map_width,
                          &ix0, &iy0, &ix1, &iy1, &x0, &y0, &region_width, &reach))
        return NULL;
    Py_buffer mask, dd, cover;
    if (get(mask_o, &mask, PyBUF_SIMPLE, 1, "the mask (bool)") < 0) return NULL;
    if (get(dd_o, &dd, PyBUF_SIMPLE | PyBUF_FORMAT, 2, "the distances (int16)") < 0) {
        PyBuffer_Release(&mask);
        return NULL;
    }
    if (get(cover_o, &cover, PyBUF_SIMPLE, 1, "the cover (bool)") < 0) {
        PyBuffer_Release(&mask);
        PyBuffer_Release(&dd);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t box_len = mask.len;
    if (box_width <= 0 || dd.len != 2 * box_len || box_len % box_width != 0 || map_width <= 0 ||
        cover.len % map_width != 0 || ix0 < box_x0 || iy0 < box_y0 || ix1 < ix0 || iy1 < iy0 ||
        ix1 >= box_x0 + box_width || (iy1 - box_y0 + 1) * box_width > box_len || ix0 < x0 || iy0 < y0 ||
        ix1 >= x0 + region_width || ix1 >= map_width || (iy1 + 1) * map_width > cover.len) {
        PyErr_SetString(PyExc_ValueError, "box_pairs: the overlap is not inside the box, the region and the map");
        goto done;
    }
    const char *on = (const char *)mask.buf, *in_cover = (const char *)cover.buf;
    const int16_t *dist = (const int16_t *)dd.buf;
    Py_ssize_t n = 0;
    for (Py_ssize_t y = iy0; y <= iy1; y++)
        for (Py_ssize_t x = ix0; x <= ix1; x++) n += on[(y - box_y0) * box_width + x - box_x0] != 0;
    PyObject *where_b = PyBytes_FromStringAndSize(NULL, 8 * n);
    PyObject *dd_b = PyBytes_FromStringAndSize(NULL, 2 * n);
    PyObject *index_b = PyBytes_FromStringAndSize(NULL, 4 * n);
    if (where_b != NULL && dd_b != NULL && index_b != NULL) {
        int64_t *where = (int64_t *)PyBytes_AS_STRING(where_b);
        int16_t *dists = (int16_t *)PyBytes_AS_STRING(dd_b);
        int32_t *index = (int32_t *)PyBytes_AS_STRING(index_b);
        Py_ssize_t k = 0;
        for (Py_ssize_t y = iy0; y <= iy1; y++)
            for (Py_ssize_t x = ix0; x <= ix1; x++) {
                Py_ssize_t b = (y - box_y0) * box_width + x - box_x0;
                if (!on[b]) continue;
                where[k] = (int64_t)(y - y0) * region_width + (x - x0);
                dists[k] = dist[b];
                index[k] = (int32_t)dist[b] + (in_cover[y * map_width + x] ? (int32_t)(reach + 1) : 0);
                k++;
            }
        result = PyTuple_Pack(3, where_b, dd_b, index_b);
    }
    Py_XDECREF(where_b);
    Py_XDECREF(dd_b);
    Py_XDECREF(index_b);
done:
    PyBuffer_Release(&mask);
    PyBuffer_Release(&dd);
    PyBuffer_Release(&cover);
    return result;
}

static PyMethodDef methods[] = {
    {"free_kills", free_kills, METH_VARARGS,
     "free_kills(squares, dists, at, counts, cover, tables, sight_open, sight_cover, out, width, x0, y0, "
     "region_width, region_height): add the pairs' kills (tables[at] * count, counts one a pair or one float) into "
     "out (the map, row-major) where the distance is within the sighting range of the square's cover (cover: the "
     "region's, row-major); the list of the table entries met unfilled (nan), with repeats (out is then "
     "incomplete)."},
    {"box_pairs", box_pairs, METH_VARARGS,
     "box_pairs(mask, dd, box_width, box_x0, box_y0, cover, map_width, ix0, iy0, ix1, iy1, x0, y0, region_width, "
     "reach): the squares of the overlap (ix0..ix1, iy0..iy1) where the box's mask is set, row-major: their indexes "
     "into the region, the distances and the rate-table indexes, as bytes of int64, int16 and int32."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kills_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__kills_core(void) { return PyModule_Create(&module); }
