/*
 * asm.c - SASS text -> 64-bit word + control field, in the seeds' syntax.
 *
 * Two passes: a lexer splits the line into guard, mnemonic, modifiers,
 * operands and scheduling fields (each with its column); then the
 * instruction's own routine matches modifiers against its table and
 * operands against its operand list, and builds the word.
 *
 * The assembler encodes everything that has an encoding, including register
 * rules that only make the instruction illegal when it executes (vectors
 * need to express those).  It refuses text that no word can express.
 * Errors give the 1-based column of the offending token.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa_int.h"

#define MAX_MODS 16
#define MAX_OPS  10
#define NAME_LEN 32 /* TEX_SAMPLER_BORDER_COLOR is 24 */

enum tok_kind { T_REG, T_PRED, T_IMM, T_NAME, T_MEM };

struct tok {
    enum tok_kind kind;
    int col;
    unsigned reg;       /* T_REG, T_PRED; T_MEM: RZ when absent */
    uint64_t imm;       /* T_IMM, T_MEM (magnitude), saturated */
    int neg;            /* T_MEM: '-' before the offset */
    int mem_has_reg;    /* T_MEM: Ra given */
    int mem_has_imm;    /* T_MEM: offset given */
    char name[NAME_LEN]; /* T_NAME, upper case */
};

struct mod {
    char name[NAME_LEN]; /* upper case, without the '.' */
    int col;
};

struct line {
    const char *text;
    tx_asm_err *err;
    unsigned gpred, gneg;
    char mnem[NAME_LEN];
    int mcol;
    struct mod mod[MAX_MODS];
    int nmod;
    struct tok op[MAX_OPS];
    int nop;
    int end_col;        /* where a missing operand would have been */
    uint32_t ctrl;      /* scheduling fields; the phase is added later */
    int allow_illegal;  /* tx_asm_opt: encode illegal forms too */
};

static int fail(tx_asm_err *err, int col, const char *fmt, ...)
{
    va_list ap;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- lexer ------------------------------------------------------------ */

static int is_word(int c)
{
    return isalnum(c) || c == '_';
}

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Copy a word ([A-Za-z0-9_]+) in upper case; returns the end.  A word too
 * long for the buffer is kept truncated and flagged by a '~' at its end so
 * that it cannot match any name. */
static const char *read_word(const char *p, char *out)
{
    int n = 0;
    while (is_word((unsigned char)*p)) {
        if (n < NAME_LEN - 1)
            out[n++] = (char)toupper((unsigned char)*p);
        else
            out[NAME_LEN - 2] = '~';
        p++;
    }
    out[n] = '\0';
    return p;
}

/* A number: 0x hex or decimal, the whole word.  Returns 1 and the value
 * (saturated at UINT64_MAX) when w is one. */
static int parse_number(const char *w, uint64_t *v)
{
    const char *p = w;
    int base = 10;
    uint64_t x = 0;

    if (p[0] == '0' && p[1] == 'X') {
        base = 16;
        p += 2;
    }
    if (!*p)
        return 0;
    for (; *p; p++) {
        int d;
        if (isdigit((unsigned char)*p))
            d = *p - '0';
        else if (base == 16 && *p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return 0;
        x = x > (UINT64_MAX - (uint64_t)d) / (uint64_t)base ? UINT64_MAX : x * (uint64_t)base + (uint64_t)d;
    }
    *v = x;
    return 1;
}

/* R0..R254, RZ -> 0..255; -1 if w is not register-shaped; -2 if it is but
 * out of range (R255 and up). */
static int parse_reg(const char *w)
{
    uint64_t v;
    if (!strcmp(w, "RZ"))
        return (int)TX_RZ;
    if (w[0] != 'R' || !isdigit((unsigned char)w[1]))
        return -1;
    if (strchr(w, 'X') || !parse_number(w + 1, &v)) /* decimal only */
        return -1;
    return v <= 254 ? (int)v : -2;
}

/* P0..P6, PT -> 0..7; -1 if not a predicate; -2 for P7 and up. */
static int parse_pred(const char *w)
{
    if (!strcmp(w, "PT"))
        return (int)TX_PT;
    if (w[0] == 'P' && isdigit((unsigned char)w[1]) && !w[2])
        return w[1] <= '6' ? w[1] - '0' : -2;
    if (w[0] == 'P' && isdigit((unsigned char)w[1]))
        return -2;
    return -1;
}

static const char EXP_REG[] = "expected a register (R0..R254 or RZ)";
static const char EXP_PRED[] = "expected a predicate (P0..P6 or PT)";

/* [Ra], [Ra+imm], [Ra-imm], [imm] */
static const char *lex_mem(struct line *L, const char *p, struct tok *t)
{
    char w[NAME_LEN];
    int r;

    t->kind = T_MEM;
    t->reg = TX_RZ;
    p = skip_space(p + 1);
    if (is_word((unsigned char)*p)) {
        int col = (int)(p - L->text) + 1;
        const char *e = read_word(p, w);
        if ((r = parse_reg(w)) >= 0) {
            t->reg = (unsigned)r;
            t->mem_has_reg = 1;
        } else if (r == -2) {
            fail(L->err, col, EXP_REG);
            return NULL;
        } else if (parse_number(w, &t->imm)) {
            t->mem_has_imm = 1;
        } else {
            fail(L->err, col, "expected a register or an immediate in [ ]");
            return NULL;
        }
        p = skip_space(e);
    }
    if (t->mem_has_reg && (*p == '+' || *p == '-')) {
        int col;
        t->neg = *p == '-';
        p = skip_space(p + 1);
        /* nvdisasm writes a negative offset as [R8+-0x80]. */
        if (!t->neg && *p == '-') {
            t->neg = 1;
            p = skip_space(p + 1);
        }
        col = (int)(p - L->text) + 1;
        p = read_word(p, w);
        if (!parse_number(w, &t->imm)) {
            fail(L->err, col, "expected an immediate after '%c'", t->neg ? '-' : '+');
            return NULL;
        }
        t->mem_has_imm = 1;
        p = skip_space(p);
    }
    if (*p != ']') {
        fail(L->err, (int)(p - L->text) + 1, "expected ']'");
        return NULL;
    }
    return p + 1;
}

static const char *lex_operand(struct line *L, const char *p, struct tok *t)
{
    char w[NAME_LEN];
    int r;

    memset(t, 0, sizeof *t);
    t->col = (int)(p - L->text) + 1;
    if (*p == '[')
        return lex_mem(L, p, t);
    if (!is_word((unsigned char)*p)) {
        fail(L->err, t->col, "expected an operand");
        return NULL;
    }
    p = read_word(p, w);
    if (parse_number(w, &t->imm)) {
        t->kind = T_IMM;
    } else if ((r = parse_reg(w)) != -1) {
        if (r < 0) {
            fail(L->err, t->col, EXP_REG);
            return NULL;
        }
        t->kind = T_REG;
        t->reg = (unsigned)r;
    } else if ((r = parse_pred(w)) != -1) {
        if (r < 0) {
            fail(L->err, t->col, EXP_PRED);
            return NULL;
        }
        t->kind = T_PRED;
        t->reg = (unsigned)r;
    } else {
        t->kind = T_NAME;
        memcpy(t->name, w, sizeof w);
    }
    return p;
}

/* &req={a,b}, &rd=N, &wr=N, ?S<n>[Y], in any order, each at most once. */
static const char *lex_sched(struct line *L, const char *p)
{
    unsigned seen = 0;
    char w[NAME_LEN];

    L->ctrl = TX_CTRL_DEFAULT;
    for (p = skip_space(p); *p == '&' || *p == '?'; p = skip_space(p)) {
        int col = (int)(p - L->text) + 1;
        uint64_t v;
        if (*p == '?') {
            p = read_word(p + 1, w);
            if (w[0] != 'S' || (seen & 8))
                return fail(L->err, col, (seen & 8) ? "duplicate ?S" :
                            "expected ?S<stall 0..15>, optionally followed by Y"), NULL;
            {
                size_t n = strlen(w);
                int yield = n > 1 && w[n - 1] == 'Y';
                if (yield)
                    w[n - 1] = '\0';
                if (!parse_number(w + 1, &v) || v > 15)
                    return fail(L->err, col, "expected ?S<stall 0..15>, optionally followed by Y"), NULL;
                L->ctrl = (L->ctrl & ~0x1fu) | (uint32_t)v | (yield ? 0x10u : 0);
            }
            seen |= 8;
            continue;
        }
        p = read_word(p + 1, w);
        if (!strcmp(w, "REQ")) {
            unsigned mask = 0;
            if (seen & 1)
                return fail(L->err, col, "duplicate &req"), NULL;
            seen |= 1;
            p = skip_space(p);
            if (*p != '=' || *(p = skip_space(p + 1)) != '{')
                return fail(L->err, col, "expected &req={barriers 0..5}"), NULL;
            for (p = skip_space(p + 1); *p != '}'; ) {
                int ncol = (int)(p - L->text) + 1;
                p = read_word(p, w);
                if (!parse_number(w, &v) || v > 5)
                    return fail(L->err, ncol, "expected a barrier number 0..5"), NULL;
                if (mask & (1u << v))
                    return fail(L->err, ncol, "barrier %u listed twice", (unsigned)v), NULL;
                mask |= 1u << v;
                p = skip_space(p);
                if (*p == ',')
                    p = skip_space(p + 1);
                else if (*p != '}')
                    return fail(L->err, (int)(p - L->text) + 1, "expected ',' or '}'"), NULL;
            }
            p++;
            L->ctrl = (L->ctrl & ~(0x3fu << 11)) | (mask << 11);
        } else if (!strcmp(w, "RD") || !strcmp(w, "WR")) {
            int rd = w[0] == 'R';
            unsigned bit = rd ? 2 : 4;
            int ncol;
            if (seen & bit)
                return fail(L->err, col, "duplicate &%s", rd ? "rd" : "wr"), NULL;
            seen |= bit;
            p = skip_space(p);
            if (*p != '=')
                return fail(L->err, col, "expected &%s=N", rd ? "rd" : "wr"), NULL;
            p = skip_space(p + 1);
            ncol = (int)(p - L->text) + 1;
            p = read_word(p, w);
            /* 0..5 name the six barriers; 7 (none) is accepted so that any
             * field value has a text, and 6 likewise. */
            if (!parse_number(w, &v) || v > 7)
                return fail(L->err, ncol, "expected a barrier number 0..5 (7 = none)"), NULL;
            if (rd)
                L->ctrl = (L->ctrl & ~(7u << 8)) | ((uint32_t)v << 8);
            else
                L->ctrl = (L->ctrl & ~(7u << 5)) | ((uint32_t)v << 5);
        } else {
            return fail(L->err, col, "unknown scheduling field; expected &req= &rd= &wr= or ?S"), NULL;
        }
    }
    return p;
}

/* The whole line.  Returns 0 or -1 with L->err set. */
static int lex(struct line *L)
{
    const char *p = skip_space(L->text);
    char w[NAME_LEN];
    int r;

    L->gpred = TX_PT;
    if (*p == '@') {
        int col = (int)(p - L->text) + 1;
        p++;
        if (*p == '!') {
            L->gneg = 1;
            p++;
        }
        p = read_word(p, w);
        if ((r = parse_pred(w)) < 0)
            return fail(L->err, col, "expected a guard predicate (@P0..@P6, @PT, @!Px)");
        L->gpred = (unsigned)r;
        p = skip_space(p);
    }
    L->mcol = (int)(p - L->text) + 1;
    if (!isalpha((unsigned char)*p))
        return fail(L->err, L->mcol, "expected a mnemonic (TLDS, TEX, SULD, PIXLD, TLD4, TLD4S)");
    p = read_word(p, L->mnem);
    while (*p == '.') {
        if (L->nmod == MAX_MODS)
            return fail(L->err, (int)(p - L->text) + 1, "too many modifiers");
        L->mod[L->nmod].col = (int)(p - L->text) + 1;
        p = read_word(p + 1, L->mod[L->nmod].name);
        if (!L->mod[L->nmod].name[0])
            return fail(L->err, L->mod[L->nmod].col, "expected a modifier name after '.'");
        L->nmod++;
    }
    if (*p && *p != ' ' && *p != '\t' && *p != ';')
        return fail(L->err, (int)(p - L->text) + 1, "expected a space after the mnemonic");

    p = skip_space(p);
    L->end_col = (int)(p - L->text) + 1;
    if (*p && *p != '&' && *p != '?' && *p != ';' && *p != '/') {
        for (;;) {
            if (L->nop == MAX_OPS)
                return fail(L->err, (int)(p - L->text) + 1, "too many operands");
            p = lex_operand(L, p, &L->op[L->nop]);
            if (!p)
                return -1;
            L->nop++;
            L->end_col = (int)(p - L->text) + 1;
            p = skip_space(p);
            if (*p != ',')
                break;
            p = skip_space(p + 1);
        }
    }
    p = lex_sched(L, p);
    if (!p)
        return -1;
    if (*p == ';')
        p = skip_space(p + 1);
    if (*p && !(p[0] == '/' && p[1] == '/') && *p != '\n' && *p != '\r')
        return fail(L->err, (int)(p - L->text) + 1,
                    "expected ',', a scheduling field, ';' or the end of the line");
    return 0;
}

/* ---- modifiers -------------------------------------------------------- */

/* One accepted modifier: it sets group `grp` to `val`. */
struct mod_def {
    const char *name;
    uint8_t grp, val;
};

struct mods {
    int set[16];       /* index of the modifier that set the group, +1 */
    uint8_t val[16];
};

/* Match every modifier of L against the table; unknown, repeated and
 * conflicting ones are errors. */
static int match_mods(const struct line *L, const struct mod_def *tab, size_t n, struct mods *m)
{
    int i;

    memset(m, 0, sizeof *m);
    for (i = 0; i < L->nmod; i++) {
        const struct mod *md = &L->mod[i];
        size_t k;
        for (k = 0; k < n && strcmp(tab[k].name, md->name); k++)
            ;
        if (k == n) {
            /* List the accepted names; a list too long for the message
             * ends in " ..." at a name boundary. */
            char msg[512];
            size_t len, j, cap = sizeof L->err->msg - 5;
            len = (size_t)snprintf(msg, sizeof msg, "unknown modifier '.%s' for %s; expected one of",
                                   md->name, L->mnem);
            for (j = 0; j < n && len < sizeof msg; j++)
                len += (size_t)snprintf(msg + len, sizeof msg - len, " .%s", tab[j].name);
            if (len >= sizeof L->err->msg) {
                while (cap > 0 && msg[cap] != ' ')
                    cap--;
                strcpy(msg + cap, " ...");
            }
            return fail(L->err, md->col, "%s", msg);
        }
        if (m->set[tab[k].grp]) {
            const char *prev = L->mod[m->set[tab[k].grp] - 1].name;
            if (!strcmp(prev, md->name))
                return fail(L->err, md->col, "duplicate modifier '.%s'", md->name);
            return fail(L->err, md->col, "modifier '.%s' conflicts with '.%s'", md->name, prev);
        }
        m->set[tab[k].grp] = i + 1;
        m->val[tab[k].grp] = tab[k].val;
    }
    return 0;
}

/* Column of the modifier that set group g (or of the mnemonic). */
static int mod_col(const struct line *L, const struct mods *m, int g)
{
    return m->set[g] ? L->mod[m->set[g] - 1].col : L->mcol;
}

/* ---- operands --------------------------------------------------------- */

struct cur {
    const struct line *L;
    int i;
};

static const struct tok *peek(const struct cur *c, enum tok_kind k)
{
    return c->i < c->L->nop && c->L->op[c->i].kind == k ? &c->L->op[c->i] : NULL;
}

static int cur_col(const struct cur *c)
{
    return c->i < c->L->nop ? c->L->op[c->i].col : c->L->end_col;
}

/* Take the next operand, which must be of kind k; what says what was wanted. */
static const struct tok *take(struct cur *c, enum tok_kind k, const char *what)
{
    const struct tok *t = peek(c, k);
    if (!t) {
        if (c->i >= c->L->nop)
            fail(c->L->err, c->L->end_col, "missing operand: %s", what);
        else
            fail(c->L->err, c->L->op[c->i].col, "%s", what);
        return NULL;
    }
    c->i++;
    return t;
}

static int take_reg(struct cur *c, unsigned *r)
{
    const struct tok *t = take(c, T_REG, EXP_REG);
    if (!t)
        return -1;
    *r = t->reg;
    return 0;
}

static int take_imm(struct cur *c, uint64_t max, const char *what, uint64_t *v)
{
    const struct tok *t = take(c, T_IMM, what);
    if (!t)
        return -1;
    if (t->imm > max)
        return fail(c->L->err, t->col, "immediate out of range: %s", what);
    *v = t->imm;
    return 0;
}

static int no_more(const struct cur *c)
{
    if (c->i < c->L->nop)
        return fail(c->L->err, c->L->op[c->i].col, "too many operands for %s", c->L->mnem);
    return 0;
}

static uint64_t guard_bits(const struct line *L)
{
    return ((uint64_t)L->gpred << 16) | ((uint64_t)L->gneg << 19);
}

/* Index of name in tab[0..n), or -1. */
static int find_name(const char *name, const char *const *tab, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (tab[i] && !strcmp(name, tab[i]))
            return i;
    return -1;
}

/* paramA for TLDS and TEX (enum tx_tex_dim), or an error.  `expect` lists
 * the specifiers valid for the instruction, for the message. */
static int take_param_a(struct cur *c, unsigned *dim, const char *expect)
{
    const struct tok *t = take(c, T_NAME, expect);
    int k;
    if (!t)
        return -1;
    k = find_name(t->name, tx_dim_names, 8);
    if (k < 0)
        return fail(c->L->err, t->col, expect);
    if (k == TX_DIM_A3D)
        return fail(c->L->err, t->col, "paramA ARRAY_3D is reserved");
    *dim = (unsigned)k;
    return 0;
}

/* The write-mask operand of TLDS and TEXS: a name from the table that the
 * Rd1 choice selects (RGBA when left out with Rd1 != RZ). */
static int take_tlds_mask(struct cur *c, unsigned rd1, const char *mnem, unsigned *wm)
{
    static const char EXP_MASK[] =
        "expected a write mask (R G B A RG RA GA BA; with Rd1 != RZ RGB RGA RBA GBA RGBA)";
    const struct line *L = c->L;

    if (c->i < L->nop) {
        const struct tok *t = take(c, T_NAME, EXP_MASK);
        int rz, nrz;
        if (!t)
            return -1;
        rz = find_name(t->name, tx_tlds_mask_rz, 8);
        nrz = find_name(t->name, tx_tlds_mask_nrz, 5);
        if (rz < 0 && nrz < 0)
            return fail(L->err, t->col, EXP_MASK);
        if (rd1 == TX_RZ && rz < 0)
            return fail(L->err, t->col, "write mask %s needs Rd1 != RZ", t->name);
        if (rd1 != TX_RZ && nrz < 0)
            return fail(L->err, t->col, "write mask %s needs Rd1 = RZ", t->name);
        *wm = (unsigned)(rd1 == TX_RZ ? rz : nrz);
    } else if (rd1 != TX_RZ) {
        *wm = 4; /* RGBA */
    } else {
        return fail(L->err, L->end_col,
                    "missing operand: %s with Rd1 = RZ needs a write mask (R G B A RG RA GA BA)",
                    mnem);
    }
    return 0;
}

/* ---- TLDS ------------------------------------------------------------- */

enum { G_F16, G_LOD, G_AOFFI, G_MS, G_NODEP, G_PHASE, G_B, G_LC, G_DC, G_NDV, G_CL };

static const struct mod_def tlds_mods[] = {
    { "F16", G_F16, 1 }, { "LZ", G_LOD, 0 }, { "LL", G_LOD, 1 }, { "AOFFI", G_AOFFI, 1 },
    { "MS", G_MS, 1 },   { "NODEP", G_NODEP, 1 }, { "T", G_PHASE, 1 }, { "P", G_PHASE, 2 },
};

static int asm_tlds(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned rd1, rd0, ra, rb = TX_RZ, dim, code, wm;
    uint64_t tsidx;
    const struct tok *rbt, *pa;
    int rb_col;

    if (match_mods(L, tlds_mods, sizeof tlds_mods / sizeof tlds_mods[0], &m))
        return -1;
    if (!m.set[G_LOD])
        return fail(L->err, L->mcol, "TLDS needs .LZ or .LL");
    if (take_reg(&c, &rd1) || take_reg(&c, &rd0) || take_reg(&c, &ra))
        return -1;
    rb_col = cur_col(&c);
    if ((rbt = peek(&c, T_REG)) != NULL) {
        rb = rbt->reg;
        c.i++;
    }
    if (take_imm(&c, 0x1fff, "expected #tsPtrIdx 0..0x1fff", &tsidx))
        return -1;
    pa = peek(&c, T_NAME);
    if (take_param_a(&c, &dim, "expected #paramA (1D 2D 3D ARRAY_2D)"))
        return -1;
    if (dim != TX_DIM_1D && dim != TX_DIM_2D && dim != TX_DIM_3D && dim != TX_DIM_A2D)
        return fail(L->err, pa->col, "paramA %s is reserved for TLDS; expected 1D, 2D, 3D or ARRAY_2D",
                    tx_dim_names[dim]);

    /* (paramA, lod, AOFFI, MS) -> target code, seed table. */
    for (code = 0; code < 16; code++) {
        const struct tx_tlds_form *f = &tx_tlds_forms[code];
        if (f->valid && f->dim == dim && f->ll == m.val[G_LOD] &&
            f->aoffi == m.val[G_AOFFI] && f->ms == m.val[G_MS])
            break;
    }
    if (code == 16)
        return fail(L->err, pa->col,
                    "no TLDS form %s%s%s%s; forms: 1D.LZ 1D.LL 2D.LZ 2D.LZ.AOFFI 2D.LL "
                    "2D.LZ.MS 3D.LZ ARRAY_2D.LZ 2D.LL.AOFFI",
                    tx_dim_names[dim], m.val[G_LOD] ? ".LL" : ".LZ",
                    m.val[G_AOFFI] ? ".AOFFI" : "", m.val[G_MS] ? ".MS" : "");
    if (!rbt && tx_tlds_forms[code].rb_n && !L->allow_illegal)
        return fail(L->err, rb_col, "%s: TLDS %s%s reads Rb", EXP_REG, tx_dim_names[dim],
                    m.val[G_LOD] ? ".LL" : ".LZ");

    if (take_tlds_mask(&c, rd1, "TLDS", &wm))
        return -1;
    if (no_more(&c))
        return -1;

    *word = TX_TLDS_BITS | ((uint64_t)!m.val[G_F16] << 59) | ((uint64_t)code << 53) |
            ((uint64_t)wm << 50) | ((uint64_t)m.val[G_NODEP] << 49) | (tsidx << 36) |
            ((uint64_t)rd1 << 28) | ((uint64_t)rb << 20) | guard_bits(L) |
            ((uint64_t)ra << 8) | rd0;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

/* ---- TEX -------------------------------------------------------------- */

static const struct mod_def tex_mods[] = {
    { "B", G_B, 1 },       { "LZ", G_LOD, TX_LOD_LZ },   { "LB", G_LOD, TX_LOD_LB },
    { "LL", G_LOD, TX_LOD_LL }, { "LBA", G_LOD, TX_LOD_LBA }, { "LLA", G_LOD, TX_LOD_LLA },
    { "LC", G_LC, 1 },     { "AOFFI", G_AOFFI, 1 },      { "DC", G_DC, 1 },
    { "NDV", G_NDV, 1 },   { "NODEP", G_NODEP, 1 },      { "T", G_PHASE, 1 },
    { "P", G_PHASE, 2 },
};

static int asm_tex(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned ps = TX_PT, rd, ra, rb = TX_RZ, dim;
    uint64_t tsidx, smp, wmask = 0xf, w;
    const struct tok *t, *rbt;
    int rb_col, b, rb_n;

    if (match_mods(L, tex_mods, sizeof tex_mods / sizeof tex_mods[0], &m))
        return -1;
    b = m.val[G_B];
    if ((t = peek(&c, T_PRED)) != NULL) {
        ps = t->reg;
        c.i++;
    }
    if (take_reg(&c, &rd) || take_reg(&c, &ra))
        return -1;
    rb_col = cur_col(&c);
    if ((rbt = peek(&c, T_REG)) != NULL) {
        rb = rbt->reg;
        c.i++;
    }
    /* #tsPtrIdxU13, or the Fermi pair #tidU08, #smpU05. */
    if (c.i + 1 < L->nop && L->op[c.i + 1].kind == T_IMM) {
        uint64_t tid;
        if (take_imm(&c, 0xff, "expected #tid 0..0xff", &tid) ||
            take_imm(&c, 0x1f, "expected #smp 0..0x1f", &smp))
            return -1;
        tsidx = smp << 8 | tid;
    } else if (take_imm(&c, 0x1fff, "expected #tsPtrIdx 0..0x1fff", &tsidx)) {
        return -1;
    }
    if (take_param_a(&c, &dim, "expected #paramA (1D 2D 3D CUBE ARRAY_1D ARRAY_2D ARRAY_CUBE)"))
        return -1;
    if (c.i < L->nop && take_imm(&c, 0xf, "expected #wmsk 0x0..0xf", &wmask))
        return -1;
    if (no_more(&c))
        return -1;

    /* Rb may be left out only when the form reads nothing from it (or, for
     * an illegal form, when it is RZ: nvdisasm leaves an RZ Rb out). */
    rb_n = b + (m.val[G_LOD] >= TX_LOD_LB) + m.val[G_AOFFI] + m.val[G_DC];
    if (rb_n && !rbt && !L->allow_illegal)
        return fail(L->err, rb_col, "%s: this TEX form reads Rb", EXP_REG);
    w = b ? TX_TEXB_BITS | ((uint64_t)m.val[G_LC] << 40) | ((uint64_t)m.val[G_LOD] << 37) |
                ((uint64_t)m.val[G_AOFFI] << 36)
          : TX_TEX_BITS | ((uint64_t)m.val[G_LC] << 58) | ((uint64_t)m.val[G_LOD] << 55) |
                ((uint64_t)m.val[G_AOFFI] << 54) | (tsidx << 36); /* TEX.B ignores the index */
    *word = w | ((uint64_t)ps << 51) | ((uint64_t)m.val[G_DC] << 50) |
            ((uint64_t)m.val[G_NODEP] << 49) | ((uint64_t)m.val[G_NDV] << 35) | (wmask << 31) |
            ((uint64_t)dim << 28) | ((uint64_t)rb << 20) | guard_bits(L) |
            ((uint64_t)ra << 8) | rd;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

/* ---- TLD4, TLD4.B, TLD4S ---------------------------------------------- */

enum { G_OFFS = G_CL + 1,    /* the offset form: none, .AOFFI or .PTP */
       G_COMP };              /* TLD4S's component */

static const struct mod_def tld4_mods[] = {
    { "B", G_B, 1 },         { "AOFFI", G_OFFS, TX_TLD4_AOFFI }, { "PTP", G_OFFS, TX_TLD4_PTP },
    { "DC", G_DC, 1 },       { "NDV", G_NDV, 1 },  { "NODEP", G_NODEP, 1 },
    { "T", G_PHASE, 1 },     { "P", G_PHASE, 2 },
};

/* TLD4S has no .B bindless, so its component may stand anywhere: nvdisasm
 * writes it after .F16 (TLD4S.F16.G). */
static const struct mod_def tld4s_mods[] = {
    { "R", G_COMP, 0 },      { "G", G_COMP, 1 },   { "B", G_COMP, 2 },   { "A", G_COMP, 3 },
    { "F16", G_F16, 1 },     { "AOFFI", G_OFFS, TX_TLD4_AOFFI }, { "DC", G_DC, 1 },
    { "NODEP", G_NODEP, 1 }, { "T", G_PHASE, 1 },  { "P", G_PHASE, 2 },
};

/* The component is the first modifier (.R .G .B .A; .R when the first is
 * none of them).  It is taken off the line so that a second .B means
 * bindless. */
static unsigned take_comp(struct line *L)
{
    int k;
    if (L->nmod == 0 || (k = find_name(L->mod[0].name, tx_tld4_comp_names, 4)) < 0)
        return 0;
    memmove(&L->mod[0], &L->mod[1], (size_t)(L->nmod - 1) * sizeof L->mod[0]);
    L->nmod--;
    return (unsigned)k;
}

static int asm_tld4(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned ps = TX_PT, rd, ra, rb = TX_RZ, dim, comp, b, offs;
    uint64_t tsidx, wmask = 0xf, w;
    const struct tok *t, *rbt;
    int rb_col, rb_n;

    comp = take_comp(L);
    if (match_mods(L, tld4_mods, sizeof tld4_mods / sizeof tld4_mods[0], &m))
        return -1;
    b = m.val[G_B];
    offs = m.val[G_OFFS];
    if ((t = peek(&c, T_PRED)) != NULL) {
        ps = t->reg;
        c.i++;
    }
    if (take_reg(&c, &rd) || take_reg(&c, &ra))
        return -1;
    rb_col = cur_col(&c);
    if ((rbt = peek(&c, T_REG)) != NULL) {
        rb = rbt->reg;
        c.i++;
    }
    if (take_imm(&c, 0x1fff, "expected #tsPtrIdx 0..0x1fff", &tsidx))
        return -1;
    if (take_param_a(&c, &dim, "expected #paramA (2D ARRAY_2D CUBE ARRAY_CUBE)"))
        return -1;
    if (c.i < L->nop && take_imm(&c, 0xf, "expected #wmsk 0x0..0xf", &wmask))
        return -1;
    if (no_more(&c))
        return -1;
    rb_n = (int)b + (offs == TX_TLD4_AOFFI) + 2 * (offs == TX_TLD4_PTP) + m.val[G_DC];
    /* nvdisasm leaves out an Rb of RZ even where the form reads it (an
     * illegal word): that text assembles when illegal forms are allowed. */
    if (rb_n && !rbt && !L->allow_illegal)
        return fail(L->err, rb_col, "%s: this TLD4 form reads Rb", EXP_REG);
    if (b && tsidx)
        return fail(L->err, rb_col, "TLD4.B has no #tsPtrIdx: write 0x0");
    w = b ? TX_TLD4B_BITS | ((uint64_t)comp << 38) | ((uint64_t)offs << 36)
          : TX_TLD4_BITS | ((uint64_t)comp << 56) | ((uint64_t)offs << 54) | (tsidx << 36);
    *word = w | ((uint64_t)ps << 51) | ((uint64_t)m.val[G_DC] << 50) |
            ((uint64_t)m.val[G_NODEP] << 49) | ((uint64_t)m.val[G_NDV] << 35) | (wmask << 31) |
            ((uint64_t)dim << 28) | ((uint64_t)rb << 20) | guard_bits(L) |
            ((uint64_t)ra << 8) | rd;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

static int asm_tld4s(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned rd1, rd0, ra, rb, comp;
    uint64_t tsidx;

    if (match_mods(L, tld4s_mods, sizeof tld4s_mods / sizeof tld4s_mods[0], &m))
        return -1;
    comp = m.val[G_COMP];
    if (take_reg(&c, &rd1) || take_reg(&c, &rd0) || take_reg(&c, &ra) || take_reg(&c, &rb))
        return -1;
    if (take_imm(&c, 0x1fff, "expected #tsPtrIdx 0..0x1fff", &tsidx) || no_more(&c))
        return -1;
    *word = TX_TLD4S_BITS | ((uint64_t)m.val[G_F16] << 55) | ((uint64_t)comp << 52) |
            ((uint64_t)(m.val[G_OFFS] != 0) << 51) | ((uint64_t)m.val[G_DC] << 50) |
            ((uint64_t)m.val[G_NODEP] << 49) | (tsidx << 36) | ((uint64_t)rd1 << 28) |
            ((uint64_t)rb << 20) | guard_bits(L) | ((uint64_t)ra << 8) | rd0;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

/* ---- SULD ------------------------------------------------------------- */

enum { S_MODE, S_BA, S_DIM, S_COP, S_SZ, S_RGBA, S_CLAMP };

/* .CS maps to .CA and .LU to .CG (SULD seed); cop codes: facts 6.2. */
static const struct mod_def suld_mods[] = {
    { "D", S_MODE, 1 },        { "P", S_MODE, 0 },          { "BA", S_BA, 1 },
    { "1D", S_DIM, TX_SU_1D }, { "1D_BUFFER", S_DIM, TX_SU_1D_BUFFER },
    { "1D_ARRAY", S_DIM, TX_SU_1D_ARRAY }, { "2D", S_DIM, TX_SU_2D },
    { "2D_ARRAY", S_DIM, TX_SU_2D_ARRAY }, { "3D", S_DIM, TX_SU_3D },
    { "CA", S_COP, 0 }, { "CG", S_COP, 1 }, { "CS", S_COP, 0 }, { "LU", S_COP, 1 },
    { "CV", S_COP, 3 }, { "CI", S_COP, 2 },
    { "U8", S_SZ, TX_SU_U8 }, { "S8", S_SZ, TX_SU_S8 }, { "U16", S_SZ, TX_SU_U16 },
    { "S16", S_SZ, TX_SU_S16 }, { "32", S_SZ, TX_SU_32 }, { "64", S_SZ, TX_SU_64 },
    { "128", S_SZ, TX_SU_128 },
    { "R", S_RGBA, 0x1 }, { "RG", S_RGBA, 0x3 }, { "RGBA", S_RGBA, 0xf },
    { "IGN", S_CLAMP, TX_SU_IGN }, { "NEAR", S_CLAMP, TX_SU_NEAR }, { "TRAP", S_CLAMP, TX_SU_TRAP },
};

static int asm_suld(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned ps = TX_PT, rd, d;
    uint64_t w;
    const struct tok *t;

    if (match_mods(L, suld_mods, sizeof suld_mods / sizeof suld_mods[0], &m))
        return -1;
    if (!m.set[S_MODE])
        return fail(L->err, L->mcol, "SULD needs .D or .P");
    if (!m.set[S_DIM])
        return fail(L->err, L->mcol,
                    "SULD needs a dimension (.1D .1D_BUFFER .1D_ARRAY .2D .2D_ARRAY .3D)");
    d = m.val[S_MODE];
    if (!d && (m.set[S_BA] || m.set[S_SZ]))
        return fail(L->err, mod_col(L, &m, m.set[S_BA] ? S_BA : S_SZ),
                    "'.%s' needs SULD.D", L->mod[m.set[m.set[S_BA] ? S_BA : S_SZ] - 1].name);
    if (d && m.set[S_RGBA])
        return fail(L->err, mod_col(L, &m, S_RGBA), "'.%s' needs SULD.P",
                    L->mod[m.set[S_RGBA] - 1].name);

    if ((t = peek(&c, T_PRED)) != NULL) {
        ps = t->reg;
        c.i++;
    }
    if (take_reg(&c, &rd))
        return -1;
    t = take(&c, T_MEM, "expected [Ra]");
    if (!t)
        return -1;
    if (!t->mem_has_reg || t->mem_has_imm)
        return fail(L->err, t->col, "expected [Ra]");

    w = TX_SULD_BITS | ((uint64_t)d << 52) |
        ((uint64_t)(m.set[S_CLAMP] ? m.val[S_CLAMP] : TX_SU_NEAR) << 49) |
        ((uint64_t)m.val[S_DIM] << 33) | ((uint64_t)(~ps & 7) << 30) |
        ((uint64_t)m.val[S_COP] << 24) | guard_bits(L) | ((uint64_t)t->reg << 8) | rd;
    if (d)
        w |= ((uint64_t)m.val[S_BA] << 23) |
             ((uint64_t)(m.set[S_SZ] ? m.val[S_SZ] : TX_SU_32) << 20);
    else
        w |= (uint64_t)(m.set[S_RGBA] ? m.val[S_RGBA] : 0xf) << 20;

    /* #tsPtrIdxU13 (bound, bit 51) or Rc (bindless). */
    if ((t = peek(&c, T_REG)) != NULL) {
        w |= (uint64_t)t->reg << 39;
        c.i++;
    } else {
        uint64_t idx;
        if (take_imm(&c, 0x1fff, "expected #tsPtrIdx 0..0x1fff or a register Rc", &idx))
            return -1;
        w |= (1ull << 51) | (idx << 36);
    }
    if (no_more(&c))
        return -1;
    *word = w;
    return 0;
}

/* ---- PIXLD ------------------------------------------------------------ */

static const struct mod_def pixld_mods[] = {
    { "MSCOUNT", 0, TX_PIX_MSCOUNT },   { "COVMASK", 0, TX_PIX_COVMASK },
    { "COVERED", 0, TX_PIX_COVERED },   { "OFFSET", 0, TX_PIX_OFFSET },
    { "CENTROID_OFFSET", 0, TX_PIX_CENTROID_OFFSET }, { "MY_INDEX", 0, TX_PIX_MY_INDEX },
};

static int asm_pixld(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned rd, pd = TX_PT, ra = TX_RZ, imm = 0;
    const struct tok *t;

    /* No mode is mode 0 (.MSCOUNT), as in the seed's PIXLD{.mode} form. */
    if (match_mods(L, pixld_mods, sizeof pixld_mods / sizeof pixld_mods[0], &m))
        return -1;
    if (take_reg(&c, &rd))
        return -1;
    if ((t = peek(&c, T_PRED)) != NULL) {
        pd = t->reg;
        c.i++;
    }
    if ((t = peek(&c, T_MEM)) != NULL) {
        c.i++;
        if (t->mem_has_reg) {
            /* [Ra+#ImmS08] */
            if (t->imm > (t->neg ? 128u : 127u))
                return fail(L->err, t->col, "immediate out of range: expected -0x80..0x7f");
            ra = t->reg;
            imm = (unsigned)(t->neg ? -(int)t->imm : (int)t->imm) & 0xff;
        } else {
            /* [#ImmU08] */
            if (t->imm > 0xff)
                return fail(L->err, t->col, "immediate out of range: expected 0x0..0xff");
            imm = (unsigned)t->imm;
        }
    } else if (c.i < L->nop) {
        return fail(L->err, L->op[c.i].col, "expected Pd or an address [#ImmU08] / [Ra+#ImmS08]");
    }
    if (no_more(&c))
        return -1;
    *word = TX_PIXLD_BITS | ((uint64_t)pd << 45) | ((uint64_t)m.val[0] << 31) |
            ((uint64_t)imm << 20) | guard_bits(L) | ((uint64_t)ra << 8) | rd;
    return 0;
}

/* ---- TLD, TXD (TEX-shaped operands) ---------------------------------- */

/* {Ps,} Rd, Ra{, Rb}, #tsPtrIdx, #paramA{, #wmsk}: the operands TLD and TXD
 * share with TEX (without TEX's Fermi index pair). */
struct texlike {
    unsigned ps, rd, ra, rb, dim;
    uint64_t tsidx, wmask;
    const struct tok *rbt; /* NULL when Rb was left out */
    int rb_col;
};

static int take_texlike(struct cur *c, struct texlike *x)
{
    const struct tok *t;

    x->ps = TX_PT;
    x->rb = TX_RZ;
    x->wmask = 0xf;
    if ((t = peek(c, T_PRED)) != NULL) {
        x->ps = t->reg;
        c->i++;
    }
    if (take_reg(c, &x->rd) || take_reg(c, &x->ra))
        return -1;
    x->rb_col = cur_col(c);
    if ((x->rbt = peek(c, T_REG)) != NULL) {
        x->rb = x->rbt->reg;
        c->i++;
    }
    if (take_imm(c, 0x1fff, "expected #tsPtrIdx 0..0x1fff", &x->tsidx))
        return -1;
    if (take_param_a(c, &x->dim, "expected #paramA (1D 2D 3D CUBE ARRAY_1D ARRAY_2D ARRAY_CUBE)"))
        return -1;
    if (c->i < c->L->nop && take_imm(c, 0xf, "expected #wmsk 0x0..0xf", &x->wmask))
        return -1;
    return no_more(c);
}

static const struct mod_def tld_mods[] = {
    { "B", G_B, 1 },         { "LZ", G_LOD, 0 },     { "LL", G_LOD, 1 },
    { "AOFFI", G_AOFFI, 1 }, { "MS", G_MS, 1 },      { "CL", G_CL, 1 },
    { "NODEP", G_NODEP, 1 }, { "T", G_PHASE, 1 },    { "P", G_PHASE, 2 },
};

/* TLD{.B}.LZ|.LL{.AOFFI}{.MS}{.CL}{.NODEP}{.phase}: fields of facts 5.6. */
static int asm_tld(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    struct texlike x;
    uint64_t w;
    int b;

    if (match_mods(L, tld_mods, sizeof tld_mods / sizeof tld_mods[0], &m))
        return -1;
    if (!m.set[G_LOD])
        return fail(L->err, L->mcol, "TLD needs .LZ or .LL");
    if (take_texlike(&c, &x))
        return -1;
    b = m.val[G_B];
    if (!x.rbt && b + m.val[G_LOD] + m.val[G_AOFFI] + m.val[G_MS] && !L->allow_illegal)
        return fail(L->err, x.rb_col, "%s: this TLD form reads Rb", EXP_REG);
    /* TLD.B has no index field: the immediate is kept for the syntax. */
    w = b ? TX_TLDB_BITS : TX_TLD_BITS | (x.tsidx << 36);
    *word = w | ((uint64_t)m.val[G_LOD] << 55) | ((uint64_t)m.val[G_CL] << 54) |
            ((uint64_t)x.ps << 51) | ((uint64_t)m.val[G_MS] << 50) |
            ((uint64_t)m.val[G_NODEP] << 49) | ((uint64_t)m.val[G_AOFFI] << 35) |
            (x.wmask << 31) | ((uint64_t)x.dim << 28) | ((uint64_t)x.rb << 20) |
            guard_bits(L) | ((uint64_t)x.ra << 8) | x.rd;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

static const struct mod_def txd_mods[] = {
    { "B", G_B, 1 },         { "LC", G_LC, 1 },      { "AOFFI", G_AOFFI, 1 },
    { "NODEP", G_NODEP, 1 }, { "T", G_PHASE, 1 },    { "P", G_PHASE, 2 },
};

/* TXD{.B}{.LC}{.AOFFI}{.NODEP}{.phase}: yuzu texture_gradient.cpp fields. */
static int asm_txd(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    struct texlike x;
    uint64_t w;

    if (match_mods(L, txd_mods, sizeof txd_mods / sizeof txd_mods[0], &m))
        return -1;
    if (take_texlike(&c, &x))
        return -1;
    if (!x.rbt && !L->allow_illegal)
        return fail(L->err, x.rb_col, "%s: TXD reads the gradients from Rb", EXP_REG);
    w = m.val[G_B] ? TX_TXDB_BITS : TX_TXD_BITS | (x.tsidx << 36);
    *word = w | ((uint64_t)x.ps << 51) | ((uint64_t)m.val[G_LC] << 50) |
            ((uint64_t)m.val[G_NODEP] << 49) | ((uint64_t)m.val[G_AOFFI] << 35) |
            (x.wmask << 31) | ((uint64_t)x.dim << 28) | ((uint64_t)x.rb << 20) |
            guard_bits(L) | ((uint64_t)x.ra << 8) | x.rd;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

/* ---- TEXS ------------------------------------------------------------- */

static const struct mod_def texs_mods[] = {
    { "F16", G_F16, 1 },     { "LZ", G_LOD, TX_LOD_LZ }, { "LL", G_LOD, TX_LOD_LL },
    { "DC", G_DC, 1 },       { "NODEP", G_NODEP, 1 },    { "T", G_PHASE, 1 },
    { "P", G_PHASE, 2 },
};

/* TEXS{.F16}{.LZ|.LL}{.DC}{.NODEP}{.phase} Rd1, Rd0, Ra{, Rb}, #tsPtrIdx,
 * #paramA{, #wmsk}: the TLDS operands; (paramA, lod, .DC) picks the target. */
static int asm_texs(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned rd1, rd0, ra, rb = TX_RZ, dim, code, wm;
    uint64_t tsidx;
    const struct tok *rbt, *pa;
    int rb_col;

    if (match_mods(L, texs_mods, sizeof texs_mods / sizeof texs_mods[0], &m))
        return -1;
    if (take_reg(&c, &rd1) || take_reg(&c, &rd0) || take_reg(&c, &ra))
        return -1;
    rb_col = cur_col(&c);
    if ((rbt = peek(&c, T_REG)) != NULL) {
        rb = rbt->reg;
        c.i++;
    }
    if (take_imm(&c, 0x1fff, "expected #tsPtrIdx 0..0x1fff", &tsidx))
        return -1;
    pa = peek(&c, T_NAME);
    if (take_param_a(&c, &dim, "expected #paramA (1D 2D 3D ARRAY_2D CUBE)"))
        return -1;
    for (code = 0; code < 16; code++) {
        const struct tx_texs_form *f = &tx_texs_forms[code];
        if (f->valid && f->dim == dim && f->lod == m.val[G_LOD] && f->dc == m.val[G_DC])
            break;
    }
    if (code == 16)
        return fail(L->err, pa->col,
                    "no TEXS form %s%s%s; forms: 1D.LZ 2D 2D.LZ 2D.LL 2D.DC 2D.LL.DC 2D.LZ.DC "
                    "ARRAY_2D ARRAY_2D.LZ ARRAY_2D.LZ.DC 3D 3D.LZ CUBE CUBE.LL",
                    tx_dim_names[dim], tx_lod_names[m.val[G_LOD]], m.val[G_DC] ? ".DC" : "");
    if (!rbt && tx_texs_forms[code].rb_n && !L->allow_illegal)
        return fail(L->err, rb_col, "%s: this TEXS form reads Rb", EXP_REG);
    if (take_tlds_mask(&c, rd1, "TEXS", &wm) || no_more(&c))
        return -1;
    *word = TX_TEXS_BITS | ((uint64_t)!m.val[G_F16] << 59) | ((uint64_t)code << 53) |
            ((uint64_t)wm << 50) | ((uint64_t)m.val[G_NODEP] << 49) | (tsidx << 36) |
            ((uint64_t)rd1 << 28) | ((uint64_t)rb << 20) | guard_bits(L) |
            ((uint64_t)ra << 8) | rd0;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

/* ---- SUST, SURED ------------------------------------------------------ */

enum { S_OP = S_CLAMP + 1, S_TYPE, S_FTZ, S_RN };

/* "[Ra], Rd, #tsPtrIdx|Rc": the store order.  Returns the Ra, Rd and
 * handle bits of the word. */
static int take_su_store(struct cur *c, uint64_t *bits)
{
    const struct tok *t = take(c, T_MEM, "expected [Ra]");
    unsigned rd;

    if (!t)
        return -1;
    if (!t->mem_has_reg || t->mem_has_imm)
        return fail(c->L->err, t->col, "expected [Ra]");
    if (take_reg(c, &rd))
        return -1;
    *bits = ((uint64_t)t->reg << 8) | rd;
    if ((t = peek(c, T_REG)) != NULL) {
        *bits |= (uint64_t)t->reg << 39;
        c->i++;
    } else {
        uint64_t idx;
        if (take_imm(c, 0x1fff, "expected #tsPtrIdx 0..0x1fff or a register Rc", &idx))
            return -1;
        *bits |= (1ull << 51) | (idx << 36);
    }
    return no_more(c);
}

/* Mode, dim and clamp, which every surface instruction has. */
#define SU_COMMON_MODS \
    { "D", S_MODE, 1 },        { "P", S_MODE, 0 },          { "BA", S_BA, 1 }, \
    { "1D", S_DIM, TX_SU_1D }, { "1D_BUFFER", S_DIM, TX_SU_1D_BUFFER }, \
    { "1D_ARRAY", S_DIM, TX_SU_1D_ARRAY }, { "2D", S_DIM, TX_SU_2D }, \
    { "2D_ARRAY", S_DIM, TX_SU_2D_ARRAY }, { "3D", S_DIM, TX_SU_3D }, \
    { "IGN", S_CLAMP, TX_SU_IGN }, { "NEAR", S_CLAMP, TX_SU_NEAR }, { "TRAP", S_CLAMP, TX_SU_TRAP }

/* Stores name every non-empty component mask (envydis tabeb20_1, as
 * nvdisasm prints them); .BA, the mask B|A, is the byte-address modifier's
 * name too and is told apart by .P (asm_sust). */
static const struct mod_def sust_mods[] = {
    SU_COMMON_MODS,
    { "WB", S_COP, TX_SU_WB }, { "CG", S_COP, TX_SU_CG }, { "CS", S_COP, TX_SU_CS },
    { "WT", S_COP, TX_SU_WT },
    { "U8", S_SZ, TX_SU_U8 }, { "S8", S_SZ, TX_SU_S8 }, { "U16", S_SZ, TX_SU_U16 },
    { "S16", S_SZ, TX_SU_S16 }, { "32", S_SZ, TX_SU_32 }, { "64", S_SZ, TX_SU_64 },
    { "128", S_SZ, TX_SU_128 },
    { "R", S_RGBA, 0x1 }, { "G", S_RGBA, 0x2 }, { "RG", S_RGBA, 0x3 }, { "B", S_RGBA, 0x4 },
    { "RB", S_RGBA, 0x5 }, { "GB", S_RGBA, 0x6 }, { "RGB", S_RGBA, 0x7 }, { "A", S_RGBA, 0x8 },
    { "RA", S_RGBA, 0x9 }, { "GA", S_RGBA, 0xa }, { "RGA", S_RGBA, 0xb },
    { "RBA", S_RGBA, 0xd }, { "GBA", S_RGBA, 0xe }, { "RGBA", S_RGBA, 0xf },
};

/* The mode and dim every surface instruction needs. */
static int su_need(const struct line *L, const struct mods *m)
{
    if (!m->set[S_MODE])
        return fail(L->err, L->mcol, "%s needs .D or .P", L->mnem);
    if (!m->set[S_DIM])
        return fail(L->err, L->mcol,
                    "%s needs a dimension (.1D .1D_BUFFER .1D_ARRAY .2D .2D_ARRAY .3D)", L->mnem);
    return 0;
}

static const char *mod_name(const struct line *L, const struct mods *m, int g)
{
    return L->mod[m->set[g] - 1].name;
}

static int asm_sust(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned d, rgba;
    uint64_t w, bits;

    if (match_mods(L, sust_mods, sizeof sust_mods / sizeof sust_mods[0], &m) || su_need(L, &m))
        return -1;
    d = m.val[S_MODE];
    rgba = m.set[S_RGBA] ? m.val[S_RGBA] : 0xf;
    if (!d && m.set[S_BA]) {
        /* SUST.P ... .BA: the mask B|A. */
        if (m.set[S_RGBA])
            return fail(L->err, mod_col(L, &m, S_BA), "modifier '.BA' conflicts with '.%s'",
                        mod_name(L, &m, S_RGBA));
        rgba = 0xc;
    }
    if (!d && m.set[S_SZ])
        return fail(L->err, mod_col(L, &m, S_SZ), "'.%s' needs SUST.D", mod_name(L, &m, S_SZ));
    if (d && m.set[S_RGBA])
        return fail(L->err, mod_col(L, &m, S_RGBA), "'.%s' needs SUST.P", mod_name(L, &m, S_RGBA));
    if (take_su_store(&c, &bits))
        return -1;
    w = TX_SUST_BITS | ((uint64_t)d << 52) |
        ((uint64_t)(m.set[S_CLAMP] ? m.val[S_CLAMP] : TX_SU_NEAR) << 49) |
        ((uint64_t)m.val[S_DIM] << 33) | ((uint64_t)m.val[S_COP] << 24) | guard_bits(L) | bits;
    if (d)
        w |= ((uint64_t)m.val[S_BA] << 23) |
             ((uint64_t)(m.set[S_SZ] ? m.val[S_SZ] : TX_SU_32) << 20);
    else
        w |= (uint64_t)rgba << 20;
    *word = w;
    return 0;
}

static const struct mod_def sured_mods[] = {
    SU_COMMON_MODS,
    { "ADD", S_OP, TX_RED_ADD }, { "MIN", S_OP, TX_RED_MIN }, { "MAX", S_OP, TX_RED_MAX },
    { "INC", S_OP, TX_RED_INC }, { "DEC", S_OP, TX_RED_DEC }, { "AND", S_OP, TX_RED_AND },
    { "OR", S_OP, TX_RED_OR },   { "XOR", S_OP, TX_RED_XOR },
    { "U32", S_TYPE, TX_RED_U32 }, { "S32", S_TYPE, TX_RED_S32 }, { "U64", S_TYPE, TX_RED_U64 },
    { "F32", S_TYPE, TX_RED_F32 }, { "F16X2", S_TYPE, TX_RED_F16X2 },
    { "S64", S_TYPE, TX_RED_S64 }, { "SD32", S_TYPE, TX_RED_SD32 },
    { "SD64", S_TYPE, TX_RED_SD64 },
    { "FTZ", S_FTZ, 1 }, { "RN", S_RN, 1 },
};

/* SURED.D{.BA}.dim.op{.type}{.clamp} or SURED.P.dim.op{.clamp}; the float
 * types may carry nvdisasm's .FTZ.RN. */
static int asm_sured(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    static const int d_only[2] = { S_BA, S_TYPE };
    unsigned d, type;
    uint64_t w, bits;
    int g, k;

    if (match_mods(L, sured_mods, sizeof sured_mods / sizeof sured_mods[0], &m) || su_need(L, &m))
        return -1;
    if (!m.set[S_OP])
        return fail(L->err, L->mcol, "SURED needs an operation (.ADD .MIN .MAX .INC .DEC .AND .OR .XOR)");
    d = m.val[S_MODE];
    type = m.val[S_TYPE];
    for (k = 0; k < 2; k++)
        if (!d && m.set[g = d_only[k]])
            return fail(L->err, mod_col(L, &m, g), "'.%s' needs SURED.D", mod_name(L, &m, g));
    for (g = S_FTZ; g <= S_RN; g++)
        if (m.set[g] && type != TX_RED_F32 && type != TX_RED_F16X2)
            return fail(L->err, mod_col(L, &m, g), "'.%s' needs .F32 or .F16x2",
                        mod_name(L, &m, g));
    if (take_su_store(&c, &bits))
        return -1;
    w = TX_SURED_BITS | ((uint64_t)d << 52) |
        ((uint64_t)(m.set[S_CLAMP] ? m.val[S_CLAMP] : TX_SU_NEAR) << 49) |
        ((uint64_t)m.val[S_DIM] << 33) | ((uint64_t)m.val[S_OP] << 24) | guard_bits(L) | bits;
    if (d)
        w |= ((uint64_t)m.val[S_BA] << 23) | ((uint64_t)type << 20);
    *word = w;
    return 0;
}

/* ---- TXQ, TMML ---------------------------------------------------------- */

static const struct mod_def txq_mods[] = {
    { "B", G_B, 1 }, { "NODEP", G_NODEP, 1 }, { "T", G_PHASE, 1 }, { "P", G_PHASE, 2 },
};

/* The #tsPtrIdx operand; the .B forms have no index field and print 0x0
 * (nvdisasm), so only 0 is accepted there. */
static int take_index(struct cur *c, int bindless, uint64_t *tsidx)
{
    const struct tok *t = peek(c, T_IMM);
    if (take_imm(c, 0x1fff, "expected #tsPtrIdx 0..0x1fff", tsidx))
        return -1;
    if (bindless && *tsidx)
        return fail(c->L->err, t->col, "the .B form has no index field: expected 0x0");
    return 0;
}

/* TXQ[.B][.NODEP][.phase] Rd, Ra, query, #tsPtrIdx[, #wmsk] */
static int asm_txq(struct line *L, uint64_t *word)
{
    static const char EXP_Q[] = "expected a query (TEX_HEADER_DIMENSION TEX_HEADER_TEXTURE_TYPE "
                                "TEX_HEADER_SAMPLER_POS TEX_SAMPLER_FILTER TEX_SAMPLER_LOD "
                                "TEX_SAMPLER_WRAP TEX_SAMPLER_BORDER_COLOR)";
    struct mods m;
    struct cur c = { L, 0 };
    unsigned rd, ra, q;
    uint64_t tsidx, wmask = 0xf;
    const struct tok *t;

    if (match_mods(L, txq_mods, sizeof txq_mods / sizeof txq_mods[0], &m))
        return -1;
    if (take_reg(&c, &rd) || take_reg(&c, &ra))
        return -1;
    if (!(t = take(&c, T_NAME, EXP_Q)))
        return -1;
    for (q = 0; q < 64 && !(tx_txq_query_name(q) && !strcmp(tx_txq_query_name(q), t->name)); q++)
        ;
    if (q == 64)
        return fail(L->err, t->col, EXP_Q);
    if (take_index(&c, m.val[G_B], &tsidx))
        return -1;
    if (c.i < L->nop && take_imm(&c, 0xf, "expected #wmsk 0x0..0xf", &wmask))
        return -1;
    if (no_more(&c))
        return -1;
    *word = (m.val[G_B] ? TX_TXQB_BITS : TX_TXQ_BITS) | ((uint64_t)m.val[G_NODEP] << 49) |
            (tsidx << 36) | (wmask << 31) | ((uint64_t)q << 22) | guard_bits(L) |
            ((uint64_t)ra << 8) | rd;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

static const struct mod_def tmml_mods[] = {
    { "B", G_B, 1 },         { "LOD", G_LOD, 1 }, { "NDV", G_NDV, 1 },
    { "NODEP", G_NODEP, 1 }, { "T", G_PHASE, 1 }, { "P", G_PHASE, 2 },
};

/* TMML[.B].LOD[.NDV][.NODEP][.phase] Rd, Ra, [Rb,] #tsPtrIdx, paramA[, #wmsk].
 * TMML without .B reads no Rb: left out, the field is R0, as ptxas writes
 * it; any other Rb sets reserved bits (docs/isa.md 4.12). */
static int asm_tmml(struct line *L, uint64_t *word)
{
    struct mods m;
    struct cur c = { L, 0 };
    unsigned rd, ra, rb = 0, dim;
    uint64_t tsidx, wmask = 0xf;
    const struct tok *rbt;
    int rb_col;

    if (match_mods(L, tmml_mods, sizeof tmml_mods / sizeof tmml_mods[0], &m))
        return -1;
    if (!m.set[G_LOD])
        return fail(L->err, L->mcol, "TMML needs .LOD");
    if (take_reg(&c, &rd) || take_reg(&c, &ra))
        return -1;
    rb_col = cur_col(&c);
    if ((rbt = peek(&c, T_REG)) != NULL) {
        rb = rbt->reg;
        c.i++;
    } else if (m.val[G_B] && !L->allow_illegal) {
        return fail(L->err, rb_col, "%s: TMML.B reads its handle from Rb", EXP_REG);
    } else if (m.val[G_B]) {
        rb = TX_RZ;     /* nvdisasm's text of an illegal TMML.B with Rb = RZ */
    }
    if (take_index(&c, m.val[G_B], &tsidx))
        return -1;
    if (take_param_a(&c, &dim, "expected #paramA (1D 2D 3D CUBE ARRAY_1D ARRAY_2D ARRAY_CUBE)"))
        return -1;
    if (c.i < L->nop && take_imm(&c, 0xf, "expected #wmsk 0x0..0xf", &wmask))
        return -1;
    if (no_more(&c))
        return -1;
    *word = (m.val[G_B] ? TX_TMMLB_BITS : TX_TMML_BITS) | ((uint64_t)m.val[G_NODEP] << 49) |
            (tsidx << 36) | ((uint64_t)m.val[G_NDV] << 35) | (wmask << 31) |
            ((uint64_t)dim << 28) | ((uint64_t)rb << 20) | guard_bits(L) |
            ((uint64_t)ra << 8) | rd;
    L->ctrl |= (uint32_t)m.val[G_PHASE] << 17;
    return 0;
}

/* ---- entry ------------------------------------------------------------ */

static const struct {
    const char *mnem;
    int (*assemble)(struct line *, uint64_t *);
} assemblers[] = {
    { "TLDS", asm_tlds }, { "TEX", asm_tex }, { "SULD", asm_suld }, { "PIXLD", asm_pixld },
    { "TLD", asm_tld },   { "TXD", asm_txd }, { "TEXS", asm_texs }, { "SUST", asm_sust },
    { "SURED", asm_sured }, { "TXQ", asm_txq },   { "TMML", asm_tmml },
    { "TLD4", asm_tld4 }, { "TLD4S", asm_tld4s },
};

int tx_asm(const char *text, uint64_t *word, uint32_t *ctrl, tx_asm_err *err)
{
    return tx_asm_opt(text, 0, word, ctrl, err);
}

int tx_asm_opt(const char *text, int allow_illegal, uint64_t *word, uint32_t *ctrl,
               tx_asm_err *err)
{
    struct line L;
    tx_asm_err scratch;
    uint64_t w = 0;
    size_t i;

    if (!err)
        err = &scratch;
    err->col = 0;
    err->msg[0] = '\0';
    memset(&L, 0, sizeof L);
    L.text = text;
    L.err = err;
    L.allow_illegal = allow_illegal;
    if (lex(&L))
        return -1;
    for (i = 0; i < sizeof assemblers / sizeof assemblers[0]; i++)
        if (!strcmp(L.mnem, assemblers[i].mnem))
            break;
    if (i == sizeof assemblers / sizeof assemblers[0])
        return fail(err, L.mcol, "unknown mnemonic '%s'; expected TLDS, TEX, SULD, PIXLD, TLD, "
                    "TLD4, TLD4S, TXD, TEXS, SUST, SURED, TXQ or TMML", L.mnem);
    if (assemblers[i].assemble(&L, &w))
        return -1;
    /* The TEX seed's illegal forms (AOFFI with a cube, DC with 3D, RZ where
     * a parameter must be packed, misaligned registers) are refused unless
     * the caller asks for them, for negative vectors (docs/isa.md); so are
     * those of every instruction added after the seeds. */
    if (!allow_illegal && strcmp(L.mnem, "TLDS") && strcmp(L.mnem, "SULD") &&
        strcmp(L.mnem, "PIXLD")) {
        tx_insn d;
        tx_decode(w, L.ctrl, &d);
        if (d.illegal)
            return fail(err, L.mcol, "illegal %s form: %s (assemble it anyway with "
                        "--allow-illegal, or \"allow_illegal\": true in a vector)", L.mnem, d.why);
    }
    *word = w;
    *ctrl = L.ctrl;
    return 0;
}
