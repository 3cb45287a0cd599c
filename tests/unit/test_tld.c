/*
 * test_tld.c - TLD through tx_step (docs/semantics.md section 9): the
 * operand groups of every dim, .LL, .AOFFI on every axis, the array index
 * out of range (zeros, unlike TEX's clamp), .MS, .B, the sparse predicate,
 * the write-mask packing and the type fit.
 *
 * The textures are R32 UINT, block-linear, each texel holding its own
 * coordinates (x | y << 8 | z-or-layer << 16 | level << 24), so a result
 * names the texel that was read.  Where a texel sits in memory comes from
 * the layout functions (tested on their own in test_layout.c); what is
 * checked here is which texel TLD reads and what it writes.
 */
#include "check.h"
#include "format.h"
#include "isa.h"
#include "layout.h"
#include "model.h"
#include "state.h"
#include "tic.h"

#define TIC_BASE 0x100000ull

enum { H_A2D = 1, H_3D = 2, H_A1D = 3, H_MS = 4, H_2D = 5 };

static uint32_t texel_value(uint32_t x, uint32_t y, uint32_t zl, uint32_t level)
{
    return x | y << 8 | zl << 16 | level << 24;
}

static void put_header(tx_state *s, uint32_t index, const tx_tic *t)
{
    uint32_t w[8];
    uint8_t b[32];
    tx_tic_pack(t, w);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(s->mem, TIC_BASE + 32ull * index, b, 32);
}

/* A block-linear R32 UINT texture at base, every texel of every level,
 * layer (or slice) and sample written with its coordinates. */
static void texture(tx_state *s, uint32_t index, uint8_t type, uint64_t base, uint32_t w,
                    uint32_t h, uint32_t d, uint32_t levels, uint8_t ms_code)
{
    tx_tic t;
    tx_layout L;

    memset(&t, 0, sizeof t);
    t.components = TX_FMT_R32;
    for (int i = 0; i < 4; i++)
        t.dtype[i] = TX_DT_UINT;
    t.swz[0] = TX_SWZ_R;
    t.swz[1] = TX_SWZ_G;
    t.swz[2] = TX_SWZ_B;
    t.swz[3] = TX_SWZ_A;
    t.address = base;
    t.version = TX_TIC_BLOCKLINEAR;
    t.width_minus_one = w - 1;
    t.height_minus_one = (uint16_t)(h - 1);
    t.depth_minus_one = (uint16_t)(d - 1);
    t.texture_type = type;
    t.max_mip_level = (uint8_t)(levels - 1);
    t.res_view_max_mip_level = (uint8_t)(levels - 1);
    t.multi_sample_count = ms_code;
    put_header(s, index, &t);
    CHECK(tx_layout_build(&t, s->gob_layout, &L) == 0, "layout of header %u", index);
    for (uint32_t lv = 0; lv < levels; lv++)
        for (uint32_t zl = 0; zl < (type == TX_TEX_3D ? L.lv[lv].d : L.layers); zl++)
            for (uint32_t sm = 0; sm < L.samples; sm++)
                for (uint32_t y = 0; y < L.lv[lv].h; y++)
                    for (uint32_t x = 0; x < L.lv[lv].w; x++) {
                        uint64_t a;
                        uint32_t v = texel_value(x, y, zl, lv) + (sm << 28);
                        int oob = type == TX_TEX_3D ? tx_addr_texel(&L, lv, x, y, zl, 0, sm, &a)
                                                    : tx_addr_texel(&L, lv, x, y, 0, zl, sm, &a);
                        CHECK(!oob, "texel in bounds");
                        tx_mem_write(s->mem, a, &v, 4);
                    }
}

static void set_cb(tx_state *s, int word, uint32_t handle)
{
    for (int j = 0; j < 4; j++)
        s->cbank[4 * word + j] = (uint8_t)(handle >> (8 * j));
}

static void setup(tx_state *s)
{
    tx_state_reset(s);
    s->tic_base = TIC_BASE;
    s->tic_max = 0xff;
    texture(s, H_A2D, TX_TEX_2D_ARRAY, 0x200000, 8, 4, 3, 2, 0);
    texture(s, H_3D, TX_TEX_3D, 0x300000, 4, 4, 4, 1, 0);
    texture(s, H_A1D, TX_TEX_1D_ARRAY, 0x400000, 16, 1, 5, 3, 0);
    texture(s, H_MS, TX_TEX_2D, 0x500000, 4, 4, 1, 1, 2 /* 4 samples */);
    texture(s, H_2D, TX_TEX_2D, 0x600000, 8, 8, 1, 1, 0);
    for (int i = 1; i <= 5; i++)
        set_cb(s, 0x10 + i, 0xabc00000u | (uint32_t)i);   /* sampler bits ignored */
}

/* Set register r of every lane to v. */
static void reg_all(tx_state *s, int r, uint32_t v)
{
    for (int l = 0; l < TX_LANES; l++)
        s->r[l][r] = v;
}

/* Run text; returns the status; *fx gets the effects. */
static int run(tx_state *s, const char *text, tx_effects *fx)
{
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm(text, &w, &c, &e)) {
        CHECK(0, "asm \"%s\": %s", text, e.msg);
        return -1;
    }
    return tx_step(s, w, c, fx);
}

static void expect(tx_state *s, const char *text, int r, uint32_t want)
{
    static tx_effects fx;
    int st = run(s, text, &fx);
    CHECK(st == TX_ST_OK, "%s: status %d", text, st);
    CHECK(s->r[0][r] == want, "%s: R%d = 0x%08x, want 0x%08x", text, r, s->r[0][r], want);
}

int main(void)
{
    tx_state *s = tx_state_new();
    static tx_effects fx;

    setup(s);

    /* ARRAY_2D: Ra = layer (U16), x, y; the upper bits of the layer word
     * do not count; a layer past the count reads zeros (TEX clamps). */
    reg_all(s, 8, 2);
    reg_all(s, 9, 5);
    reg_all(s, 10, 3);
    expect(s, "TLD.LZ R0, R8, 0x11, ARRAY_2D, 0x1", 0, texel_value(5, 3, 2, 0));
    reg_all(s, 8, 0x30001);
    expect(s, "TLD.LZ R0, R8, 0x11, ARRAY_2D, 0x1", 0, texel_value(5, 3, 1, 0));
    reg_all(s, 8, 3);
    expect(s, "TLD.LZ R0, R8, 0x11, ARRAY_2D, 0x1", 0, 0);
    /* .LL from Rb; a level past the view reads zeros. */
    reg_all(s, 8, 1);
    reg_all(s, 9, 3);
    reg_all(s, 10, 1);
    reg_all(s, 12, 1);
    expect(s, "TLD.LL R0, R8, R12, 0x11, ARRAY_2D, 0x1", 0, texel_value(3, 1, 1, 1));
    reg_all(s, 12, 2);
    expect(s, "TLD.LL R0, R8, R12, 0x11, ARRAY_2D, 0x1", 0, 0);
    /* ARRAY_2D .LL .AOFFI: Rb = lod, offsets (x -1; level 1 is 4 x 2, so
     * y +1 leaves it). */
    reg_all(s, 12, 1);
    reg_all(s, 13, 0x0f);
    expect(s, "TLD.LL.AOFFI R0, R8, R12, 0x11, ARRAY_2D, 0x1", 0, texel_value(2, 1, 1, 1));
    reg_all(s, 13, 0x1f);
    expect(s, "TLD.LL.AOFFI R0, R8, R12, 0x11, ARRAY_2D, 0x1", 0, 0);

    /* 3D: x, y, z; .AOFFI on all three axes (z [11:8]). */
    reg_all(s, 16, 1);
    reg_all(s, 17, 2);
    reg_all(s, 18, 3);
    expect(s, "TLD.LZ R0, R16, 0x12, 3D, 0x1", 0, texel_value(1, 2, 3, 0));
    reg_all(s, 20, 0xf11);   /* x +1, y +1, z -1 */
    expect(s, "TLD.LZ.AOFFI R0, R16, R20, 0x12, 3D, 0x1", 0, texel_value(2, 3, 2, 0));
    reg_all(s, 20, 0x100);   /* z +1: past the depth */
    expect(s, "TLD.LZ.AOFFI R0, R16, R20, 0x12, 3D, 0x1", 0, 0);

    /* ARRAY_1D: Ra = layer, x; .LL level 2. */
    reg_all(s, 24, 4);
    reg_all(s, 25, 3);
    reg_all(s, 26, 2);
    expect(s, "TLD.LL R0, R24, R26, 0x13, ARRAY_1D, 0x1", 0, texel_value(3, 0, 4, 2));
    reg_all(s, 24, 5);
    expect(s, "TLD.LL R0, R24, R26, 0x13, ARRAY_1D, 0x1", 0, 0);

    /* .MS: the sample index is the last Rb slot; 4 samples. */
    reg_all(s, 28, 2);
    reg_all(s, 29, 1);
    reg_all(s, 32, 3);
    expect(s, "TLD.LZ.MS R0, R28, R32, 0x14, 2D, 0x1", 0, texel_value(2, 1, 0, 0) + (3u << 28));
    reg_all(s, 32, 4);
    expect(s, "TLD.LZ.MS R0, R28, R32, 0x14, 2D, 0x1", 0, 0);

    /* .B: the handle is Rb of the lowest active lane (the others differ). */
    reg_all(s, 36, 5);
    reg_all(s, 37, 6);
    reg_all(s, 40, 0xfffff);
    s->r[3][40] = H_2D;
    s->ctm = 0xfffffff8u;
    CHECK(run(s, "TLD.B.LZ R0, R36, R40, 0x0, 2D, 0x1", &fx) == TX_ST_OK, "TLD.B status");
    CHECK(s->r[3][0] == texel_value(5, 6, 0, 0) && s->r[31][0] == texel_value(5, 6, 0, 0),
          "TLD.B: lane 3 0x%x, lane 31 0x%x", s->r[3][0], s->r[31][0]);
    s->ctm = 0xffffffffu;

    /* Write mask 0x9 (R, A): R to Rd, A (missing: 1 for UINT) to Rd+1. */
    reg_all(s, 0, 0xdead);
    reg_all(s, 1, 0xdead);
    reg_all(s, 2, 0xdead);
    expect(s, "TLD.LZ R0, R36, 0x15, 2D, 0x9", 0, texel_value(5, 6, 0, 0));
    CHECK(s->r[0][1] == 1 && s->r[0][2] == 0xdead, "mask 0x9: R1 0x%x R2 0x%x", s->r[0][1],
          s->r[0][2]);

    /* A dim that does not fit the type: zeros (3D on a 2D texture). */
    reg_all(s, 38, 0);
    expect(s, "TLD.LZ R0, R36, 0x15, 3D, 0x1", 0, 0);

    /* Ps: 1 for the lanes whose texel is on a sparse page, which read 0. */
    {
        tx_layout L;
        tx_tic t;
        uint64_t a;
        uint32_t hw[8];
        for (int i = 0; i < 8; i++)
            hw[i] = tx_mem_rd32(s->mem, TIC_BASE + 32ull * H_2D + 4ull * i, NULL);
        tx_tic_unpack(hw, &t);
        tx_layout_build(&t, s->gob_layout, &L);
        tx_addr_texel(&L, 0, 5, 6, 0, 0, 0, &a);
        tx_mem_map(s->mem, a & ~0xfffull, 0x1000, TX_PAGE_SPARSE);
        s->r[7][36] = 0x10000;     /* lane 7: x out of bounds, no page read */
        int st = run(s, "TLD.LZ P2, R0, R36, 0x15, 2D, 0x1", &fx);
        CHECK(st == TX_ST_OK, "sparse: status %d", st);
        CHECK(s->r[0][0] == 0, "sparse texel reads 0: 0x%x", s->r[0][0]);
        CHECK(fx.predw_mask[2] == 0xffffffffu && fx.predw_val[2] == 0xffffff7fu,
              "Ps: mask 0x%x val 0x%x", fx.predw_mask[2], fx.predw_val[2]);
    }

    tx_state_free(s);
    return check_done("test_tld");
}
