/* A unit's search for targets (engine/sim/combat.py, search and select_target's intruder test), compiled: the loop
 * over the side's enemies (a Roster) that combat.search runs in Python over the roster's lists. Per enemy, in the
 * roster's order: listed if within its sighting range of the unit's square, on that square, or revealed (what the
 * roster's lists hold); passed over if destroyed, or spotted by the side already and beyond the unit's reach; then,
 * off the unit's square, tested for the unit's field of vision (the exact integer tests of rules.los.in_arc for 90
 * and 180 degrees, in_arc itself for other widths) and for the line of sight through the battle's cache of answers
 * (battle.los_known, keyed by the pair of squares, the lesser first), asking battle.sees on a miss as combat.search
 * does. An enemy seen for the first time is handed to battle.note_spotted (the Spotted event) in that order, and the
 * enemies seen within reach are returned in that order. It decides nothing combat.search does not: combat.py keeps
 * that loop as the fallback where this module is not built, and tests/test_search_core.py holds the two equal.
 *
 * The roster's squares and sighting ranges come as one float64 table of n rows (x, y, sighting range), as bytes:
 * whole squares are exact in a double, and the roster's test compares a whole distance with a float64 range as
 * NumPy does. Everything else comes in a tuple made once per roster (combat._search_context; its order is CTX_* below).
 *
 * Built as _los_core.c is (pyproject.toml ext-modules, make setup, pip wheel), with only the CPython C API and the
 * buffer protocol. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

enum {
    CTX_TABLE,        /* float64 (n, 3): x, y, sighting range of each enemy */
    CTX_UNITS,        /* list of n UnitState: the roster's enemies */
    CTX_UIDS,         /* list of n str: their uids */
    CTX_SPOTTED,      /* set of uids the side has spotted (battle.seen_by_side[side]) */
    CTX_KNOWN,        /* dict (square, square) -> bool: battle.los_known */
    CTX_SEES,         /* battle.sees(a, b) */
    CTX_NOTE,         /* battle.note_spotted(unit, enemy) */
    CTX_VISIBILITY,   /* int: state.visibility */
    CTX_MOVING,       /* set of the uids moving this pulse (battle.moving) */
    CTX_FOV_MOVING,   /* int: the field of view in degrees of a moving unit */
    CTX_FOV_STILL,    /* int: ... of a stationary one */
    CTX_VECTORS,      /* dict facing -> (fx, fy): rules.los.FACING_VECTORS by name and number */
    CTX_VECTOR_OF,    /* callable facing -> (fx, fy), for a facing not in the dict (facing_index's other spellings) */
    CTX_IN_ARC,       /* rules.los.in_arc, for a field of view other than 90, 180 or 360 and more degrees */
    CTX_SIZE
};

static PyObject *s_pos, *s_count, *s_uid, *s_facing;

/* the context tuple checked, and its table's rows: the table is a bytes object (the roster's float64 table as
 * bytes, made once per roster), read in place without a buffer request per call */
static int open_context(PyObject *ctx, const double **rows, Py_ssize_t *n) {
    if (!PyTuple_Check(ctx) || PyTuple_GET_SIZE(ctx) != CTX_SIZE) {
        PyErr_SetString(PyExc_TypeError, "search context: a tuple of the roster's fields (combat._search_context)");
        return -1;
    }
    PyObject *table = PyTuple_GET_ITEM(ctx, CTX_TABLE);
    PyObject *units = PyTuple_GET_ITEM(ctx, CTX_UNITS), *uids = PyTuple_GET_ITEM(ctx, CTX_UIDS);
    if (!PyBytes_Check(table) || !PyList_Check(units) || !PyList_Check(uids) ||
        !PyAnySet_Check(PyTuple_GET_ITEM(ctx, CTX_SPOTTED)) || !PyDict_Check(PyTuple_GET_ITEM(ctx, CTX_KNOWN)) ||
        !PyAnySet_Check(PyTuple_GET_ITEM(ctx, CTX_MOVING)) || !PyDict_Check(PyTuple_GET_ITEM(ctx, CTX_VECTORS))) {
        PyErr_SetString(PyExc_TypeError, "search context: a bytes table, units and uids lists, sets and dicts");
        return -1;
    }
    *n = PyList_GET_SIZE(units);
    if (PyBytes_GET_SIZE(table) != (Py_ssize_t)(3 * sizeof(double)) * *n || PyList_GET_SIZE(uids) != *n) {
        PyErr_SetString(PyExc_ValueError, "search context: the table must hold n rows of 3 float64, n the units");
        return -1;
    }
    *rows = (const double *)PyBytes_AS_STRING(table);
    return 0;
}

/* a square (x, y) from a tuple of two ints */
static int square_of(PyObject *pos, long *x, long *y) {
    if (!PyTuple_Check(pos) || PyTuple_GET_SIZE(pos) != 2) {
        PyErr_SetString(PyExc_TypeError, "a unit's square must be a tuple (x, y)");
        return -1;
    }
    *x = PyLong_AsLong(PyTuple_GET_ITEM(pos, 0));
    if (*x == -1 && PyErr_Occurred()) return -1;
    *y = PyLong_AsLong(PyTuple_GET_ITEM(pos, 1));
    if (*y == -1 && PyErr_Occurred()) return -1;
    return 0;
}

/* 1 if the unit's count is above 0, 0 if not, -1 on an error */
static int alive(PyObject *unit) {
    PyObject *count = PyObject_GetAttr(unit, s_count);
    if (count == NULL) return -1;
    long c = PyLong_AsLong(count);
    Py_DECREF(count);
    if (c == -1 && PyErr_Occurred()) return -1;
    return c > 0;
}

static long absl(long v) { return v < 0 ? -v : v; }

/* standing_on(context, square): the first living enemy on the square, in the roster's order, or None */
static PyObject *standing_on(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "standing_on(context, square)");
        return NULL;
    }
    const double *rows;
    Py_ssize_t n;
    long ax, ay;
    if (square_of(args[1], &ax, &ay) < 0 || open_context(args[0], &rows, &n) < 0) return NULL;
    PyObject *units = PyTuple_GET_ITEM(args[0], CTX_UNITS);
    PyObject *found = Py_None;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (rows[3 * i] != (double)ax || rows[3 * i + 1] != (double)ay) continue;
        PyObject *e = PyList_GET_ITEM(units, i);
        int living = alive(e);
        if (living < 0) return NULL;
        if (living) {
            found = e;
            break;
        }
    }
    Py_INCREF(found);
    return found;
}

/* The arc test's inputs, looked up at the first enemy off the unit's square (as combat.search does). */
typedef struct {
    int ready;
    long degrees, fx, fy;
    PyObject *width;  /* the degrees as the context holds them (borrowed), for in_arc */
    PyObject *facing; /* a new reference once ready, for in_arc */
} Arc;

static int arc_ready(Arc *arc, PyObject *ctx, PyObject *unit) {
    PyObject *uid = PyObject_GetAttr(unit, s_uid);
    if (uid == NULL) return -1;
    int moving = PySet_Contains(PyTuple_GET_ITEM(ctx, CTX_MOVING), uid);
    Py_DECREF(uid);
    if (moving < 0) return -1;
    arc->width = PyTuple_GET_ITEM(ctx, moving ? CTX_FOV_MOVING : CTX_FOV_STILL);
    arc->degrees = PyLong_AsLong(arc->width);
    if (arc->degrees == -1 && PyErr_Occurred()) return -1;
    arc->facing = PyObject_GetAttr(unit, s_facing);
    if (arc->facing == NULL) return -1;
    PyObject *vector = PyDict_GetItemWithError(PyTuple_GET_ITEM(ctx, CTX_VECTORS), arc->facing);
    if (vector != NULL) {
        Py_INCREF(vector);
    } else {
        if (PyErr_Occurred()) return -1;
        vector = PyObject_CallOneArg(PyTuple_GET_ITEM(ctx, CTX_VECTOR_OF), arc->facing);
        if (vector == NULL) return -1;
    }
    long fx = -1, fy = -1;
    if (PyTuple_Check(vector) && PyTuple_GET_SIZE(vector) == 2) {
        fx = PyLong_AsLong(PyTuple_GET_ITEM(vector, 0));
        fy = PyLong_AsLong(PyTuple_GET_ITEM(vector, 1));
    } else {
        PyErr_SetString(PyExc_TypeError, "a facing vector must be a tuple (fx, fy)");
    }
    Py_DECREF(vector);
    if (PyErr_Occurred()) return -1;
    arc->fx = fx;
    arc->fy = fy;
    arc->ready = 1;
    return 0;
}

/* 1 if the offset (tx, ty) from the unit's square lies in its field of vision, 0 if not, -1 on an error */
static int in_arc(Arc *arc, PyObject *ctx, PyObject *a, PyObject *b, long tx, long ty) {
    if (arc->degrees == 90 || arc->degrees == 180) { /* rules.los.in_arc_offset */
        long dot = arc->fx * tx + arc->fy * ty;
        if (dot < 0) return 0;
        return arc->degrees == 180 || 2 * dot * dot >= (arc->fx * arc->fx + arc->fy * arc->fy) * (tx * tx + ty * ty);
    }
    if (arc->degrees >= 360) return 1;
    PyObject *r = PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(ctx, CTX_IN_ARC), a, arc->facing, b, arc->width, NULL);
    if (r == NULL) return -1;
    int inside = PyObject_IsTrue(r);
    Py_DECREF(r);
    return inside;
}

/* 1 if the unit on a sees the enemy on b (d squares apart), 0 if not, -1 on an error: combat.search's lookup */
static int sees(PyObject *ctx, PyObject *a, PyObject *b, long ax, long ay, long bx, long by, long d, long vis) {
    int a_first = ax < bx || (ax == bx && ay <= by);
    PyObject *key = a_first ? PyTuple_Pack(2, a, b) : PyTuple_Pack(2, b, a);
    if (key == NULL) return -1;
    PyObject *los = PyDict_GetItemWithError(PyTuple_GET_ITEM(ctx, CTX_KNOWN), key); /* borrowed */
    Py_DECREF(key);
    if (los == NULL) {
        if (PyErr_Occurred()) return -1;
        PyObject *r = PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(ctx, CTX_SEES), a, b, NULL);
        if (r == NULL) return -1;
        int seen = PyObject_IsTrue(r);
        Py_DECREF(r);
        return seen;
    }
    int clear = PyObject_IsTrue(los);
    if (clear < 0) return -1;
    return clear && d <= vis;
}

/* search(context, revealed, unit, reach): combat.search's loop; `revealed` is None or n bytes, 1 for an enemy seen
 * firing this pulse (listed at any distance) */
static PyObject *search(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "search(context, revealed, unit, reach)");
        return NULL;
    }
    PyObject *ctx = args[0], *unit = args[2];
    long reach = PyLong_AsLong(args[3]);
    if (reach == -1 && PyErr_Occurred()) return NULL;
    PyObject *a = PyObject_GetAttr(unit, s_pos);
    if (a == NULL) return NULL;
    long ax, ay;
    if (square_of(a, &ax, &ay) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    Py_buffer marks;
    const double *rows;
    Py_ssize_t n;
    if (open_context(ctx, &rows, &n) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    const unsigned char *revealed = NULL;
    if (args[1] != Py_None) {
        if (PyObject_GetBuffer(args[1], &marks, PyBUF_C_CONTIGUOUS) < 0) {
            Py_DECREF(a);
            return NULL;
        }
        if (marks.len != n || marks.itemsize != 1) {
            PyBuffer_Release(&marks);
            Py_DECREF(a);
            PyErr_SetString(PyExc_ValueError, "search: revealed must be n bytes (a bool array)");
            return NULL;
        }
        revealed = (const unsigned char *)marks.buf;
    }
    long vis = PyLong_AsLong(PyTuple_GET_ITEM(ctx, CTX_VISIBILITY));
    PyObject *units = PyTuple_GET_ITEM(ctx, CTX_UNITS), *uids = PyTuple_GET_ITEM(ctx, CTX_UIDS);
    PyObject *spotted = PyTuple_GET_ITEM(ctx, CTX_SPOTTED);
    PyObject *found = PyList_New(0);
    Arc arc = {0, 0, 0, 0, NULL, NULL};
    if (found == NULL || (vis == -1 && PyErr_Occurred())) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        double x = rows[3 * i], y = rows[3 * i + 1];
        long bx = (long)x, by = (long)y;
        long tx = bx - ax, ty = by - ay;
        long d = absl(tx) > absl(ty) ? absl(tx) : absl(ty);
        if (!((double)d <= rows[3 * i + 2] || d == 0 || (revealed != NULL && revealed[i]))) continue; /* not listed */
        PyObject *e = PyList_GET_ITEM(units, i), *uid = PyList_GET_ITEM(uids, i);
        int living = alive(e);
        if (living < 0) goto fail;
        if (!living) continue; /* destroyed since the roster was made */
        int known = -1;
        if (d > reach) {
            known = PySet_Contains(spotted, uid);
            if (known < 0) goto fail;
            if (known) continue; /* seeing it again changes nothing */
        }
        if (d) {
            if (!arc.ready && arc_ready(&arc, ctx, unit) < 0) goto fail;
            PyObject *b = Py_BuildValue("(ll)", bx, by);
            if (b == NULL) goto fail;
            int inside = in_arc(&arc, ctx, a, b, tx, ty);
            int seen = inside > 0 ? sees(ctx, a, b, ax, ay, bx, by, d, vis) : inside;
            Py_DECREF(b);
            if (seen < 0) goto fail;
            if (!seen) continue;
        }
        if (known < 0) {
            known = PySet_Contains(spotted, uid);
            if (known < 0) goto fail;
        }
        if (!known) { /* battle.note_spotted: the Spotted event */
            PyObject *r = PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(ctx, CTX_NOTE), unit, e, NULL);
            if (r == NULL) goto fail;
            Py_DECREF(r);
        }
        if (d <= reach && PyList_Append(found, e) < 0) goto fail;
    }
    Py_XDECREF(arc.facing);
    if (revealed != NULL) PyBuffer_Release(&marks);
    Py_DECREF(a);
    return found;
fail:
    Py_XDECREF(arc.facing);
    Py_XDECREF(found);
    if (revealed != NULL) PyBuffer_Release(&marks);
    Py_DECREF(a);
    return NULL;
}

/* rows(units, moving, cover, width, ranges, out): the roster's table of the units on the map, in one pass (what
 * RosterMaker.rosters reads of them every pulse): per unit its square (x, y) and its sighting range, picked from its
 * row of `ranges` (float64, n x 4: still in the open, moving in the open, still in cover, moving in cover; worked
 * out by rules.sighting when the units on the map change) by whether its square is cover (`cover`, the grid's, one
 * byte a square, rows of `width`) and whether it moves (its uid in the set `moving`); written into out (float64,
 * n x 3) */
static PyObject *rows(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6 || !PyList_Check(args[0]) || !PyAnySet_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "rows(units: list, moving: set, cover, width, ranges, out)");
        return NULL;
    }
    PyObject *units = args[0], *moving = args[1];
    Py_ssize_t n = PyList_GET_SIZE(units), width = PyLong_AsSsize_t(args[3]);
    if (width == -1 && PyErr_Occurred()) return NULL;
    Py_buffer cover, ranges, out;
    if (PyObject_GetBuffer(args[2], &cover, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (PyObject_GetBuffer(args[4], &ranges, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&cover);
        return NULL;
    }
    if (PyObject_GetBuffer(args[5], &out, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&cover);
        PyBuffer_Release(&ranges);
        return NULL;
    }
    if (width <= 0 || cover.itemsize != 1 || cover.len % width != 0 || ranges.itemsize != 8 ||
        ranges.len != 4 * 8 * n || out.itemsize != 8 || out.len != 3 * 8 * n) {
        PyErr_SetString(PyExc_ValueError, "rows: cover one byte a square, ranges float64 (n, 4), out float64 (n, 3)");
        goto fail;
    }
    const unsigned char *covered = (const unsigned char *)cover.buf;
    const double *range = (const double *)ranges.buf;
    double *row = (double *)out.buf;
    Py_ssize_t height = cover.len / width;
    int check_moving = PySet_GET_SIZE(moving) > 0;
    for (Py_ssize_t i = 0; i < n; i++, row += 3) {
        PyObject *unit = PyList_GET_ITEM(units, i);
        PyObject *pos = PyObject_GetAttr(unit, s_pos);
        if (pos == NULL) goto fail;
        long x, y;
        int bad = square_of(pos, &x, &y);
        Py_DECREF(pos);
        if (bad < 0) goto fail;
        if (x < 0 || y < 0 || x >= width || y >= height) {
            PyErr_SetString(PyExc_ValueError, "rows: a unit's square is outside the map");
            goto fail;
        }
        int m = 0;
        if (check_moving) {
            PyObject *uid = PyObject_GetAttr(unit, s_uid);
            if (uid == NULL) goto fail;
            m = PySet_Contains(moving, uid);
            Py_DECREF(uid);
            if (m < 0) goto fail;
        }
        row[0] = (double)x;
        row[1] = (double)y;
        row[2] = range[4 * i + 2 * (covered[y * width + x] != 0) + m];
    }
    PyBuffer_Release(&cover);
    PyBuffer_Release(&ranges);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&cover);
    PyBuffer_Release(&ranges);
    PyBuffer_Release(&out);
    return NULL;
}

static PyMethodDef methods[] = {
    {"search", (PyCFunction)(void (*)(void))search, METH_FASTCALL,
     "search(context, revealed, unit, reach): the enemies the unit sees within reach, in the roster's order, each "
     "enemy seen for the first time handed to note_spotted (combat.search)."},
    {"standing_on", (PyCFunction)(void (*)(void))standing_on, METH_FASTCALL,
     "standing_on(context, square): the first living enemy on the square in the roster's order, or None."},
    {"rows", (PyCFunction)(void (*)(void))rows, METH_FASTCALL,
     "rows(units, moving, cover, width, ranges, out): each unit's x, y and sighting range (its row of ranges by its "
     "square's cover and whether it moves), into out (float64, n x 3)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_search_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__search_core(void) {
    s_pos = PyUnicode_InternFromString("pos");
    s_count = PyUnicode_InternFromString("count");
    s_uid = PyUnicode_InternFromString("uid");
    s_facing = PyUnicode_InternFromString("facing");
    if (s_pos == NULL || s_count == NULL || s_uid == NULL || s_facing == NULL) return NULL;
    return PyModule_Create(&module);
}
