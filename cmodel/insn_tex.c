/*
 * insn_tex.c - TEX and TEX.B, texture fetch with filtering
 * (TEX seed; arithmetic in docs/filtering.md, decisions in
 * docs/semantics.md section 8).
 *
 * The instruction runs down the stages in the RTL's order: gather (every
 * lane of a quad, because the implicit LOD needs the neighbours' coordinates
 * even when they are inactive), header and sampler (once), then per quad the
 * LOD and per active lane the taps: addr, fetch, format (with border colour
 * and depth compare), filter, pack.  Each stage's output is recorded in the
 * taps.
 */
#include <string.h>

#include "stages.h"

/* Lanes that execute (seed "Operation for Tex ops"; S1.4). */
static uint32_t active_lanes(const tx_state *s, const tx_insn *in)
{
    uint32_t m = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.tex.nodep)
        m &= ~s->ktm;
    return m;
}

/* The seed's div(CTM, PS, .NDV) for quad q. */
static int quad_divergent(const tx_state *s, const tx_insn *in, int q)
{
    if (in->u.tex.ndv)
        return 0;
    if (!s->pixel)
        return 1;
    return ((s->ctm >> (4 * q)) & 0xfu) != 0xfu;
}

static int32_t clamp32(int64_t v, int64_t lo, int64_t hi)
{
    return (int32_t)(v < lo ? lo : v > hi ? hi : v);
}

static int32_t sext13(uint32_t v)
{
    v &= 0x1fffu;
    return (int32_t)(v ^ 0x1000u) - 0x1000;
}

static int32_t offset4(uint32_t toff, int pos)
{
    return (int32_t)(((toff >> pos) & 0xfu) ^ 8u) - 8;
}

/* A gather's per-texel offsets (.PTP, docs/semantics.md S10.4): the axes of
 * slot t's texel, from the footprint of the lane's coordinates u moved by
 * the offset of the result component that reads slot t.  Offset n (result
 * component n) is bytes 2(n & 1) and 2(n & 1) + 1 of word n >> 1 (Mesa's
 * NVC0 lowering of textureGatherOffsets), 6-bit two's complement. */
static void ptp_axes(const tx_tsc *tsc, const tx_level *lv, const uint32_t w[2],
                     const int32_t u[3], int t, tx_axis A[3])
{
    static const int comp_of_slot[4] = {3, 2, 0, 1};
    int k = comp_of_slot[t];
    uint32_t o = w[k >> 1] >> (16 * (k & 1));
    const uint32_t n[2] = {lv->w, lv->h};
    const unsigned mode[2] = {tsc->address_u, tsc->address_v};
    memset(A, 0, 3 * sizeof *A);
    for (int a = 0; a < 2; a++) {
        int32_t d = (int32_t)(((o >> (8 * a)) & 0x3fu) ^ 0x20u) - 0x20;
        tx_addr_axis(u[a] + d * 256, n[a], mode[a], 1, &A[a]);
    }
}

/* Everything the lanes share, read once per instruction. */
typedef struct tex_ctx {
    const tx_insn *in;
    tx_tex_slots sl;
    tx_tic tic;
    tx_tsc tsc;
    tx_layout L;
    tx_fmt_desc desc;
    int usable;          /* texels can be fetched; else every result is 0 */
    int cube, ncoord, normalized, integer, dc, srgb_border;
    uint8_t cls[4];             /* blend class of each component (filtering.md B5) */
    uint32_t first, nlev;
    uint32_t border[4];  /* border colour in output order, before compare */
    int aniso;           /* MIN_FILTER ANISO on a 2D footprint (filtering.md 14) */
    unsigned aniso_max;  /* log2 of the largest probe count */
    const tx_tex_gather *ga;   /* a gather (TLD4, TLD4S), or NULL for TEX */
    const tx_insn *scalar;     /* a TEXS: its results packed as TLDS packs them */
    const tx_tex_grad *gd;     /* TXD's gradients and word (S13), or NULL */
} tex_ctx;

/* The array index of a lane: Ra+0 [15:0] for TEX; TXD's word [15:0], or
 * [11:0] with .LC (S13.2). */
static uint32_t array_index(const tex_ctx *c, const uint32_t g[8])
{
    if (c->gd)
        return g[c->gd->word] & (c->gd->lc ? 0xfffu : 0xffffu);
    return g[c->sl.array] & 0xffffu;
}

/* The .LC minimum LOD (u4.8): TEX's Ra+0 [27:16], TXD's word [31:20]. */
static int32_t lod_clamp_of(const tex_ctx *c, const uint32_t g[8])
{
    if (c->gd)
        return (int32_t)((g[c->gd->word] >> 20) & 0xfffu);
    return (int32_t)((g[c->sl.array] >> 16) & 0xfffu);
}

/* The offsets word, TEX's layout (4-bit fields at 4a): TXD's word from bit
 * 16, or bit 12 with .LC (S13.2). */
static uint32_t offsets_of(const tex_ctx *c, const uint32_t g[8])
{
    if (c->gd)
        return g[c->gd->word] >> (c->gd->lc ? 12 : 16);
    return g[c->sl.toff];
}

/* The result registers of a lane: TEX's compaction, or the gather's own. */
static void pack_lane(tx_state *s, const tex_ctx *c, int lane, const uint32_t v[4],
                      tx_effects *fx)
{
    if (c->ga)
        c->ga->pack(s, c->ga->orig, lane, v, fx);
    else if (c->scalar)
        tx_pack_tlds(s, c->scalar, lane, v, fx);
    else
        tx_pack_tex(s, c->in, lane, v, fx);
}

/* A gather's offsets: 6-bit two's complement fields at bits 8a (yuzu
 * texture_gather.cpp MakeOffset); TEX's are 4-bit fields at bits 4a. */
static int32_t tap_offset(const tex_ctx *c, uint32_t toff, int a)
{
    if (c->ga)
        return (int32_t)(((toff >> (8 * a)) & 0x3fu) ^ 0x20u) - 0x20;
    return offset4(toff, 4 * a);
}

/* L1: the derivative coordinates of a lane at the view's first level (C2
 * with 32 fraction bits; cube face coordinates keep Q4's 8 bits), without
 * offsets; missing axes 0.  u at the level's extents, u2 at their powers of
 * two (what tx_lod_deriv scales); n gets the extents (1 when unnormalised). */
static void lane_coords32(const tex_ctx *c, const uint32_t g[8], int64_t u[3], int64_t u2[3],
                          uint32_t n[3])
{
    const tx_level *lv = &c->L.lv[c->first];
    n[0] = lv->w;
    n[1] = lv->h;
    n[2] = lv->d;
    u[0] = u[1] = u[2] = u2[0] = u2[1] = u2[2] = 0;
    if (c->cube) {
        int32_t rs, rt;
        tx_cube_face(g[c->sl.coord[0]], g[c->sl.coord[1]], g[c->sl.coord[2]], &rs, &rt);
        u[0] = (int64_t)tx_cube_fx(rs, n[0]) * (1 << 24);
        u[1] = (int64_t)tx_cube_fx(rt, n[1]) * (1 << 24);
        u2[0] = (int64_t)tx_cube_fx(rs, tx_lod_pow2(n[0])) * (1 << 24);
        u2[1] = (int64_t)tx_cube_fx(rt, tx_lod_pow2(n[1])) * (1 << 24);
        return;
    }
    for (int a = 0; a < 3; a++)
        if (!c->normalized)
            n[a] = 1;
    for (int a = 0; a < c->ncoord; a++) {
        u[a] = tx_coord_fx32(g[c->sl.coord[a]], n[a]);
        u2[a] = tx_coord_fx32(g[c->sl.coord[a]], tx_lod_pow2(n[a]));
    }
}

/* Texel-space coordinates of a lane's taps at an absolute level (C2, Q4:
 * 21 fraction bits, then rounded to 1/256 for linear taps and floored for
 * point taps), without offsets; missing axes 0. */
static void tap_coords(const tex_ctx *c, const uint32_t g[8], uint32_t level, int linear,
                       int32_t u[3])
{
    const tx_level *lv = &c->L.lv[level];
    uint32_t n[3] = {lv->w, lv->h, lv->d};

    u[0] = u[1] = u[2] = 0;
    if (c->cube) {
        int32_t rs, rt;
        tx_cube_face(g[c->sl.coord[0]], g[c->sl.coord[1]], g[c->sl.coord[2]], &rs, &rt);
        u[0] = tx_cube_coord(rs, n[0], linear);
        u[1] = tx_cube_coord(rt, n[1], linear);
        return;
    }
    for (int a = 0; a < c->ncoord; a++)
        u[a] = tx_tex_coord(g[c->sl.coord[a]], c->normalized ? n[a] : 1u, linear);
}

/* L1: a quad's derivatives, lanes 1 - 0 (X) and 2 - 0 (Y): at full
 * precision in dx, dy (the anisotropic probes' axis), as the footprint takes
 * them in lx, ly (tx_lod_deriv). */
static void quad_derivs(const tex_ctx *c, uint32_t g[4][8], int64_t dx[3], int64_t dy[3],
                        int64_t lx[3], int64_t ly[3])
{
    int64_t u[3][3], u2[3][3];
    uint32_t n[3];
    for (int l = 0; l < 3; l++)
        lane_coords32(c, g[l], u[l], u2[l], n);
    for (int a = 0; a < 3; a++) {
        dx[a] = u[1][a] - u[0][a];
        dy[a] = u[2][a] - u[0][a];
        lx[a] = tx_lod_deriv(u2[1][a] - u2[0][a], n[a]);
        ly[a] = tx_lod_deriv(u2[2][a] - u2[0][a], n[a]);
    }
}

/* L1-L2: implicit LOD of a non-divergent quad from lanes 0, 1 and 2. */
static int32_t implicit_lod(const tex_ctx *c, uint32_t g[4][8])
{
    int64_t dx[3], dy[3], lx[3], ly[3];
    quad_derivs(c, g, dx, dy, lx, ly);
    return tx_lod_implicit(lx, ly);
}

/* S13.3: a TXD lane's derivatives from its gradient registers, each
 * converted as L1 converts a coordinate (32 fraction bits at the view's
 * first level): at full precision in dx, dy, as the footprint takes them in
 * lx, ly; axes the dimension lacks are 0. */
static void lane_grads(const tex_ctx *c, const uint32_t g[8], int64_t dx[3], int64_t dy[3],
                       int64_t lx[3], int64_t ly[3])
{
    const tx_level *lv = &c->L.lv[c->first];
    uint32_t n[3] = {lv->w, lv->h, lv->d};
    for (int a = 0; a < 3; a++) {
        dx[a] = dy[a] = lx[a] = ly[a] = 0;
        if (c->gd->dx[a] < 0)
            continue;
        uint32_t na = c->normalized ? n[a] : 1u, p2 = tx_lod_pow2(na);
        dx[a] = tx_coord_fx32(g[c->gd->dx[a]], na);
        dy[a] = tx_coord_fx32(g[c->gd->dy[a]], na);
        lx[a] = tx_lod_deriv(tx_coord_fx32(g[c->gd->dx[a]], p2), na);
        ly[a] = tx_lod_deriv(tx_coord_fx32(g[c->gd->dy[a]], p2), na);
    }
}

/* Section 14: the anisotropic footprint of a non-divergent quad, from the
 * same derivatives as L1 (u and v only; 2D and ARRAY_2D). */
static void aniso_of_quad(const tex_ctx *c, uint32_t g[4][8], tx_aniso *a)
{
    int64_t dx[3], dy[3], lx[3], ly[3];
    quad_derivs(c, g, dx, dy, lx, ly);
    int64_t d[4] = {dx[0], dx[1], dy[0], dy[1]}, l[4] = {lx[0], lx[1], ly[0], ly[1]};
    tx_aniso_footprint(d, l, c->aniso_max, a);
}

/* L3: an fp32 LOD operand in s.8, truncated toward zero. */
static int32_t lod_operand(uint32_t x)
{
    int32_t m = tx_coord_fx(x & 0x7fffffffu, 1);
    return clamp32((x >> 31) ? -(int64_t)m : m, -32768, 32767);
}

/* Border colour (S8.10) in output component order. */
static void border_colour(tex_ctx *c)
{
    for (int i = 0; i < 4; i++)
        c->border[i] = c->tsc.border[i];
    if (c->srgb_border) {
        c->border[0] = tx_srgb_to_f32(c->tsc.srgb_border_r);
        c->border[1] = tx_srgb_to_f32(c->tsc.srgb_border_g);
        c->border[2] = tx_srgb_to_f32(c->tsc.srgb_border_b);
    }
    if (c->tic.depth_texture)
        c->border[1] = c->border[2] = c->border[3] = c->border[0];
}

/* Write zeros for every enabled component of a lane (invalid texture). */
static void lane_zeros(tx_state *s, const tex_ctx *c, int lane, tx_effects *fx)
{
    tx_taps *tp = &fx->taps;
    tp->level[lane] = tp->level1[lane] = 0;
    tp->lod[lane] = 0;
    tp->mipw[lane] = 0;
    memset(tp->ufx[lane], 0, sizeof tp->ufx[lane]);
    memset(tp->wt[lane], 0, sizeof tp->wt[lane]);
    memset(tp->addr[lane], 0, sizeof tp->addr[lane]);
    memset(tp->oob[lane], 0, sizeof tp->oob[lane]);
    tp->oob[lane][0] = 1;
    memset(tp->texel[lane], 0, sizeof tp->texel[lane]);
    memset(tp->fmt[lane], 0, sizeof tp->fmt[lane]);
    memset(tp->filt[lane], 0, sizeof tp->filt[lane]);
    pack_lane(s, c, lane, tp->filt[lane], fx);
}

/* The LOD of one lane: L3-L6 from lambda (the quad's implicit LOD, already
 * 0 for a divergent quad) and the lane's operand. */
static int32_t lane_lod(const tex_ctx *c, int32_t lambda, int32_t opnd, int32_t lc,
                        int64_t *unclamped)
{
    const tx_insn *in = c->in;
    int64_t lod;

    switch (in->u.tex.lod) {
    case TX_LOD_LZ: lod = 0; break;
    case TX_LOD_LB:
    case TX_LOD_LBA: lod = (int64_t)lambda + opnd; break;
    case TX_LOD_LL:
    case TX_LOD_LLA: lod = opnd; break;
    default: lod = lambda; break;
    }
    if (in->u.tex.lod != TX_LOD_LZ)
        lod += c->tic.use_header_opt_control ? sext13(c->tic.mip_lod_bias)
                                             : sext13(c->tsc.mip_lod_bias);
    *unclamped = lod;   /* L5: what TMML returns in R (S12.3) */

    int32_t mn = c->tsc.min_lod_clamp & 0xfff, mx = c->tsc.max_lod_clamp & 0xfff;
    int32_t hmin = c->tic.min_lod_clamp & 0xfff;
    if (c->tsc.min_lod_clamp_behavior && c->tsc.mip_filter == 2) {
        mn &= ~255;
        hmin &= ~255;
        lc &= ~255;
    }
    if (lod > mx)
        lod = mx;
    if (lod < mn)
        lod = mn;
    if (lod < hmin)
        lod = hmin;
    if (lod < lc)
        lod = lc;
    return (int32_t)lod;
}

/* One texel of a tap: address, fetch, format decode (or the border
 * colour), depth compare; *smin the components that hold the SNORM8 code
 * -128 (none for a border colour or a compare result).  Returns
 * TX_ST_FAULT on a memory fault. */
static int tap_fetch(tx_state *s, tex_ctx *c, uint32_t lev, int32_t x, int32_t y, uint32_t z,
                     uint32_t layer, int border, uint32_t ref, uint64_t *addrp, uint8_t *oobp,
                     uint32_t texel[4], uint32_t fmt[4], uint8_t *smin, int *sparse)
{
    uint64_t addr = 0;
    int oob = 1, status = TX_ST_OK;
    uint8_t raw[16];

    if (!border)
        oob = tx_addr_texel(&c->L, lev, (uint32_t)x, (uint32_t)y, z, layer, 0, &addr);
    if (border || oob)
        addr = 0;
    int fl = tx_fetch_texel(s->mem, addr, c->L.bpp, border || oob, raw);
    if (fl & TX_MEM_FAULT)
        status = TX_ST_FAULT;
    if (fl & TX_MEM_SPARSE)
        *sparse = 1;
    tx_fetch_words(raw, texel);
    *addrp = addr;
    *oobp = (uint8_t)(border || oob);
    *smin = 0;
    if (border)
        memcpy(fmt, c->border, sizeof c->border);
    else
        tx_format_decode_at(&c->desc, raw, (uint32_t)x & 3u, (uint32_t)y & 3u, !oob, fmt, smin);
    if (c->dc) {
        *smin = 0;
        uint32_t v = tx_depth_compare(c->tsc.depth_compare_func, ref, fmt[0]) ? 0x3f800000u : 0u;
        fmt[0] = fmt[1] = fmt[2] = fmt[3] = v;
    }
    return status;
}

/* Sample one lane: everything from the LOD to the packed result. */
static int sample_lane(tx_state *s, tex_ctx *c, int lane, const uint32_t g[8], int32_t lod,
                       const tx_aniso *an, int *sparse, tx_effects *fx)
{
    const tx_insn *in = c->in;
    tx_taps *tp = &fx->taps;
    int status = TX_ST_OK;

    /* T4, M1-M4: filters and levels. */
    unsigned ff = lod <= 0 ? c->tsc.mag_filter : c->tsc.min_filter;
    int linear = (ff == 2 || (lod > 0 && ff == 3)) && !c->integer;   /* ANISO: LINEAR probes */
    if (c->ga)
        linear = 1;     /* a gather reads the bilinear footprint of any format (S10.2) */
    unsigned mip = c->tsc.mip_filter;
    if (mip == 3 && c->integer)
        mip = 2;
    uint32_t r0 = 0, r1 = 0;
    unsigned fm = 0;
    if (mip == 2) {
        int64_t r = ((int64_t)lod + 128) >> 8;
        r0 = r1 = (uint32_t)clamp32(r, 0, c->nlev);
    } else if (mip == 3) {
        int32_t cl = clamp32(lod, 0, (int64_t)c->nlev << 8);
        r0 = r1 = (uint32_t)(cl >> 8);
        fm = (unsigned)(cl & 255);
        if (fm)
            r1 = r0 + 1;
    }
    int two_levels = fm != 0;
    int is3d = c->ncoord == 3 && !c->cube;
    /* T3: 16 taps for two levels of two 3D slices each. */
    int ntaps = two_levels && linear && is3d ? 16 : two_levels || (linear && is3d) ? 8
              : linear ? 4 : 1;

    uint32_t lev[2] = {c->first + r0, c->first + r1};
    tp->lod[lane] = lod;
    tp->level[lane] = lev[0];
    tp->level1[lane] = lev[1];
    tp->mipw[lane] = (uint8_t)fm;

    /* Array layer (A4) and cube face. */
    uint32_t layer = 0;
    int face = 0;
    if (c->cube) {
        int32_t rs, rt;
        face = tx_cube_face(g[c->sl.coord[0]], g[c->sl.coord[1]], g[c->sl.coord[2]], &rs, &rt);
    }
    if (in->u.tex.dim & 1) {
        uint32_t a = array_index(c, g);
        uint32_t n = c->cube ? c->L.layers / 6u : c->L.layers;
        if (n == 0)
            n = 1;
        if (a > n - 1)
            a = n - 1;
        layer = c->cube ? 6 * a + (uint32_t)face : a;
    } else if (c->cube) {
        layer = (uint32_t)face;
    }

    /* Section 14: a minifying lane of a quad with an anisotropic footprint
     * takes N = 2^nlog probes along the major axis, each sampled like a
     * linear lane; the taps recorded are those of the last probe.  Every
     * other lane takes one probe at its own coordinates. */
    unsigned nlog = an && lod > 0 ? an->nlog : 0, nprobe = 1u << nlog;
    int red = !c->ga && (c->tsc.reduction_filter == 1 || c->tsc.reduction_filter == 2);
    int max = c->tsc.reduction_filter == 2;
    int32_t toff = c->sl.toff >= 0 ? (int32_t)offsets_of(c, g) : 0;
    uint32_t ref = c->sl.dc >= 0 ? g[c->sl.dc] : 0;
    uint32_t acc[4];
    uint8_t smin[TX_TAPS_PER_LANE];     /* per slot: components of SNORM8 code -128 */
    for (unsigned pk = 0; pk < nprobe; pk++) {
        /* Coordinates and axes per level (C2, C3, section 6). */
        tx_axis ax[2][3];
        int seam[2];
        int ngroups = two_levels ? 2 : 1;
        for (int k = 0; k < 2; k++) {
            int gi = k < ngroups ? k : 0;
            int32_t *u = tp->ufx[lane][k];
            const tx_level *lv = &c->L.lv[lev[gi]];
            uint32_t n[3] = {lv->w, lv->h, lv->d};
            tap_coords(c, g, lev[gi], linear, u);
            if (c->sl.toff >= 0 && !(c->ga && c->ga->ptp))
                for (int a = 0; a < c->ncoord; a++)
                    u[a] += tap_offset(c, (uint32_t)toff, a) * 256;
            if (nprobe > 1) {
                unsigned r = lev[gi] - c->first;
                u[0] = tx_aniso_probe(u[0], an->du, r, nlog, pk);
                u[1] = tx_aniso_probe(u[1], an->dv, r, nlog, pk);
            }
            /* Section 15: seamless faces take the raw indices (BORDER
             * flags them outside) and resolve them per tap. */
            seam[k] = c->cube && c->tsc.cubemap_interface_filtering >= 2 && linear &&
                      lv->w == lv->h;
            for (int a = 0; a < 3; a++) {
                if (a < c->ncoord && !(c->cube && a == 2)) {
                    unsigned mode = seam[k] ? 3u : c->cube ? 2u
                                  : a == 0 ? c->tsc.address_u
                                  : a == 1 ? c->tsc.address_v : c->tsc.address_p;
                    tx_addr_axis(u[a], n[a], mode, linear, &ax[k][a]);
                } else {
                    memset(&ax[k][a], 0, sizeof ax[k][a]);
                }
                tp->wt[lane][k][a] = ax[k][a].f;
            }
        }

        /* One level: the second level's fractions are 0 (its coordinates copy
         * the first's), filtering.md section 11. */
        if (!two_levels)
            memset(tp->wt[lane][1], 0, sizeof tp->wt[lane][1]);

        /* Taps: addr, fetch, format, border, depth compare. */
        unsigned corners = 0;   /* slots of seamless cube corner taps (S4) */
        for (int t = 0; t < ntaps; t++) {
            int grp = t >> 2, i = t & 1, j = (t >> 1) & 1;
            /* Level group and 3D slice of the tap (T3). */
            int lg = ntaps == 16 ? grp >> 1 : two_levels ? grp : 0;
            const tx_axis *A = ax[lg];
            tx_axis pa[3];
            if (c->ga && c->ga->ptp) {
                const uint32_t w[2] = {g[c->sl.toff], g[c->sl.toff + 1]};
                ptp_axes(&c->tsc, &c->L.lv[lev[0]], w, tp->ufx[lane][0], t, pa);
                A = pa;
            }
            int wi = ntaps == 16 ? grp & 1 : is3d && linear ? grp : 0;
            int border = A[0].border[i] || A[1].border[j] || (is3d && A[2].border[wi]);
            int32_t x = A[0].i[i], y = A[1].i[j];
            uint32_t z = is3d ? (uint32_t)A[2].i[wi] : 0u;
            uint32_t *fmt = tp->fmt[lane][t];

            if (seam[lg]) {
                /* Section 15: a tap outside the face reads the neighbour.
                 * A corner tap reads the face's own corner texel A; the
                 * blend shares its weight out to the three texels that
                 * meet there (the group's other taps), a min/max
                 * reduction takes the min/max of the three. */
                uint32_t n = c->L.lv[lev[lg]].w, base = layer - (uint32_t)face;
                int fo;
                int32_t io, jo;
                if (tx_cube_seam(face, x, y, n, &fo, &io, &jo) == 2) {
                    int32_t xc = x < 0 ? 0 : (int32_t)n - 1, yc = y < 0 ? 0 : (int32_t)n - 1;
                    uint32_t v[3][4], tw[4];
                    uint64_t ad;
                    uint8_t ob, sm;
                    status |= tap_fetch(s, c, lev[lg], xc, yc, 0, layer, 0, ref, &tp->addr[lane][t],
                                        &tp->oob[lane][t], tp->texel[lane][t], v[0], &smin[t],
                                        sparse);
                    tx_cube_seam(face, x, yc, n, &fo, &io, &jo);
                    status |= tap_fetch(s, c, lev[lg], io, jo, 0, base + (uint32_t)fo, 0, ref, &ad,
                                        &ob, tw, v[1], &sm, sparse);
                    tx_cube_seam(face, xc, y, n, &fo, &io, &jo);
                    status |= tap_fetch(s, c, lev[lg], io, jo, 0, base + (uint32_t)fo, 0, ref, &ad,
                                        &ob, tw, v[2], &sm, sparse);
                    for (int k = 0; k < 4; k++)
                        fmt[k] = red ? tx_fred(tx_fred(v[0][k], v[1][k], max), v[2][k], max)
                                     : v[0][k];
                    corners |= 1u << t;
                    continue;
                }
                x = io;
                y = jo;
                border = 0;
                status |= tap_fetch(s, c, lev[lg], x, y, 0, base + (uint32_t)fo, 0, ref,
                                    &tp->addr[lane][t], &tp->oob[lane][t], tp->texel[lane][t], fmt,
                                    &smin[t], sparse);
                continue;
            }
            status |= tap_fetch(s, c, lev[lg], x, y, z, layer, border, ref, &tp->addr[lane][t],
                                &tp->oob[lane][t], tp->texel[lane][t], fmt, &smin[t], sparse);
        }
        /* The instruction's ntaps is the largest of its lanes; a lane's slots
         * past its own count read as 0 (filtering.md section 11). */
        for (int t = ntaps; t < TX_TAPS_PER_LANE; t++) {
            tp->addr[lane][t] = 0;
            tp->oob[lane][t] = 0;
            memset(tp->texel[lane][t], 0, sizeof tp->texel[lane][t]);
            memset(tp->fmt[lane][t], 0, sizeof tp->fmt[lane][t]);
            smin[t] = 0;
        }
        tp->ntaps = (uint8_t)(ntaps > tp->ntaps ? ntaps : tp->ntaps);

        /* Filter and pack. */
        uint8_t fu[2] = {ax[0][0].f, ax[two_levels][0].f};
        uint8_t fv[2] = {ax[0][1].f, ax[two_levels][1].f};
        uint8_t fw[2] = {ax[0][2].f, ax[two_levels][2].f};
        unsigned fg = two_levels ? fm : ax[0][2].f;
        if (ntaps == 8 && !two_levels) {   /* 3D linear: both slices, one level */
            fu[1] = fu[0];
            fv[1] = fv[0];
        }
        /* REDUCTION_FILTER 1 MIN, 2 MAX; 0 (and the unused 3) weighted average. */
        uint32_t pr[4];
        if (c->ga)
            tx_filter_gather(tp->fmt[lane], c->ga->comp, pr);
        else if (red)
            tx_filter_reduce(tp->fmt[lane], ntaps, fu, fv, fw, fg, c->tsc.reduction_filter == 2,
                             pr);
        else
            tx_filter_tex(tp->fmt[lane], smin, ntaps, fu, fv, fw, fg, corners, c->cls, pr);
        for (int k = 0; k < 4; k++)
            acc[k] = pk == 0 ? pr[k] : red ? tx_fred(acc[k], pr[k], c->tsc.reduction_filter == 2)
                                           : tx_fadd(acc[k], pr[k]);
    }
    /* N probes average with equal weights 1/N: the sum in probe order, then
     * one exact scaling by 2^-nlog (B1 with w = 256 >> nlog). */
    for (int k = 0; k < 4; k++)
        tp->filt[lane][k] = nprobe > 1 && !red ? tx_fmulw(acc[k], 256u >> nlog) : acc[k];
    pack_lane(s, c, lane, tp->filt[lane], fx);
    return status;
}

/* TMML (docs/semantics.md S12.3): the LOD pair of one lane in place of
 * its sample.  R = the LOD before the clamps (L5), saturated to s7.8 and
 * sign-extended; G = the final LOD (L6) within the view's levels 0 ..
 * nlev, u8.8; B = A = 0.  The taps are those of the query: gather, format
 * slot 0 and filter. */
static void tmml_lane(tx_state *s, const tex_ctx *c, int lane, int64_t pre, int32_t lod,
                      tx_effects *fx)
{
    tx_taps *tp = &fx->taps;
    int64_t rel = pre < -32768 ? -32768 : pre > 32767 ? 32767 : pre;
    int64_t top = (int64_t)c->nlev << 8;
    int64_t abs = lod < 0 ? 0 : lod > top ? top : lod;
    uint32_t r[4] = { (uint32_t)(int32_t)rel, (uint32_t)abs, 0, 0 };

    memset(tp->fmt[lane], 0, sizeof tp->fmt[lane]);
    memcpy(tp->fmt[lane][0], r, sizeof r);
    memset(tp->wt[lane], 0, sizeof tp->wt[lane]);
    memcpy(tp->filt[lane], r, sizeof r);
    tx_pack_tex(s, c->in, lane, r, fx);
}

/* The variant of TEX that tex_run executes: at most one member is set; none
 * is TEX itself. */
typedef struct tex_variant {
    const tx_tex_gather *ga;   /* a gather: TLD4, TLD4S (docs/semantics.md section 10) */
    const tx_tex_grad *gd;     /* TXD's gradients (S13) */
    const tx_insn *scalar;     /* TEXS: the word whose packing the results take (S14) */
    int tmml;                  /* TMML: header and LOD stages, no fetch (S12) */
} tex_variant;

static int tex_run(tx_state *s, const tx_insn *in, const tex_variant *v, tx_effects *fx);

void tx_tex_form(const tx_insn *in, tx_insn *t)
{
    memset(t, 0, sizeof *t);
    t->op = TX_OP_TEX;
    t->word = in->word;
    t->ctrl = in->ctrl;
    t->pred = in->pred;
    t->pred_neg = in->pred_neg;
    t->rd = in->rd;
    t->ra = in->ra;
    t->rb = in->rb;
    t->phase = in->phase;
}

int tx_insn_tex(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    return tx_tex_run(s, in, NULL, fx);
}

int tx_tex_lod_query(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    const tex_variant v = {.tmml = 1};
    return tex_run(s, in, &v, fx);
}

int tx_tex_run(tx_state *s, const tx_insn *in, const tx_tex_gather *ga, tx_effects *fx)
{
    const tex_variant v = {.ga = ga};
    return tex_run(s, in, &v, fx);
}

int tx_tex_run_scalar(tx_state *s, const tx_insn *in, const tx_insn *pack_as, tx_effects *fx)
{
    const tex_variant v = {.scalar = pack_as};
    return tex_run(s, in, &v, fx);
}

int tx_tex_grad_run(tx_state *s, const tx_insn *in, const tx_tex_grad *gd, tx_effects *fx)
{
    const tex_variant v = {.gd = gd};
    return tex_run(s, in, &v, fx);
}

/* TEX or one of its variants (tex_variant): a gather, TXD, TEXS, or the LOD
 * query TMML, which runs TEX's header and LOD stages and fetches nothing. */
static int tex_run(tx_state *s, const tx_insn *in, const tex_variant *v, tx_effects *fx)
{
    const tx_tex_gather *ga = v->ga;
    const tx_tex_grad *gd = v->gd;
    const tx_insn *scalar = v->scalar;
    const int tmml = v->tmml;
    tx_taps *tp = &fx->taps;
    tex_ctx c;
    int status = TX_ST_OK;

    memset(&c, 0, sizeof c);
    c.in = in;
    c.ga = ga;
    c.scalar = scalar;
    c.gd = gd;
    if (ga)
        c.sl = ga->sl;
    else if (gd)
        c.sl = gd->sl;
    else
        tx_tex_slots_of(in, &c.sl);

    uint32_t active = active_lanes(s, in);
    tp->lanes = active;
    tp->ntaps = 1;
    if (tmml)
        tp->stages = (1u << TX_TAP_GATHER) | (1u << TX_TAP_FORMAT) | (1u << TX_TAP_FILTER);
    if (!active)
        return TX_ST_OK;

    /* Gather every lane of every quad with an active lane. */
    uint32_t g[TX_LANES][8];
    for (int lane = 0; lane < TX_LANES; lane++) {
        tx_gather_tex(s, in, &c.sl, lane, g[lane]);
        if (active >> lane & 1)
            memcpy(tp->gather[lane], g[lane], sizeof g[lane]);
    }

    /* Binding (S8.1-S8.3): the handle from the constant bank, or with .B
     * from Rb of the lowest active lane. */
    int first_lane = 0;
    while (!(active >> first_lane & 1))
        first_lane++;
    uint32_t handle = in->u.tex.bindless ? g[first_lane][c.sl.handle]
                                         : tx_header_handle(s, in->u.tex.tsidx);
    uint32_t hidx = handle & 0xfffffu;
    uint32_t sidx = s->ogl_binding ? hidx : handle >> 20;
    if (hidx <= s->tic_max && sidx <= s->tsc_max) {
        int f1 = tx_header_read(s, hidx, &c.tic);
        int f2 = tx_sampler_read(s, sidx, &c.tsc);
        if ((f1 | f2) & TX_MEM_FAULT)
            status = TX_ST_FAULT;
        else if (tx_layout_build(&c.tic, s->gob_layout, &c.L) == 0 &&
                 tx_header_tex_compatible(in->u.tex.dim, c.tic.texture_type))
            c.usable = 1;
    }
    if (!c.usable) {
        for (int lane = 0; lane < TX_LANES; lane++)
            if (active >> lane & 1)
                lane_zeros(s, &c, lane, fx);
        if (in->u.tex.ps != TX_PT) {
            fx->predw_mask[in->u.tex.ps] |= active;
            s->p[in->u.tex.ps] &= ~active;
        }
        return status;
    }

    tx_fmt_desc_from_tic(&c.tic, &c.desc);
    c.cube = (in->u.tex.dim >> 1) == 3;
    c.ncoord = c.cube ? 3 : (in->u.tex.dim >> 1) + 1;
    c.normalized = c.tic.normalized_coords && !c.tsc.float_coord_normalization;
    c.integer = c.desc.dtype[0] == TX_DT_SINT || c.desc.dtype[0] == TX_DT_UINT;
    c.dc = in->u.tex.dc && (in->u.tex.lod == TX_LOD_NONE || in->u.tex.lod == TX_LOD_LZ ||
                            c.tsc.depth_compare);
    c.srgb_border = tx_fmt_srgb_active(&c.desc);
    /* Depth-compare results (0.0, 1.0) blend as binary32. */
    tx_fmt_blend_classes(&c.desc, c.cls);
    if (c.dc)
        memset(c.cls, TX_BL_F32, sizeof c.cls);
    c.aniso = !ga && c.tsc.min_filter == 3 && !c.integer &&
              (in->u.tex.dim == TX_DIM_2D || in->u.tex.dim == TX_DIM_A2D);
    c.aniso_max = tx_aniso_max_log2(c.tic.use_header_opt_control ? c.tic.max_anisotropy
                                                                 : c.tsc.max_anisotropy);
    c.first = c.L.first_level;
    c.nlev = c.L.last_level >= c.L.first_level ? c.L.last_level - c.L.first_level : 0;
    border_colour(&c);

    uint32_t spmask = 0;
    for (int q = 0; q < TX_QUADS; q++) {
        uint32_t qa = (active >> (4 * q)) & 0xfu;
        if (!qa)
            continue;
        int div = quad_divergent(s, in, q);
        int32_t lambda = 0;
        uint8_t mode = in->u.tex.lod;
        tx_aniso an;
        int use_an = 0;
        if (!gd && !div && (mode == TX_LOD_NONE || mode == TX_LOD_LB || mode == TX_LOD_LBA)) {
            if (c.aniso) {
                aniso_of_quad(&c, &g[4 * q], &an);
                lambda = an.lambda;
                use_an = 1;
            } else {
                lambda = implicit_lod(&c, &g[4 * q]);
            }
        }
        int32_t avg = 0;
        if (c.sl.lod >= 0 && !div && (mode == TX_LOD_LBA || mode == TX_LOD_LLA)) {
            int64_t sum = 0;
            for (int l = 0; l < 4; l++)
                sum += lod_operand(g[4 * q + l][c.sl.lod]);
            avg = (int32_t)(sum >> 2);
        }
        for (int l = 0; l < 4; l++) {
            int lane = 4 * q + l;
            if (!(qa >> l & 1))
                continue;
            int32_t opnd = 0;
            if (c.sl.lod >= 0)
                opnd = (!div && (mode == TX_LOD_LBA || mode == TX_LOD_LLA))
                       ? avg : lod_operand(g[lane][c.sl.lod]);
            int32_t lc = in->u.tex.lc ? lod_clamp_of(&c, g[lane]) : 0;
            /* TXD: each lane's own footprint from its gradients (S13.3). */
            if (gd) {
                int64_t dx[3], dy[3], lx[3], ly[3];
                lane_grads(&c, g[lane], dx, dy, lx, ly);
                use_an = c.aniso;
                if (use_an) {
                    int64_t d[4] = {dx[0], dx[1], dy[0], dy[1]};
                    int64_t ld[4] = {lx[0], lx[1], ly[0], ly[1]};
                    tx_aniso_footprint(d, ld, c.aniso_max, &an);
                    lambda = an.lambda;
                } else {
                    lambda = tx_lod_implicit(lx, ly);
                }
            }
            /* A gather reads the view's first level (S10.2). */
            int64_t pre = 0;
            int32_t lod = ga ? 0 : lane_lod(&c, lambda, opnd, lc, &pre);
            if (tmml) {
                tmml_lane(s, &c, lane, pre, lod, fx);
                continue;
            }
            int sparse = 0;
            int st = sample_lane(s, &c, lane, g[lane], lod, use_an ? &an : NULL, &sparse, fx);
            if (st != TX_ST_OK)
                status = st;
            if (sparse)
                spmask |= 1u << lane;
        }
    }
    if (in->u.tex.ps != TX_PT) {
        int p = in->u.tex.ps;
        fx->predw_mask[p] |= active;
        fx->predw_val[p] = (fx->predw_val[p] & ~active) | spmask;
        s->p[p] = (s->p[p] & ~active) | spmask;
    }
    return status;
}
