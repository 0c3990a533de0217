/* rules.fire's float path for direct fire (direct_fire: fire_vs_armour and fire_vs_soft with the armoured vehicle's
 * MG attack) and indirect fire (indirect_fire), no special infantry weapon, compiled: the same operations on doubles
 * in the same order, so that every number equals the one engine/rules/fire.py computes with the builtin float. It
 * builds none of fire.py's objects (Firer, Target, Attack, Modifier, FireResult), which cost more than the
 * arithmetic; it returns the numbers a Fired event carries and a mask of the modifiers that applied, from which
 * engine/rules/fire_core.py names them as fire.py does. tests/test_fire_core.py holds the two equal.
 *
 * Python's `x ** 2` on a float is libm's pow(x, 2.0) (py_pow below), and min/max return their first argument
 * unless the second is strictly less/greater: both are written out so. The build must not contract a * b + c into
 * one fused multiply-add (pyproject.toml passes -ffp-contract=off): Python rounds after each operation.
 *
 * Built like _los_core.c (make setup, pip wheel); fire_core.py falls back to fire.py when it is not built. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>

/* The rules' parameters and flags, in fire_core.CONSTANTS' order. */
enum {
    C_MAX_PULSES, C_RANGE_TERM, C_ACCURACY_DIVISOR, C_PLUS_ONE, C_SILHOUETTE_BELOW, C_SILHOUETTE_DIVISOR,
    C_COVER_ARMOURED, C_MOVING_ARMOURED, C_APF_SHELL_DIVISOR, C_APF_HALVING_RATIO, C_APF_CAP_RATIO,
    C_KILL_DIVISOR_ARMOURED, C_MG_BELOW, C_MOVING_SOFT, C_COVER_SOFT, C_KILL_DIVISOR_SOFT, C_SUPPRESSION_MIN_ACCURACY,
    C_SUPPRESSION_DIVISOR, C_SUPPRESSION_FIRE_DIVISOR, C_CAP_ARMOURED, C_CAP_SOFT, C_NO_SEARCH_ABOVE,
    C_MOVING_FIRER_DIVISOR, C_SAME_SQUARE_DEFENCE, C_SAME_SQUARE_ACCURACY, C_HMG_MR, C_HMG_SS, C_HMG_AC,
    C_INDIRECT_ARMOUR, C_COUNT
};
/* The firer's weapon and class (fire_core.firer_constants' order). */
enum { F_MR, F_MP, F_SS, F_AC, F_MG, F_ARMOURED, F_VEHICLE, F_KILLS_ARMOUR, F_ARMS, F_MG_ARMS, F_COUNT };
/* The target's weapon and class (fire_core.target_constants' order). */
enum { T_ARMOURED, T_VEHICLE, T_FA, T_BA, T_SL, T_DF, T_COUNT };

/* The modifiers' bits, in the order fire.py lists them (fire_core.py names them). */
#define M_SILHOUETTE 1
#define M_COVER_ARMOURED 2
#define M_MOVING_ARMOURED 4
#define M_APF_HALVED 8
#define M_APF_BELOW_ARMOUR 16
#define M_MOVING_VEHICLE 32
#define M_MOVING_TARGET 64
#define M_COVER_SOFT 128
#define M_MOVING_FIRER 256
#define M_SMALL_ARMS 512
#define M_SAME_SQUARE 1024

static int doubles(PyObject *tuple, double *out, Py_ssize_t n, const char *what) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != n) {
        PyErr_Format(PyExc_TypeError, "%s: a tuple of %zd numbers expected", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(tuple, i));
        if (out[i] == -1.0 && PyErr_Occurred()) return -1;
    }
    return 0;
}

/* Python's x ** 2: libm's pow, called. A compiler turns pow(x, 2.0) into x * x, the correctly rounded square,
 * which pow itself is not always (glibc's is within about half a unit in the last place: 1.822055503474464 squared is
 * 3.319886257741583 by pow and 3.3198862577415826 by x * x); the volatile pointer keeps the call. */
static double (*volatile py_pow)(double, double) = pow;

static double first_unless_less(double a, double b) { return b < a ? b : a; }   /* Python's min(a, b) */
static double first_unless_more(double a, double b) { return b > a ? b : a; }   /* Python's max(a, b) */

/* fire._base: the accuracy base, and P after the cap. */
static double base(const double *c, double r, double mr, double ac, double pulses, double *p) {
    double mre = mr > 0 ? mr : 1.0;
    *p = first_unless_less(pulses, c[C_MAX_PULSES]);
    double b = py_pow((mre - r) * c[C_RANGE_TERM] / mre + ac * *p, 2.0) / c[C_ACCURACY_DIVISOR];
    if (c[C_PLUS_ONE] != 0) b += 1.0;
    return b;
}

/* suppression.suppression_added */
static double suppression_added(const double *c, double ss, double acc, double n) {
    double a = first_unless_more(acc, c[C_SUPPRESSION_MIN_ACCURACY]);
    return py_pow(ss, 2.0) * py_pow(a, 2.0) * n / c[C_SUPPRESSION_DIVISOR];
}

/* fire._vs_soft for a firer of (mr, ss, ac, count, small-arms multiplier); returns 0 when the defence is not above
 * 0 (fire.py raises). */
static int vs_soft(const double *c, const double *t, double r, double pulses, double mr, double ss, double ac,
                   double n, double arms, int same_square, int firer_moving, int in_cover, int target_moving,
                   double target_supp, double *p, double *acc, double *kills, double *supp, double *defence,
                   long *mask) {
    double b = base(c, r, mr, ac, pulses, p);
    double factors[5];
    long bits[5];
    int k = 0;
    if (target_moving) {
        factors[k] = t[T_VEHICLE] != 0 ? c[C_MOVING_ARMOURED] : c[C_MOVING_SOFT];
        bits[k++] = t[T_VEHICLE] != 0 ? M_MOVING_VEHICLE : M_MOVING_TARGET;
    }
    if (in_cover) {
        factors[k] = c[C_COVER_SOFT];
        bits[k++] = M_COVER_SOFT;
    }
    if (firer_moving && r != 0) {
        factors[k] = 1.0 / c[C_MOVING_FIRER_DIVISOR];
        bits[k++] = M_MOVING_FIRER;
    }
    if (arms != 1.0) { /* fire_core passes 1 when the bonus is not this firer's; a factor of 1 is dropped anyway */
        factors[k] = arms;
        bits[k++] = M_SMALL_ARMS;
    }
    double d = t[T_DF];
    if (same_square && target_supp > c[C_NO_SEARCH_ABOVE]) {
        d = c[C_SAME_SQUARE_DEFENCE];
        factors[k] = c[C_SAME_SQUARE_ACCURACY];
        bits[k++] = M_SAME_SQUARE;
    }
    if (!(d > 0)) return 0;
    double a = b;
    *mask = 0;
    for (int i = 0; i < k; i++) {
        if (factors[i] != 1.0) { /* fire.py drops the modifiers of factor 1 */
            a *= factors[i];
            *mask |= bits[i];
        }
    }
    *acc = a;
    *kills = ss * ss * a * n / (d * c[C_KILL_DIVISOR_SOFT]);
    *supp = suppression_added(c, ss, a, n);
    *defence = d;
    return 1;
}

static PyObject *shot(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 14) {
        PyErr_SetString(PyExc_TypeError, "shot takes 14 arguments");
        return NULL;
    }
    double c[C_COUNT], f[F_COUNT], t[T_COUNT], v[10];
    if (doubles(args[0], c, C_COUNT, "constants") < 0 || doubles(args[1], f, F_COUNT, "firer") < 0 ||
        doubles(args[2], t, T_COUNT, "target") < 0)
        return NULL;
    for (int i = 0; i < 10; i++) {
        v[i] = PyFloat_AsDouble(args[3 + i]);
        if (v[i] == -1.0 && PyErr_Occurred()) return NULL;
    }
    double n = v[0], firer_supp = v[2], target_speed = v[4], target_supp = v[6], r = v[7], pulses = v[8];
    int firer_moving = v[1] != 0, in_cover = v[3] != 0, target_moving = v[5] != 0;
    double front = v[9]; /* 1 front arc, 0 not, -1 not given */
    int indirect = PyObject_IsTrue(args[13]);
    if (indirect < 0) return NULL;

    double mre = f[F_MR] > 0 ? f[F_MR] : 1.0;
    if (indirect)
        r = f[F_MR]; /* fire.indirect_fire: the range is MR, not checked */
    else if (r < 0 || r > mre) /* fire._check_range */
        Py_RETURN_NONE;

    double p, acc, kills, supp, defence, penetration, sle = 0, total_kills, total_supp;
    long mask = 0;
    if (t[T_ARMOURED] != 0) { /* fire_vs_armour or indirect_fire, then _vs_armour */
        double armour;
        if (indirect) { /* fire.indirect_armour, by the ruleset's flag: 0 BA + FA/3, 1 (BA + FA)/3 */
            if (c[C_INDIRECT_ARMOUR] == 0)
                armour = t[T_BA] + t[T_FA] / 3.0;
            else if (c[C_INDIRECT_ARMOUR] == 1)
                armour = (t[T_BA] + t[T_FA]) / 3.0;
            else
                Py_RETURN_NONE; /* a rule fire.py does not know: it raises */
        } else {
            if (r != 0 && front < 0) Py_RETURN_NONE; /* armour_facing raises */
            armour = r != 0 && front > 0 ? t[T_FA] : t[T_BA];
        }
        if (!(armour > 0)) Py_RETURN_NONE;
        double b = base(c, r, f[F_MR], f[F_AC], pulses, &p);
        double below = c[C_SILHOUETTE_BELOW];
        sle = !indirect && r < below ? t[T_SL] + (below - r) : t[T_SL] + 0.0; /* no range bonus indirect */
        double a = b * (sle / c[C_SILHOUETTE_DIVISOR]);
        mask = M_SILHOUETTE;
        if (in_cover && target_speed == 0) {
            a *= c[C_COVER_ARMOURED];
            mask |= M_COVER_ARMOURED;
        }
        if (target_moving) {
            a *= c[C_MOVING_ARMOURED];
            mask |= M_MOVING_ARMOURED;
        }
        double ss = f[F_SS], mp = f[F_MP];
        double apf = ss * ss / c[C_APF_SHELL_DIVISOR] + mp - mp * (r / mre) / 2.0;
        if (apf < c[C_APF_HALVING_RATIO] * armour) {
            a *= 1.0 / 2.0;
            mask |= M_APF_HALVED;
        }
        if (apf < armour) {
            a *= 1.0 / 2.0;
            mask |= M_APF_BELOW_ARMOUR;
        }
        double capped = first_unless_less(apf, c[C_APF_CAP_RATIO] * armour);
        kills = f[F_KILLS_ARMOUR] != 0 ? capped * a * n / (armour * c[C_KILL_DIVISOR_ARMOURED]) : 0.0;
        if (mp > 0 && !(f[F_VEHICLE] != 0 && f[F_MG] > 0 && r < c[C_MG_BELOW]))
            supp = 0.0;
        else
            supp = suppression_added(c, ss, a, n);
        acc = a;
        penetration = capped != 0 ? capped : a;
        defence = armour;
        total_kills = 0.0 + kills;
        total_supp = 0.0 + supp;
    } else { /* fire_vs_soft, or indirect_fire's _vs_soft (never the firer's own square, no MGs) */
        if (!vs_soft(c, t, r, pulses, f[F_MR], f[F_SS], f[F_AC], n, f[F_ARMS], !indirect && r == 0, firer_moving,
                     in_cover, target_moving, target_supp, &p, &acc, &kills, &supp, &defence, &mask))
            Py_RETURN_NONE;
        total_kills = 0.0 + kills;
        total_supp = 0.0 + supp;
        if (!indirect && f[F_ARMOURED] != 0 && f[F_VEHICLE] != 0 && f[F_MG] > 0 && r < c[C_MG_BELOW]) { /* A10 */
            double mg_p, mg_acc, mg_kills, mg_supp, mg_defence;
            long mg_mask;
            if (!vs_soft(c, t, r, pulses, c[C_HMG_MR], c[C_HMG_SS], c[C_HMG_AC], f[F_MG] * n, f[F_MG_ARMS], r == 0,
                         firer_moving, in_cover, target_moving, target_supp, &mg_p, &mg_acc, &mg_kills, &mg_supp,
                         &mg_defence, &mg_mask))
                Py_RETURN_NONE;
            total_kills = total_kills + mg_kills;
            total_supp = total_supp + mg_supp;
        }
        penetration = acc;
    }
    /* fire._result: the firer's effectiveness, and the cap on the target's suppression */
    double eff = first_unless_more(0.0, 1.0 - firer_supp / c[C_SUPPRESSION_FIRE_DIVISOR]);
    double cap = t[T_ARMOURED] != 0 ? c[C_CAP_ARMOURED] : c[C_CAP_SOFT];
    double out_kills = total_kills * eff;
    double out_supp = first_unless_less(cap, total_supp * eff + 0.0);
    return Py_BuildValue("(ddddddld)", out_kills, out_supp, p, acc, penetration, defence, mask, sle);
}

static PyMethodDef methods[] = {
    {"shot", (PyCFunction)(void (*)(void))shot, METH_FASTCALL,
     "shot(constants, firer, target, count, firer_moving, firer_suppression, in_cover, target_speed, "
     "target_moving, target_suppression, range, pulses, front_arc, indirect) -> (kills, suppression, pulses, accuracy, "
     "penetration, defence, modifiers, silhouette) or None where fire.py would raise."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fire_core", NULL, -1, methods};

PyMODINIT_FUNC PyInit__fire_core(void) { return PyModule_Create(&module); }
