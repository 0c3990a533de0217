/* The free enemies' part of a shared kills map (engine/ai/threat_maps.py, KillsMaps._shared), compiled: for each
 * free enemy in turn, for each square of the region it would search, in the region's row-major order (its cut,
 * threat_maps.searched_in_region: the square, the enemy's distance to it, the index into its kind's rate table),
 * where the enemy would sight the unit (distance <= the sighting range of the square's cover), the kind's rate
 * times the enemy's count is added to the square. That is the NumPy path's pairs (searched, free_seeing) and its
 * np.bincount, which adds the products in the same order from 0.0: the same doubles. The rate tables are filled
 * lazily (nan where not yet): the first call reports the entries it met unfilled, and the caller fills them and
 * calls again on a new map. The build must not fuse the product into the sum (pyproject.toml: -ffp-contract=off).
 * box_pairs lists those squares of a cut (searched_in_region) in one pass over the geometry's box.
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

/* One enemy's pairs added to out; its unfilled entries appended to missing. 0, or -1 with an exception set. */
static int add_enemy(PyObject *part, const double *tables, Py_ssize_t n_tables, double sight_open, double sight_cover,
                     double *out, Py_ssize_t n_out, Py_ssize_t width, Py_ssize_t x0, Py_ssize_t y0,
                     Py_ssize_t region_width, Py_ssize_t region_size, PyObject *missing) {
    PyObject *where_o, *dd_o, *index_o;
    Py_ssize_t reach, offset;
    double count;
    if (!PyArg_ParseTuple(part, "OOOnnd", &where_o, &dd_o, &index_o, &reach, &offset, &count)) return -1;
    Py_buffer where, dd, index;
    if (get(where_o, &where, PyBUF_SIMPLE | PyBUF_FORMAT, 8, "a cut's squares (int64)") < 0) return -1;
    if (get(dd_o, &dd, PyBUF_SIMPLE | PyBUF_FORMAT, 2, "a cut's distances (int16)") < 0) {
        PyBuffer_Release(&where);
        return -1;
    }
    if (get(index_o, &index, PyBUF_SIMPLE | PyBUF_FORMAT, 4, "a cut's table indexes (int32)") < 0) {
        PyBuffer_Release(&where);
        PyBuffer_Release(&dd);
        return -1;
    }
    int status = 0;
    Py_ssize_t n = where.len / 8;
    if (dd.len / 2 != n || index.len / 4 != n) {
        PyErr_SetString(PyExc_ValueError, "free_kills: a cut's arrays differ in length");
        status = -1;
    }
    const int64_t *squares = (const int64_t *)where.buf;
    const int16_t *dists = (const int16_t *)dd.buf;
    const int32_t *at = (const int32_t *)index.buf;
    for (Py_ssize_t i = 0; status == 0 && i < n; i++) {
        int64_t square = squares[i];
        Py_ssize_t entry = (Py_ssize_t)at[i] + offset;
        if (square < 0 || square >= region_size || at[i] < 0 || entry >= n_tables) {
            PyErr_SetString(PyExc_ValueError, "free_kills: a square or a table index out of range");
            status = -1;
            break;
        }
        /* the index is range + cover * (reach + 1): the square is in cover from reach + 1 on */
        double sight = at[i] > reach ? sight_cover : sight_open;
        if (!((double)dists[i] <= sight)) continue;
        double rate = tables[entry];
        if (isnan(rate)) {
            PyObject *e = PyLong_FromSsize_t(entry);
            if (e == NULL || PyList_Append(missing, e) < 0) status = -1;
            Py_XDECREF(e);
            continue;
        }
        Py_ssize_t cell = (y0 + square / region_width) * width + x0 + square % region_width;
        if (cell >= n_out) {
            PyErr_SetString(PyExc_ValueError, "free_kills: the region is not inside the map");
            status = -1;
            break;
        }
        double value = rate * count;
        out[cell] += value;
    }
    PyBuffer_Release(&where);
    PyBuffer_Release(&dd);
    PyBuffer_Release(&index);
    return status;
}

static PyObject *free_kills(PyObject *self, PyObject *args) {
    PyObject *parts, *tables_o, *out_o;
    double sight_open, sight_cover;
    Py_ssize_t width, x0, y0, region_width, region_height;
    if (!PyArg_ParseTuple(args, "O!OddOnnnnn", &PyList_Type, &parts, &tables_o, &sight_open, &sight_cover, &out_o,
                          &width, &x0, &y0, &region_width, &region_height))
        return NULL;
    if (width <= 0 || x0 < 0 || y0 < 0 || region_width <= 0 || region_height <= 0 || x0 + region_width > width) {
        PyErr_SetString(PyExc_ValueError, "free_kills: the region is not inside the map");
        return NULL;
    }
    Py_buffer tables, out;
    if (get(tables_o, &tables, PyBUF_SIMPLE | PyBUF_FORMAT, 8, "the rate tables (float64)") < 0) return NULL;
    if (get(out_o, &out, PyBUF_WRITABLE | PyBUF_FORMAT, 8, "out (float64)") < 0) {
        PyBuffer_Release(&tables);
        return NULL;
    }
    PyObject *missing = PyList_New(0);
    Py_ssize_t n = missing == NULL ? -1 : PyList_GET_SIZE(parts);
    for (Py_ssize_t k = 0; k < n; k++) {
        if (add_enemy(PyList_GET_ITEM(parts, k), (const double *)tables.buf, tables.len / 8, sight_open,
                      sight_cover, (double *)out.buf, out.len / 8, width, x0, y0, region_width,
                      region_width * region_height, missing) < 0) {
            Py_CLEAR(missing);
            break;
        }
    }
    PyBuffer_Release(&tables);
    PyBuffer_Release(&out);
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
     "free_kills(parts, tables, sight_open, sight_cover, out, width, x0, y0, region_width, region_height): add the "
     "free enemies' kills (parts: a list of (squares, distances, table indexes, reach, table offset, count), one an "
     "enemy) into out (the map, row-major) where each would sight the unit; the list of the table entries met "
     "unfilled (nan), with repeats (out is then incomplete)."},
    {"box_pairs", box_pairs, METH_VARARGS,
     "box_pairs(mask, dd, box_width, box_x0, box_y0, cover, map_width, ix0, iy0, ix1, iy1, x0, y0, region_width, "
     "reach): the squares of the overlap (ix0..ix1, iy0..iy1) where the box's mask is set, row-major: their indexes "
     "into the region, the distances and the rate-table indexes, as bytes of int64, int16 and int32."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kills_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__kills_core(void) { return PyModule_Create(&module); }
