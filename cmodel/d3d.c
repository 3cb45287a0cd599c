/*
 * d3d.c - parser of the Direct3D shader-model-4 `ld` text and its lowering
 * to TLDS (or, for the forms TLDS lacks, TLD) plus register moves.  The
 * rules and their reasons are in docs/d3d-ld.md; the interface in d3d.h.
 *
 * The lowering is exact or refused: every `ld` it accepts gives, after the
 * moves, the result Direct3D's "ld (sm4 - asm)" page defines; what neither
 * instruction expresses exactly (a TextureCube, offsets on a buffer) is
 * refused with the reason, never approximated.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "d3d.h"
#include "isa.h"

/* ---------------------------------------------------------------------------
 * Names and small helpers.
 */

static const char *const dim_names[TX_D3D_NDIMS] = {
    "buffer", "texture1d", "texture1darray", "texture2d", "texture2darray",
    "texture2dms", "texture2dmsarray", "texture3d", "texturecube", "texturecubearray",
};

int tx_d3d_dim_from_name(const char *name)
{
    for (int i = 0; i < TX_D3D_NDIMS; i++)
        if (strcmp(name, dim_names[i]) == 0)
            return i;
    return -1;
}

const char *tx_d3d_dim_name(int dim)
{
    return dim >= 0 && dim < TX_D3D_NDIMS ? dim_names[dim] : NULL;
}

int tx_d3d_reg(char file, int index, int comp)
{
    if (comp < 0 || comp > 3 || index < 0)
        return -1;
    if (file == 'r' && index < TX_D3D_NTEMPS)
        return 4 * index + comp;
    if (file == 'v' && index < TX_D3D_NINPUTS)
        return TX_D3D_V_BASE + 4 * index + comp;
    return -1;
}

uint32_t tx_d3d_aoffi_pack(int u, int v, int w)
{
    return ((uint32_t)(w & 0xf) << 8) | ((uint32_t)(v & 0xf) << 4) | (uint32_t)(u & 0xf);
}

static int fail(tx_d3d_err *err, int col, const char *fmt, ...)
{
    va_list ap;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

static const char comp_xyzw[] = "xyzw";

/* ---------------------------------------------------------------------------
 * Parser.
 */

typedef struct lexer {
    const char *t;
    size_t i;
} lexer;

static void skip_ws(lexer *L)
{
    while (L->t[L->i] == ' ' || L->t[L->i] == '\t')
        L->i++;
}

static int col_of(const lexer *L)
{
    return (int)L->i + 1;
}

/* One operand as written: a register file name, an index, a component
 * string.  Checks that are the same for every role live here. */
typedef struct operand {
    char file[8];       /* lower-case letters before the index */
    long index;
    char comps[8];      /* letters after '.', lower-case; "" if none */
    int col, col_comps;
} operand;

static int parse_operand(lexer *L, const char *role, operand *op, tx_d3d_err *err)
{
    size_t n = 0;
    int digits = 0;

    memset(op, 0, sizeof *op);
    skip_ws(L);
    op->col = col_of(L);
    if (L->t[L->i] == '-' || L->t[L->i] == '|')
        return fail(err, op->col, "%s: operand modifiers (-, |..|) are not allowed on ld", role);
    while (isalpha((unsigned char)L->t[L->i])) {
        if (n + 1 < sizeof op->file)
            op->file[n++] = (char)tolower((unsigned char)L->t[L->i]);
        L->i++;
    }
    op->file[n] = '\0';
    if (n == 0)
        return fail(err, op->col, "%s: expected a register", role);
    if (strcmp(op->file, "abs") == 0 && L->t[L->i] == '(')
        return fail(err, op->col, "%s: operand modifiers (-, |..|) are not allowed on ld", role);
    if (strcmp(op->file, "l") == 0 && L->t[L->i] == '(')
        return fail(err, op->col, "%s: an immediate value cannot be lowered: TLDS reads "
                                  "registers only", role);
    if (strcmp(op->file, "icb") == 0)
        return fail(err, op->col, "%s: the immediate constant buffer (icb) is not supported", role);
    if (strcmp(op->file, "cb") == 0 && strcmp(role, "srcResource") == 0)
        return fail(err, op->col, "srcResource: a constant buffer cannot be bound to a t# "
                                  "register (srcResource must be a t# register)");
    if (strcmp(op->file, "cb") == 0)
        return fail(err, op->col, "%s: a constant-buffer operand (cb#) cannot be lowered: TLDS "
                                  "reads registers only", role);
    if (strcmp(op->file, "x") == 0)
        return fail(err, op->col, "%s: indexable temporaries (x#) are not supported (they need "
                                  "relative addressing)", role);
    while (isdigit((unsigned char)L->t[L->i])) {
        if (digits < 6)
            op->index = op->index * 10 + (L->t[L->i] - '0');
        digits++;
        L->i++;
    }
    if (L->t[L->i] == '[')
        return fail(err, col_of(L), "%s: relative addressing ([...]) is not allowed", role);
    if (digits == 0)
        return fail(err, col_of(L), "%s: expected a register number after '%s'", role, op->file);
    if (digits > 6)
        op->index = 999999;   /* certainly out of range */
    if (L->t[L->i] == '.') {
        L->i++;
        op->col_comps = col_of(L);
        n = 0;
        while (isalpha((unsigned char)L->t[L->i])) {
            if (n + 1 >= sizeof op->comps)
                return fail(err, op->col_comps, "%s: too many components", role);
            op->comps[n++] = (char)tolower((unsigned char)L->t[L->i]);
            L->i++;
        }
        op->comps[n] = '\0';
        if (n == 0)
            return fail(err, op->col_comps, "%s: expected components after '.'", role);
    }
    return 0;
}

/* Component letters -> numbers; all from xyzw or all from rgba. */
static int comp_numbers(const char *s, uint8_t out[4], int *n)
{
    static const char rgba[] = "rgba";
    int set = -1;   /* 0: xyzw, 1: rgba */

    *n = 0;
    for (; *s; s++) {
        const char *p;
        int which;
        if ((p = strchr(comp_xyzw, *s)) != NULL)
            which = 0;
        else if ((p = strchr(rgba, *s)) != NULL)
            which = 1;
        else
            return -1;
        if (set >= 0 && set != which)
            return -2;
        set = which;
        if (*n >= 4)
            return -3;
        out[(*n)++] = (uint8_t)(p - (which ? rgba : comp_xyzw));
    }
    return 0;
}

/* A source swizzle: none (= xyzw), one component (replicated) or four. */
static int source_swizzle(const operand *op, const char *role, uint8_t swz[4], tx_d3d_err *err)
{
    int n, rc;
    uint8_t c[4];

    if (!op->comps[0]) {
        for (int i = 0; i < 4; i++)
            swz[i] = (uint8_t)i;
        return 0;
    }
    rc = comp_numbers(op->comps, c, &n);
    if (rc == -2)
        return fail(err, op->col_comps, "%s: swizzle '.%s' mixes xyzw and rgba letters", role,
                    op->comps);
    if (rc < 0)
        return fail(err, op->col_comps, "%s: bad swizzle '.%s' (letters x y z w or r g b a)",
                    role, op->comps);
    if (n != 1 && n != 4)
        return fail(err, op->col_comps, "%s: a source swizzle has 1 or 4 components, '.%s' has %d",
                    role, op->comps, n);
    for (int i = 0; i < 4; i++)
        swz[i] = n == 1 ? c[0] : c[i];
    return 0;
}

/* The opcode and its optional _aoffimmi(u,v,w). */
static int parse_opcode(lexer *L, tx_d3d_ld *ld, tx_d3d_err *err)
{
    char name[40];
    size_t n = 0;

    skip_ws(L);
    ld->col_op = col_of(L);
    while (isalnum((unsigned char)L->t[L->i]) || L->t[L->i] == '_') {
        if (n + 1 < sizeof name)
            name[n++] = (char)tolower((unsigned char)L->t[L->i]);
        L->i++;
    }
    name[n] = '\0';
    if (n == 0)
        return fail(err, ld->col_op, "expected the instruction ld");
    if (strcmp(name, "ld") == 0)
        return 0;
    if (strcmp(name, "ld_aoffimmi") == 0) {
        ld->aoffi = 1;
        skip_ws(L);
        if (L->t[L->i] != '(')
            return fail(err, col_of(L), "expected '(' after _aoffimmi");
        L->i++;
        for (int k = 0; k < 3; k++) {
            int neg = 0, digits = 0, col;
            long v = 0;
            skip_ws(L);
            col = col_of(L);
            if (L->t[L->i] == '-' || L->t[L->i] == '+')
                neg = L->t[L->i++] == '-';
            while (isdigit((unsigned char)L->t[L->i])) {
                if (digits < 6)
                    v = v * 10 + (L->t[L->i] - '0');
                digits++;
                L->i++;
            }
            if (!digits)
                return fail(err, col, "_aoffimmi: expected an integer offset (u, v, w)");
            if (neg)
                v = -v;
            if (digits > 6 || v < -8 || v > 7)
                return fail(err, col, "_aoffimmi: offset %ld out of range: offsets are 4-bit "
                                      "two's complement, -8..7", digits > 6 ? 999999L : v);
            ld->off[k] = (int8_t)v;
            skip_ws(L);
            if (L->t[L->i] != (k < 2 ? ',' : ')'))
                return fail(err, col_of(L), "_aoffimmi: expected '%c'", k < 2 ? ',' : ')');
            L->i++;
        }
        return 0;
    }
    if (strcmp(name, "ld2dms") == 0 || strcmp(name, "ld_ms") == 0)
        return fail(err, ld->col_op, "%s is not supported: load a texture2dms with ld, which "
                                     "takes the sample index from srcAddress.b", name);
    if (strncmp(name, "ld_indexable", 12) == 0)
        return fail(err, ld->col_op, "ld_indexable (shader model 5) is not supported: declare "
                                     "the resource in the vector's \"d3d\" member and use ld");
    if (strncmp(name, "ld", 2) == 0)
        return fail(err, ld->col_op, "unknown instruction '%s' (expected ld or "
                                     "ld_aoffimmi(u,v,w))", name);
    return fail(err, ld->col_op, "unknown instruction '%s': only ld is supported", name);
}

static int expect_comma(lexer *L, const char *after, tx_d3d_err *err)
{
    skip_ws(L);
    if (L->t[L->i] != ',')
        return fail(err, col_of(L), "expected ',' after %s", after);
    L->i++;
    return 0;
}

int tx_d3d_parse(const char *text, tx_d3d_ld *ld, tx_d3d_err *err)
{
    lexer L = {text, 0};
    operand op;
    int n, rc;
    uint8_t c[4];

    memset(ld, 0, sizeof *ld);
    memset(err, 0, sizeof *err);
    if (parse_opcode(&L, ld, err) < 0)
        return -1;
    if (L.t[L.i] != ' ' && L.t[L.i] != '\t')
        return fail(err, col_of(&L), "expected a space before dest");

    /* dest[.mask]: a temporary register. */
    if (parse_operand(&L, "dest", &op, err) < 0)
        return -1;
    ld->col_dest = op.col;
    if (strcmp(op.file, "r") != 0) {
        if (strcmp(op.file, "v") == 0)
            return fail(err, op.col, "dest: input registers (v#) are read-only; dest must be a "
                                     "temporary register r#");
        if (strcmp(op.file, "o") == 0)
            return fail(err, op.col, "dest: output registers (o#) are not mapped onto SASS "
                                     "registers; dest must be a temporary register r#");
        return fail(err, op.col, "dest: must be a temporary register r#, got '%s'", op.file);
    }
    if (op.index >= TX_D3D_NTEMPS)
        return fail(err, op.col, "dest: r%ld is outside r0..r%d, the temporaries mapped onto "
                                 "SASS registers", op.index, TX_D3D_NTEMPS - 1);
    ld->dest = (uint8_t)op.index;
    if (!op.comps[0]) {
        ld->mask = 0xf;
    } else {
        rc = comp_numbers(op.comps, c, &n);
        if (rc == -2)
            return fail(err, op.col_comps, "dest: mask '.%s' mixes xyzw and rgba letters",
                        op.comps);
        if (rc < 0)
            return fail(err, op.col_comps, "dest: bad mask '.%s' (letters x y z w or r g b a)",
                        op.comps);
        for (int i = 0; i < n; i++) {
            if (i > 0 && c[i] <= c[i - 1])
                return fail(err, op.col_comps, "dest: mask '.%s' must name components in "
                                               "x, y, z, w order, each once", op.comps);
            ld->mask |= (uint8_t)(1u << c[i]);
        }
    }
    if (expect_comma(&L, "dest", err) < 0)
        return -1;

    /* srcAddress[.swizzle]: r# or v#. */
    if (parse_operand(&L, "srcAddress", &op, err) < 0)
        return -1;
    ld->col_addr = op.col;
    if (strcmp(op.file, "r") == 0 || strcmp(op.file, "v") == 0) {
        int max = op.file[0] == 'r' ? TX_D3D_NTEMPS : TX_D3D_NINPUTS;
        if (op.index >= max)
            return fail(err, op.col, "srcAddress: %s%ld is outside %s0..%s%d, the registers "
                                     "mapped onto SASS registers",
                        op.file, op.index, op.file, op.file, max - 1);
        ld->addr_file = (uint8_t)op.file[0];
        ld->addr = (uint8_t)op.index;
    } else if (strcmp(op.file, "t") == 0) {
        return fail(err, op.col, "srcAddress: expected a register r# or v#, got a resource");
    } else {
        return fail(err, op.col, "srcAddress: must be a temporary (r#) or input (v#) register, "
                                 "got '%s'", op.file);
    }
    if (source_swizzle(&op, "srcAddress", ld->addr_swz, err) < 0)
        return -1;
    if (expect_comma(&L, "srcAddress", err) < 0)
        return -1;

    /* srcResource[.swizzle]: t#. */
    if (parse_operand(&L, "srcResource", &op, err) < 0)
        return -1;
    ld->col_res = op.col;
    if (strcmp(op.file, "t") != 0)
        return fail(err, op.col, "srcResource: must be a t# register, got '%s'", op.file);
    if (op.index >= TX_D3D_NRES)
        return fail(err, op.col, "srcResource: t%ld is outside t0..t%d", op.index,
                    TX_D3D_NRES - 1);
    ld->res = (uint8_t)op.index;
    if (source_swizzle(&op, "srcResource", ld->res_swz, err) < 0)
        return -1;

    /* Nothing else but white space or a // comment. */
    skip_ws(&L);
    if (L.t[L.i] && !(L.t[L.i] == '/' && L.t[L.i + 1] == '/'))
        return fail(err, col_of(&L), "unexpected text after srcResource");
    return 0;
}

/* ---------------------------------------------------------------------------
 * Lowering.
 */

/* TLDS write masks (TLDS seed tables; facts 5.4), fewest components first:
 * the component set, the code, and whether Rd1 is used. */
static const struct wmask_row {
    uint8_t set, code, rd1;
    const char *name;
} wmasks[] = {
    {0x1, 0, 0, "R"},   {0x2, 1, 0, "G"},   {0x4, 2, 0, "B"},   {0x8, 3, 0, "A"},
    {0x3, 4, 0, "RG"},  {0x9, 5, 0, "RA"},  {0xa, 6, 0, "GA"},  {0xc, 7, 0, "BA"},
    {0x7, 0, 1, "RGB"}, {0xb, 1, 1, "RGA"}, {0xd, 2, 1, "RBA"}, {0xe, 3, 1, "GBA"},
    {0xf, 4, 1, "RGBA"},
};

static int popcount4(unsigned v)
{
    return (v & 1) + (v >> 1 & 1) + (v >> 2 & 1) + (v >> 3 & 1);
}

static void add_move(tx_d3d_move *mv, int *n, int dst, int src)
{
    mv[*n].dst = (uint8_t)dst;
    mv[*n].from_imm = 0;
    mv[*n].src = (uint8_t)src;
    mv[*n].imm = 0;
    mv[*n].lanes = 0xffffffffu;
    (*n)++;
}

static void add_imm(tx_d3d_move *mv, int *n, int dst, uint32_t imm)
{
    mv[*n].dst = (uint8_t)dst;
    mv[*n].from_imm = 1;
    mv[*n].src = 0;
    mv[*n].imm = imm;
    mv[*n].lanes = 0xffffffffu;
    (*n)++;
}

/* How a register's value stands when the vector is read, over the lanes in
 * ctm: KNOWN (values in val[]), or UNKNOWN (an earlier step writes it). */
static int reg_known(const tx_d3d_env *env, int reg, uint32_t val[32])
{
    return env->reg_value && env->reg_value(env->user, reg, val);
}

/* Name of the register holding address component comp, e.g. "r1.w (R7)". */
static void addr_name(const tx_d3d_ld *ld, int comp, char *buf, size_t n)
{
    int c = ld->addr_swz[comp];
    snprintf(buf, n, "%c%u.%c (R%d)", ld->addr_file, ld->addr, comp_xyzw[c],
             tx_d3d_reg((char)ld->addr_file, ld->addr, c));
}

/*
 * Require address component comp to be below limit in every lane of ctm,
 * known when the vector is read.  what/why explain the requirement.
 */
static int require_below(const tx_d3d_ld *ld, const tx_d3d_env *env, int comp, uint32_t limit,
                         const char *what, const char *why, tx_d3d_err *err)
{
    uint32_t val[32];
    char name[40];
    int reg = tx_d3d_reg((char)ld->addr_file, ld->addr, ld->addr_swz[comp]);

    addr_name(ld, comp, name, sizeof name);
    if (!reg_known(env, reg, val))
        return fail(err, ld->col_addr, "%s; the %s, srcAddress.%c = %s, is written by an "
                                       "earlier step, so it cannot be checked when the vector "
                                       "is read", why, what, "rgba"[comp], name);
    for (int l = 0; l < 32; l++)
        if ((env->ctm >> l & 1) && val[l] >= limit)
            return fail(err, ld->col_addr, "%s; the %s, srcAddress.%c = %s, is 0x%x in lane %d",
                        why, what, "rgba"[comp], name, val[l], l);
    return 0;
}

/* 1 when address component comp is known to be below limit in every lane
 * of ctm. */
static int known_below(const tx_d3d_ld *ld, const tx_d3d_env *env, int comp, uint32_t limit)
{
    uint32_t val[32];
    int reg = tx_d3d_reg((char)ld->addr_file, ld->addr, ld->addr_swz[comp]);

    if (!reg_known(env, reg, val))
        return 0;
    for (int l = 0; l < 32; l++)
        if ((env->ctm >> l & 1) && val[l] >= limit)
            return 0;
    return 1;
}

/* dst = min(src, 0xffff) in every lane: an array index for TLD, whose
 * 16-bit index field would otherwise wrap (MESA-LOW clamps the same way). */
static void add_sat16(tx_d3d_move *mv, int *n, int dst, int src)
{
    add_move(mv, n, dst, src);
    mv[*n - 1].sat16 = 1;
}

/* 1 when address component comp is known to be 0 in every lane of ctm. */
static int known_zero(const tx_d3d_ld *ld, const tx_d3d_env *env, int comp)
{
    uint32_t val[32];
    int reg = tx_d3d_reg((char)ld->addr_file, ld->addr, ld->addr_swz[comp]);

    if (!reg_known(env, reg, val))
        return 0;
    for (int l = 0; l < 32; l++)
        if ((env->ctm >> l & 1) && val[l] != 0)
            return 0;
    return 1;
}

/* The pre-moves that keep the destination of lanes outside ctm, and the
 * post-moves dest.c = returned[res_swz[c]]; returned component k is in
 * scratch register slot[k] (section 4.4). */
static int dest_moves(const tx_d3d_ld *ld, const tx_d3d_env *env, unsigned need,
                      const int slot[4], tx_d3d_lowered *out, tx_d3d_err *err)
{
    unsigned again = 0;   /* dest components whose returned component an earlier one takes */

    (void)err;
    /* Lanes outside ctm do not execute: the instruction leaves their scratch
     * registers alone, so seeding each result slot with the old value of the
     * first destination component it is copied back to keeps that component
     * unchanged in those lanes.  A second destination component of the same
     * returned component is written only in the lanes of ctm, as a MOV of
     * the warp would write it. */
    if (env->ctm != 0xffffffffu) {
        for (int k = 0; k < 4; k++) {
            int first = -1;
            if (!(need >> k & 1))
                continue;
            for (int c = 0; c < 4; c++) {
                if (!(ld->mask >> c & 1) || ld->res_swz[c] != k)
                    continue;
                if (first >= 0)
                    again |= 1u << c;
                else
                    first = c;
            }
            add_move(out->pre, &out->npre, slot[k], 4 * ld->dest + first);
        }
    }

    /* Post-moves: dest.c = returned[res_swz[c]] for c in the mask. */
    for (int c = 0; c < 4; c++)
        if (ld->mask >> c & 1) {
            add_move(out->post, &out->npost, 4 * ld->dest + c, slot[ld->res_swz[c]]);
            if (again >> c & 1)
                out->post[out->npost - 1].lanes = env->ctm;
        }

    return 0;
}

/* The forms TLDS has no target for, as one TLD (section 4.3): Ra group at
 * R240 = [array index, saturated to 16 bits] + coordinates; Rb group =
 * [level] + [offsets] + [sample index], at R242, or beside a 3-register Ra
 * group at R243 (one register) or R248 (two); results at R244.. in the
 * order of the write mask, which is exactly the components needed. */
static int lower_tld(const tx_d3d_ld *ld, const tx_d3d_env *env, const tx_d3d_res *res,
                     const int areg[4], tx_d3d_lowered *out, tx_d3d_err *err)
{
    const int u = ld->off[0], v = ld->off[1], w = ld->off[2];
    int ncoord, array = 0, ms = 0, layer_comp = 2, sample_comp = 2;
    const char *param;

    switch (res->dim) {
    case TX_D3D_TEXTURE1D:
        ncoord = 1, param = "1D";
        break;
    case TX_D3D_TEXTURE1DARRAY:
        ncoord = 1, array = 1, layer_comp = 1, param = "ARRAY_1D";
        break;
    case TX_D3D_TEXTURE2DMS:
        ncoord = 2, ms = 1, param = "2D";
        break;
    case TX_D3D_TEXTURE2DMSARRAY:
        /* .b is the array index, so the sample index is .a (no levels). */
        ncoord = 2, array = 1, ms = 1, sample_comp = 3, param = "ARRAY_2D";
        break;
    case TX_D3D_TEXTURE3D:
        ncoord = 3, param = "3D";
        break;
    default:   /* texture2darray */
        ncoord = 2, array = 1, param = "ARRAY_2D";
        break;
    }
    /* Offsets only along the axes the seed offsets; all-zero ones dropped. */
    uint32_t pack = tx_d3d_aoffi_pack(u, ncoord > 1 ? v : 0, ncoord > 2 ? w : 0);
    int aoffi = ld->aoffi && pack != 0;
    int lz = ms || known_zero(ld, env, 3);
    int ra_n = array + ncoord, rb_n = !lz + aoffi + ms;
    int rb = rb_n == 0 ? 255 : ra_n <= 2 ? TX_D3D_RB : rb_n == 1 ? TX_D3D_RB + 1 : TX_D3D_RB5;

    int k = 0;
    if (array)
        add_sat16(out->pre, &out->npre, TX_D3D_RA + k++, areg[layer_comp]);
    for (int c = 0; c < ncoord; c++)
        add_move(out->pre, &out->npre, TX_D3D_RA + k++, areg[c]);
    k = 0;
    if (!lz)
        add_move(out->pre, &out->npre, rb + k++, areg[3]);
    if (aoffi)
        add_imm(out->pre, &out->npre, rb + k++, pack);
    if (ms)
        add_move(out->pre, &out->npre, rb + k++, areg[sample_comp]);

    unsigned need = 0;
    for (int c = 0; c < 4; c++)
        if (ld->mask >> c & 1)
            need |= 1u << ld->res_swz[c];
    int slot[4];
    for (int c = 0; c < 4; c++)
        slot[c] = TX_D3D_RD0 + popcount4(need & ((1u << c) - 1));
    if (dest_moves(ld, env, need, slot, out, err) < 0)
        return -1;

    char rbs[16] = "";
    if (rb_n)
        snprintf(rbs, sizeof rbs, ", R%d", rb);
    snprintf(out->sass, sizeof out->sass, "TLD.%s%s%s R%d, R%d%s, 0x%x, %s, 0x%x;",
             lz ? "LZ" : "LL", aoffi ? ".AOFFI" : "", ms ? ".MS" : "", TX_D3D_RD0, TX_D3D_RA,
             rbs, res->slot, param, need);
    tx_asm_err ae;
    memset(&ae, 0, sizeof ae);
    if (tx_asm(out->sass, &out->word, &out->ctrl, &ae) != 0)
        return fail(err, ld->col_op, "internal error: the lowering '%s' does not assemble: %s",
                    out->sass, ae.msg);
    out->op = TX_OP_TLD;
    return 0;
}

int tx_d3d_lower(const tx_d3d_ld *ld, const tx_d3d_env *env, tx_d3d_lowered *out,
                 tx_d3d_err *err)
{
    const tx_d3d_res *res = &env->res[ld->res];
    const int u = ld->off[0], v = ld->off[1], w = ld->off[2];
    int areg[4];            /* SASS register of srcAddress.x/y/z/w after swizzle */
    int lz = 0, target, rb_used = 1;
    const char *lod, *mods = "", *param;
    uint32_t aoffi = tx_d3d_aoffi_pack(u, v, w);

    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    if (!res->declared)
        return fail(err, ld->col_res, "t%u is not declared: add it to the vector's \"d3d\" member",
                    ld->res);
    for (int c = 0; c < 4; c++)
        areg[c] = tx_d3d_reg((char)ld->addr_file, ld->addr, ld->addr_swz[c]);

    /* Resources ld cannot read, or TLDS has no target for. */
    switch (res->dim) {
    case TX_D3D_TEXTURECUBE:
    case TX_D3D_TEXTURECUBEARRAY:
        return fail(err, ld->col_res, "t%u is a %s: ld cannot read a TextureCube", ld->res,
                    tx_d3d_dim_name(res->dim));
    case TX_D3D_TEXTURE2DMS:
    case TX_D3D_TEXTURE2DMSARRAY:
        if (!env->pixel)
            return fail(err, ld->col_res, "t%u is a %s: ld reads multisample resources "
                                          "only in pixel shaders, and this vector has \"pixel\": "
                                          "false", ld->res, tx_d3d_dim_name(res->dim));
        break;
    default:
        break;
    }
    if (ld->aoffi && res->dim == TX_D3D_BUFFER)
        return fail(err, ld->col_op, "_aoffimmi is not defined for buffers (t%u is a buffer)",
                    ld->res);

    /* What TLDS cannot express goes to TLD (section 4.3): a 1D offset, the
     * 1D and multisample arrays, multisample offsets, and 3D and 2D arrays
     * with a level not known to be 0, an offset, or (arrays) an index not
     * known to be below 0x10000. */
    int use_tld = 0;
    switch (res->dim) {
    case TX_D3D_TEXTURE1D:
        use_tld = ld->aoffi && u != 0;
        break;
    case TX_D3D_TEXTURE1DARRAY:
    case TX_D3D_TEXTURE2DMSARRAY:
        use_tld = 1;
        break;
    case TX_D3D_TEXTURE2DMS:
        use_tld = ld->aoffi;
        break;
    case TX_D3D_TEXTURE3D:
        use_tld = !known_zero(ld, env, 3) || (ld->aoffi && (u || v || w));
        break;
    case TX_D3D_TEXTURE2DARRAY:
        use_tld = !known_zero(ld, env, 3) || !known_below(ld, env, 2, 0x10000u) ||
                  (ld->aoffi && (u || v));
        break;
    default:
        break;
    }
    if (use_tld)
        return lower_tld(ld, env, res, areg, out, err);

    /* Offsets: defined for 1D/2D/3D textures and arrays, not for buffers;
     * TLDS has them only in its 2D forms. */
    if (ld->aoffi) {
        switch (res->dim) {
        case TX_D3D_BUFFER:
            return fail(err, ld->col_op, "_aoffimmi is not defined for buffers (t%u is a buffer)",
                        ld->res);
        case TX_D3D_TEXTURE2DMS:
            return fail(err, ld->col_op, "_aoffimmi on a texture2dms has no TLDS form (2D.LZ.MS "
                                         "takes no offset)");
        case TX_D3D_TEXTURE1D:
            if (u != 0)
                return fail(err, ld->col_op, "_aoffimmi with u = %d on a texture1d has no TLDS "
                                             "form (TLDS has no 1D .AOFFI); v and w are ignored "
                                             "for texture1d", u);
            break;
        case TX_D3D_TEXTURE2DARRAY:
            if (u != 0 || v != 0)
                return fail(err, ld->col_op, "_aoffimmi(%d,%d,...) on a texture2darray has no "
                                             "TLDS form (ARRAY_2D.LZ takes no offset); w is "
                                             "ignored: the array index is not offset", u, v);
            break;
        case TX_D3D_TEXTURE3D:
            if (u != 0 || v != 0 || w != 0)
                return fail(err, ld->col_op, "_aoffimmi(%d,%d,%d) on a texture3d has no TLDS "
                                             "form (3D.LZ takes no offset)", u, v, w);
            break;
        default:
            break;
        }
    }

    /* The form, and the pre-moves that fill its operand groups. */
    switch (res->dim) {
    case TX_D3D_BUFFER:
        /* .gba are ignored for buffers: 1D.LZ reads x only. */
        target = TX_TLDS_1D_LZ, lod = "LZ", param = "1D", rb_used = 0;
        add_move(out->pre, &out->npre, TX_D3D_RA, areg[0]);
        break;
    case TX_D3D_TEXTURE1D:
        lz = known_zero(ld, env, 3);
        param = "1D";
        add_move(out->pre, &out->npre, TX_D3D_RA, areg[0]);
        if (lz) {
            target = TX_TLDS_1D_LZ, lod = "LZ", rb_used = 0;
        } else {
            target = TX_TLDS_1D_LL, lod = "LL";
            add_move(out->pre, &out->npre, TX_D3D_RB, areg[3]);
        }
        break;
    case TX_D3D_TEXTURE2D:
        lz = known_zero(ld, env, 3);
        param = "2D";
        if (ld->aoffi) {
            mods = ".AOFFI";
            add_move(out->pre, &out->npre, TX_D3D_RA, areg[0]);
            add_move(out->pre, &out->npre, TX_D3D_RA + 1, areg[1]);
            if (lz) {
                target = TX_TLDS_2D_LZ_AOFFI, lod = "LZ";
                add_imm(out->pre, &out->npre, TX_D3D_RB, aoffi);
            } else {
                target = TX_TLDS_2D_LL_AOFFI, lod = "LL";
                add_move(out->pre, &out->npre, TX_D3D_RB, areg[3]);
                add_imm(out->pre, &out->npre, TX_D3D_RB + 1, aoffi);
            }
        } else if (lz) {
            target = TX_TLDS_2D_LZ, lod = "LZ";
            add_move(out->pre, &out->npre, TX_D3D_RA, areg[0]);
            add_move(out->pre, &out->npre, TX_D3D_RB, areg[1]);
        } else {
            target = TX_TLDS_2D_LL, lod = "LL";
            add_move(out->pre, &out->npre, TX_D3D_RA, areg[0]);
            add_move(out->pre, &out->npre, TX_D3D_RA + 1, areg[1]);
            add_move(out->pre, &out->npre, TX_D3D_RB, areg[3]);
        }
        break;
    case TX_D3D_TEXTURE2DMS:
        /* No mip level: .a is ignored; the sample index is .b. */
        target = TX_TLDS_2D_LZ_MS, lod = "LZ", mods = ".MS", param = "2D";
        add_move(out->pre, &out->npre, TX_D3D_RA, areg[0]);
        add_move(out->pre, &out->npre, TX_D3D_RA + 1, areg[1]);
        add_move(out->pre, &out->npre, TX_D3D_RB, areg[2]);
        break;
    case TX_D3D_TEXTURE3D:
        if (require_below(ld, env, 3, 1, "mip level",
                          "texture3d: TLDS has only 3D.LZ, which reads no level, so the mip "
                          "level must be 0 in every active lane", err) < 0)
            return -1;
        target = TX_TLDS_3D_LZ, lod = "LZ", param = "3D";
        add_move(out->pre, &out->npre, TX_D3D_RA, areg[0]);
        add_move(out->pre, &out->npre, TX_D3D_RA + 1, areg[1]);
        add_move(out->pre, &out->npre, TX_D3D_RB, areg[2]);
        break;
    case TX_D3D_TEXTURE2DARRAY:
        if (require_below(ld, env, 3, 1, "mip level",
                          "texture2darray: TLDS has only ARRAY_2D.LZ, which reads no level, so "
                          "the mip level must be 0 in every active lane", err) < 0)
            return -1;
        if (require_below(ld, env, 2, 0x10000u, "array index",
                          "texture2darray: ARRAY_2D.LZ reads a 16-bit array index, so an index "
                          "of 0x10000 or more would wrap instead of being out of bounds", err) < 0)
            return -1;
        target = TX_TLDS_A2D_LZ, lod = "LZ", param = "ARRAY_2D";
        add_move(out->pre, &out->npre, TX_D3D_RA, areg[2]);
        add_move(out->pre, &out->npre, TX_D3D_RB, areg[0]);
        add_move(out->pre, &out->npre, TX_D3D_RB + 1, areg[1]);
        break;
    default:
        return fail(err, ld->col_res, "t%u: unsupported dimension", ld->res);
    }

    /* The components the destination needs, after the resource swizzle, and
     * the smallest write mask that returns them (RB and GB have no code). */
    unsigned need = 0;
    for (int c = 0; c < 4; c++)
        if (ld->mask >> c & 1)
            need |= 1u << ld->res_swz[c];
    const struct wmask_row *wm = NULL;
    for (size_t i = 0; i < sizeof wmasks / sizeof wmasks[0] && !wm; i++)
        if ((wmasks[i].set & need) == need)
            wm = &wmasks[i];
    /* wm is never NULL: the last row (RGBA) covers every set. */

    /* Returned component k lands in scratch register slot[k]. */
    int slot[4];
    for (int k = 0; k < 4; k++) {
        int pos = popcount4(wm->set & ((1u << k) - 1));
        slot[k] = pos < 2 ? TX_D3D_RD0 + pos : TX_D3D_RD1 + pos - 2;
    }

    if (dest_moves(ld, env, need, slot, out, err) < 0)
        return -1;

    /* The TLDS itself, through the assembler (so the word is the one its
     * canonical text assembles to). */
    char rd1[8], rb[16];
    if (wm->rd1)
        snprintf(rd1, sizeof rd1, "R%d", TX_D3D_RD1);
    else
        snprintf(rd1, sizeof rd1, "RZ");
    if (rb_used)
        snprintf(rb, sizeof rb, ", R%d", TX_D3D_RB);
    else
        rb[0] = '\0';
    snprintf(out->sass, sizeof out->sass, "TLDS.%s%s %s, R%d, R%d%s, 0x%x, %s, %s;", lod, mods,
             rd1, TX_D3D_RD0, TX_D3D_RA, rb, res->slot, param, wm->name);
    tx_asm_err ae;
    memset(&ae, 0, sizeof ae);
    if (tx_asm(out->sass, &out->word, &out->ctrl, &ae) != 0)
        return fail(err, ld->col_op, "internal error: the lowering '%s' does not assemble: %s",
                    out->sass, ae.msg);
    out->op = TX_OP_TLDS;
    out->target = (uint8_t)target;
    return 0;
}

int tx_d3d_compile(const char *text, const tx_d3d_env *env, tx_d3d_lowered *out,
                   tx_d3d_err *err)
{
    tx_d3d_ld ld;
    if (tx_d3d_parse(text, &ld, err) < 0)
        return -1;
    return tx_d3d_lower(&ld, env, out, err);
}
