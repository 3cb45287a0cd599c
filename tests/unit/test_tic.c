/*
 * test_tic.c - texture header (TIC) and sampler (TSC) packing.
 *
 *   1. pack(unpack(w)) == w for random words whose reserved bits are 0; the
 *      reserved-bit masks below are written out by hand from
 *      NVIDIA clb197tex.h (docs/sources.md, NVDOC), not
 *      derived from cmodel/tic.c.
 *   2. unpack(pack(t)) == t for random field values that fit their fields.
 *   3. Hand-checked bit positions of single fields.
 *   4. The name tables.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "tic.h"

/* xorshift64*: a small deterministic generator. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}
static uint32_t rnd_bits(int n) { return (uint32_t)(rnd() & ((1ull << n) - 1)); }

/* Bits of each word that a header of the given version uses. */
static void tic_used(unsigned version, uint32_t m[8])
{
    m[0] = 0xffffffffu;               /* format, data types, swizzle, pack */
    m[2] = 0x1ee0ffffu;               /* 79:64 addr, 87:85 version, 92:89 hash */
    m[4] = 0xfff8ffffu;               /* 146:144 reserved */
    m[5] = 0xbfffffffu;               /* 190 reserved */
    m[6] = 0xfffffffeu;               /* 192 reserved */
    m[7] = 0x00ffffffu;               /* 255:248 reserved */
    switch (version) {
    case 0:                           /* 1D buffer: full address, width high */
        m[1] = 0xffffffffu;
        m[3] = 0xffffffffu;
        break;
    case 1: case 2:                   /* pitch: 63:37 address, 111:96 pitch */
        m[1] = 0xffffffe0u;
        m[3] = 0xffffffffu;
        break;
    case 3: case 4:                   /* block-linear */
        m[1] = 0xfffffe60u;           /* 38:37 gob depth offset, 63:41 address */
        m[3] = 0xffff3dffu;           /* 105, 110, 111 reserved */
        break;
    default:                          /* reserved versions: word 3 low half unused */
        m[1] = 0xffffffffu;
        m[3] = 0xffff0000u;
        break;
    }
}

static const uint32_t tsc_used[8] = {
    0x007fffffu, 0x7fffffffu, 0xffffffffu, 0x0ffff000u,
    0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
};

static void test_tic_words_roundtrip(void)
{
    int bad = 0;
    for (int it = 0; it < 200000; it++) {
        uint32_t w[8], m[8], back[8];
        tx_tic t;
        unsigned version = it & 7;
        tic_used(version, m);
        for (int i = 0; i < 8; i++)
            w[i] = (uint32_t)rnd() & m[i];
        w[2] = (w[2] & ~(7u << 21)) | version << 21;
        tx_tic_unpack(w, &t);
        tx_tic_pack(&t, back);
        if (memcmp(w, back, sizeof w) != 0 && bad++ < 5)
            CHECK(0, "tic pack(unpack(w)) != w, version %u, w1 %08x->%08x w3 %08x->%08x",
                  version, w[1], back[1], w[3], back[3]);
    }
    CHECK(bad == 0, "tic words round trip: %d failures", bad);
}

static void test_tsc_words_roundtrip(void)
{
    int bad = 0;
    for (int it = 0; it < 100000; it++) {
        uint32_t w[8], back[8];
        tx_tsc t;
        for (int i = 0; i < 8; i++)
            w[i] = (uint32_t)rnd() & tsc_used[i];
        tx_tsc_unpack(w, &t);
        tx_tsc_pack(&t, back);
        if (memcmp(w, back, sizeof w) != 0)
            bad++;
    }
    CHECK(bad == 0, "tsc words round trip: %d failures", bad);
}

/* A random header whose fields fit and suit its version. */
static void random_tic(tx_tic *t)
{
    memset(t, 0, sizeof *t);
    t->version = (uint8_t)rnd_bits(3);
    t->components = (uint8_t)rnd_bits(7);
    for (int i = 0; i < 4; i++) {
        t->dtype[i] = (uint8_t)rnd_bits(3);
        t->swz[i] = (uint8_t)rnd_bits(3);
    }
    t->pack_components = (uint8_t)rnd_bits(1);
    t->address = rnd() & 0xffffffffffffull;
    t->coherency_hash = (uint8_t)rnd_bits(4);
    t->lod_aniso_quality2 = (uint8_t)rnd_bits(1);
    t->lod_aniso_quality = (uint8_t)rnd_bits(1);
    t->lod_iso_quality = (uint8_t)rnd_bits(1);
    t->aniso_coarse_spread_modifier = (uint8_t)rnd_bits(2);
    t->aniso_spread_scale = (uint8_t)rnd_bits(5);
    t->use_header_opt_control = (uint8_t)rnd_bits(1);
    t->depth_texture = (uint8_t)rnd_bits(1);
    t->max_mip_level = (uint8_t)rnd_bits(4);
    t->width_minus_one = rnd_bits(16);
    t->aniso_spread_max_log2 = (uint8_t)rnd_bits(3);
    t->srgb = (uint8_t)rnd_bits(1);
    t->texture_type = (uint8_t)rnd_bits(4);
    t->sector_promotion = (uint8_t)rnd_bits(2);
    t->border_size = (uint8_t)rnd_bits(3);
    t->height_minus_one = (uint16_t)rnd_bits(16);
    t->depth_minus_one = (uint16_t)rnd_bits(14);
    t->normalized_coords = (uint8_t)rnd_bits(1);
    t->trilin_opt = (uint8_t)rnd_bits(5);
    t->mip_lod_bias = (uint16_t)rnd_bits(13);
    t->aniso_bias = (uint8_t)rnd_bits(4);
    t->aniso_fine_spread_func = (uint8_t)rnd_bits(2);
    t->aniso_coarse_spread_func = (uint8_t)rnd_bits(2);
    t->max_anisotropy = (uint8_t)rnd_bits(3);
    t->aniso_fine_spread_modifier = (uint8_t)rnd_bits(2);
    t->res_view_min_mip_level = (uint8_t)rnd_bits(4);
    t->res_view_max_mip_level = (uint8_t)rnd_bits(4);
    t->multi_sample_count = (uint8_t)rnd_bits(4);
    t->min_lod_clamp = (uint16_t)rnd_bits(12);
    switch (t->version) {
    case 0:
        t->width_minus_one = (uint32_t)rnd();
        break;
    case 1: case 2:
        t->address &= ~31ull;
        t->pitch = rnd_bits(16) << 5;
        break;
    case 3: case 4:
        t->address &= ~511ull;
        t->gob_depth_offset = (uint8_t)rnd_bits(2);
        t->gobs_per_block_width = (uint8_t)rnd_bits(3);
        t->gobs_per_block_height = (uint8_t)rnd_bits(3);
        t->gobs_per_block_depth = (uint8_t)rnd_bits(3);
        t->tile_width_in_gobs = (uint8_t)rnd_bits(3);
        t->gob3d = (uint8_t)rnd_bits(1);
        break;
    default:
        break;
    }
}

static void test_tic_fields_roundtrip(void)
{
    int bad = 0;
    for (int it = 0; it < 100000; it++) {
        tx_tic t, back;
        uint32_t w[8];
        random_tic(&t);
        tx_tic_pack(&t, w);
        tx_tic_unpack(w, &back);
        if (memcmp(&t, &back, sizeof t) != 0 && bad++ < 5)
            CHECK(0, "tic unpack(pack(t)) != t, version %u", t.version);
    }
    CHECK(bad == 0, "tic fields round trip: %d failures", bad);
}

static void test_tsc_fields_roundtrip(void)
{
    int bad = 0;
    for (int it = 0; it < 100000; it++) {
        tx_tsc t, back;
        uint32_t w[8];
        memset(&t, 0, sizeof t);
        t.address_u = (uint8_t)rnd_bits(3);
        t.address_v = (uint8_t)rnd_bits(3);
        t.address_p = (uint8_t)rnd_bits(3);
        t.depth_compare = (uint8_t)rnd_bits(1);
        t.depth_compare_func = (uint8_t)rnd_bits(3);
        t.srgb_conversion = (uint8_t)rnd_bits(1);
        t.font_filter_width = (uint8_t)rnd_bits(3);
        t.font_filter_height = (uint8_t)rnd_bits(3);
        t.max_anisotropy = (uint8_t)rnd_bits(3);
        t.mag_filter = (uint8_t)rnd_bits(3);
        t.min_lod_clamp_behavior = (uint8_t)rnd_bits(1);
        t.min_filter = (uint8_t)rnd_bits(2);
        t.mip_filter = (uint8_t)rnd_bits(2);
        t.cubemap_interface_filtering = (uint8_t)rnd_bits(2);
        t.reduction_filter = (uint8_t)rnd_bits(2);
        t.mip_lod_bias = (uint16_t)rnd_bits(13);
        t.float_coord_normalization = (uint8_t)rnd_bits(1);
        t.trilin_opt = (uint8_t)rnd_bits(5);
        t.min_lod_clamp = (uint16_t)rnd_bits(12);
        t.max_lod_clamp = (uint16_t)rnd_bits(12);
        t.srgb_border_r = (uint8_t)rnd_bits(8);
        t.srgb_border_g = (uint8_t)rnd_bits(8);
        t.srgb_border_b = (uint8_t)rnd_bits(8);
        for (int i = 0; i < 4; i++)
            t.border[i] = (uint32_t)rnd();
        tx_tsc_pack(&t, w);
        tx_tsc_unpack(w, &back);
        if (memcmp(&t, &back, sizeof t) != 0)
            bad++;
    }
    CHECK(bad == 0, "tsc fields round trip: %d failures", bad);
}

/* Pack a header with one field set and compare every word. */
#define TIC_ONE(setup, w0, w1, w2, w3, w4, w5, w6, w7)                       \
    do {                                                                     \
        tx_tic t;                                                            \
        uint32_t w[8], want[8] = { w0, w1, w2, w3, w4, w5, w6, w7 };         \
        memset(&t, 0, sizeof t);                                             \
        setup;                                                               \
        tx_tic_pack(&t, w);                                                  \
        for (int i = 0; i < 8; i++)                                          \
            CHECK(w[i] == want[i], "%s: word %d = 0x%08x, want 0x%08x",     \
                  #setup, i, w[i], want[i]);                                 \
    } while (0)

static void test_tic_positions(void)
{
    /* COMPONENTS 6:0 */
    TIC_ONE(t.components = TX_FMT_A8B8G8R8, 0x08, 0, 0, 0, 0, 0, 0, 0);
    /* G_DATA_TYPE 12:10 */
    TIC_ONE(t.dtype[1] = TX_DT_UNORM, 0x800, 0, 0, 0, 0, 0, 0, 0);
    /* W_SOURCE 30:28 */
    TIC_ONE(t.swz[3] = TX_SWZ_ONE_FLOAT, 0x70000000, 0, 0, 0, 0, 0, 0, 0);
    /* PACK_COMPONENTS 31 */
    TIC_ONE(t.pack_components = 1, 0x80000000, 0, 0, 0, 0, 0, 0, 0);
    /* 1D buffer (version 0): ADDRESS_BITS31TO0 63:32, 47:32 at 79:64 */
    TIC_ONE(t.address = 0x123456789abcull, 0, 0x56789abc, 0x1234, 0, 0, 0, 0, 0);
    /* Block-linear: ADDRESS_BITS31TO9 63:41, HEADER_VERSION 87:85 = 3 */
    TIC_ONE((t.version = TX_TIC_BLOCKLINEAR, t.address = 0x7f12345600ull),
            0, 0x12345600, 0x0060007f, 0, 0, 0, 0, 0);
    /* Pitch: ADDRESS_BITS31TO5 63:37 and PITCH_BITS20TO5 111:96 */
    TIC_ONE((t.version = TX_TIC_PITCH, t.address = 0x1000020ull, t.pitch = 0x1fffe0),
            0, 0x01000020, 0x00400000, 0xffff, 0, 0, 0, 0);
    /* 1D buffer width: 143:128 low half, 111:96 high half */
    TIC_ONE(t.width_minus_one = 0x12345678, 0, 0, 0, 0x1234, 0x5678, 0, 0, 0);
    /* Not a buffer: the width's high half is not stored */
    TIC_ONE((t.version = TX_TIC_BLOCKLINEAR, t.width_minus_one = 0x12345678),
            0, 0, 0x00600000, 0, 0x5678, 0, 0, 0);
    /* GOB_DEPTH_OFFSET 38:37, GOBS_PER_BLOCK_HEIGHT 101:99, GOB3D 109 */
    TIC_ONE((t.version = 4, t.gob_depth_offset = 3, t.gobs_per_block_height = 4, t.gob3d = 1),
            0, 0x60, 0x00800000, 0x2020, 0, 0, 0, 0);
    /* Block-linear fields are not stored in a pitch header */
    TIC_ONE((t.version = TX_TIC_PITCH, t.gobs_per_block_height = 4, t.gob3d = 1),
            0, 0, 0x00400000, 0, 0, 0, 0, 0);
    /* MAX_MIP_LEVEL 127:124, DEPTH_TEXTURE 123 */
    TIC_ONE((t.max_mip_level = 0xf, t.depth_texture = 1), 0, 0, 0, 0xf8000000, 0, 0, 0, 0);
    /* TEXTURE_TYPE 154:151, S_R_G_B_CONVERSION 150 */
    TIC_ONE((t.texture_type = TX_TEX_2D_ARRAY, t.srgb = 1), 0, 0, 0, 0, 0x02c00000, 0, 0, 0);
    /* BORDER_SIZE 159:157 */
    TIC_ONE(t.border_size = 7, 0, 0, 0, 0, 0xe0000000, 0, 0, 0);
    /* HEIGHT_MINUS_ONE 175:160, DEPTH_MINUS_ONE 189:176, NORMALIZED_COORDS 191 */
    TIC_ONE((t.height_minus_one = 0xabcd, t.depth_minus_one = 0x3fff, t.normalized_coords = 1),
            0, 0, 0, 0, 0, 0xbfffabcd, 0, 0);
    /* MIP_LOD_BIAS 210:198, MAX_ANISOTROPY 221:219 */
    TIC_ONE((t.mip_lod_bias = 0x1fff, t.max_anisotropy = 7), 0, 0, 0, 0, 0, 0, 0x3807ffc0, 0);
    /* RES_VIEW_MAX_MIP_LEVEL 231:228, MULTI_SAMPLE_COUNT 235:232, MIN_LOD_CLAMP 247:236 */
    TIC_ONE((t.res_view_max_mip_level = 9, t.multi_sample_count = 6, t.min_lod_clamp = 0xabc),
            0, 0, 0, 0, 0, 0, 0, 0x00abc690);

    /* And unpack reads a word laid out by hand. */
    {
        uint32_t w[8] = { 0x00000000, 0x12345600, 0x0060007f, 0x00000018,
                          0x00800fff, 0x000003ff, 0, 0x00000010 };
        tx_tic t;
        tx_tic_unpack(w, &t);
        CHECK_EQ_U64(t.version, TX_TIC_BLOCKLINEAR, "unpack version");
        CHECK_EQ_U64(t.address, 0x7f12345600ull, "unpack BL address");
        CHECK_EQ_U64(t.gobs_per_block_height, 3, "unpack gobs_per_block_height");
        CHECK_EQ_U64(t.width_minus_one, 0xfff, "unpack width");
        CHECK_EQ_U64(t.texture_type, TX_TEX_2D, "unpack texture_type");
        CHECK_EQ_U64(t.height_minus_one, 0x3ff, "unpack height");
        CHECK_EQ_U64(t.res_view_max_mip_level, 1, "unpack res_view_max_mip_level");
        CHECK_EQ_U64(t.pitch, 0, "unpack pitch of a BL header");
    }
}

static void test_tsc_positions(void)
{
    tx_tsc t;
    uint32_t w[8];

    memset(&t, 0, sizeof t);
    t.address_v = 3;          /* w0 5:3 */
    t.depth_compare_func = 6; /* w0 12:10 */
    t.max_anisotropy = 7;     /* w0 22:20 */
    t.mag_filter = 2;         /* w1 2:0 */
    t.mip_filter = 3;         /* w1 7:6 */
    t.mip_lod_bias = 0x1001;  /* w1 24:12 */
    t.max_lod_clamp = 0xc00;  /* w2 23:12 */
    t.srgb_border_r = 0xaa;   /* w2 31:24 */
    t.srgb_border_b = 0x55;   /* w3 27:20 */
    t.border[2] = 0x3f800000; /* w6 */
    tx_tsc_pack(&t, w);
    CHECK_EQ_U64(w[0], 0x00701818, "tsc word 0");
    CHECK_EQ_U64(w[1], 0x010010c2, "tsc word 1");
    CHECK_EQ_U64(w[2], 0xaac00000, "tsc word 2");
    CHECK_EQ_U64(w[3], 0x05500000, "tsc word 3");
    CHECK_EQ_U64(w[4], 0, "tsc word 4");
    CHECK_EQ_U64(w[6], 0x3f800000, "tsc word 6");
}

static void test_names(void)
{
    CHECK(tx_fmt_from_name("A8B8G8R8") == TX_FMT_A8B8G8R8, "fmt A8B8G8R8");
    CHECK(tx_fmt_from_name("a8b8g8r8") == TX_FMT_A8B8G8R8, "fmt lower case");
    CHECK(tx_fmt_from_name("R8G8") == -1, "fmt unknown");
    CHECK(tx_fmt_from_name(NULL) == -1, "fmt NULL");
    CHECK_STR(tx_fmt_name(TX_FMT_BF10GF11RF11), "BF10GF11RF11", "fmt name");
    CHECK(tx_fmt_name(0x7f) == NULL, "fmt name unknown");
    CHECK(tx_dtype_from_name("UNORM_FORCE_FP16") == TX_DT_UNORM_FORCE_FP16, "dtype");
    CHECK_STR(tx_dtype_name(TX_DT_FLOAT), "FLOAT", "dtype name");
    CHECK(tx_dtype_name(0) == NULL, "dtype 0 has no name");
    CHECK(tx_swz_from_name("ONE_FLOAT") == TX_SWZ_ONE_FLOAT, "swz");
    CHECK(tx_swz_from_name("one_int") == TX_SWZ_ONE_INT, "swz lower");
    CHECK_STR(tx_swz_name(TX_SWZ_ZERO), "ZERO", "swz name");
    CHECK(tx_swz_name(1) == NULL, "swz 1 has no name");
    CHECK(tx_textype_from_name("CUBEMAP_ARRAY") == TX_TEX_CUBEMAP_ARRAY, "type");
    CHECK(tx_textype_from_name("2D_NO_MIPMAP") == TX_TEX_2D_NO_MIPMAP, "type 2");
    CHECK_STR(tx_textype_name(TX_TEX_1D_BUFFER), "1D_BUFFER", "type name");
    CHECK(tx_version_from_name("BLOCKLINEAR_COLOR_KEY") == TX_TIC_BLOCKLINEAR_COLORKEY, "ver");
    CHECK(tx_version_from_name("pitch") == TX_TIC_PITCH, "ver lower");
    CHECK_STR(tx_version_name(TX_TIC_PITCH_COLORKEY), "PITCH_COLOR_KEY", "ver name");
    CHECK(tx_version_name(5) == NULL, "ver 5 has no name");

    /* Every named code maps back to itself. */
    for (int c = 0; c < 128; c++) {
        const char *n = tx_fmt_name(c);
        if (n)
            CHECK(tx_fmt_from_name(n) == c, "fmt %d round trip", c);
    }
    for (int c = 0; c < 16; c++) {
        if (tx_dtype_name(c))
            CHECK(tx_dtype_from_name(tx_dtype_name(c)) == c, "dtype %d", c);
        if (tx_swz_name(c))
            CHECK(tx_swz_from_name(tx_swz_name(c)) == c, "swz %d", c);
        if (tx_textype_name(c))
            CHECK(tx_textype_from_name(tx_textype_name(c)) == c, "type %d", c);
        if (tx_version_name(c))
            CHECK(tx_version_from_name(tx_version_name(c)) == c, "version %d", c);
    }
}

int main(void)
{
    test_tic_words_roundtrip();
    test_tsc_words_roundtrip();
    test_tic_fields_roundtrip();
    test_tsc_fields_roundtrip();
    test_tic_positions();
    test_tsc_positions();
    test_names();
    return check_done("test_tic");
}
