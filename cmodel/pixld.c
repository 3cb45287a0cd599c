/*
 * pixld.c - the pixel-load stage (twin of rtl/tx_pixld.sv): what each PIXLD
 * mode returns for one lane, from the raster state.  Decisions are in
 * docs/semantics.md section 7.
 */
#include "pixld.h"
#include "isa.h"

/* The Direct3D 11 standard multisample patterns (D3D11_STANDARD_MULTISAMPLE_
 * PATTERN; the same points as Vulkan's standard sample locations), in 1/16
 * pixel from the pixel centre, +y down: {dx, dy} per sample. */
static const int8_t std_1[1][2] = { { 0, 0 } };
static const int8_t std_2[2][2] = { { 4, 4 }, { -4, -4 } };
static const int8_t std_4[4][2] = { { -2, -6 }, { 6, -2 }, { -6, 2 }, { 2, 6 } };
static const int8_t std_8[8][2] = {
    { 1, -3 }, { -1, 3 }, { 5, 1 }, { -3, -5 }, { -5, 5 }, { -7, -1 }, { 3, 7 }, { 7, -7 },
};
static const int8_t std_16[16][2] = {
    { 1, 1 },   { -1, -3 }, { -3, 2 },  { 4, -1 },  { -5, -2 }, { 2, 5 },  { 5, 3 },  { 3, -5 },
    { -2, 6 },  { 0, -7 },  { -4, -6 }, { -6, 4 },  { -8, 0 },  { 7, -4 }, { 6, 7 },  { -7, -8 },
};

int tx_raster_count_ok(unsigned samples)
{
    return samples == 1 || samples == 2 || samples == 4 || samples == 8 || samples == 16;
}

int tx_raster_std_pos(unsigned samples, unsigned s, int *dx, int *dy)
{
    const int8_t(*t)[2];

    *dx = *dy = 0;
    switch (samples) {
    case 1: t = std_1; break;
    case 2: t = std_2; break;
    case 4: t = std_4; break;
    case 8: t = std_8; break;
    case 16: t = std_16; break;
    default: return -1;
    }
    if (s >= samples)
        return -1;
    *dx = t[s][0];
    *dy = t[s][1];
    return 0;
}

void tx_raster_pos(const tx_raster *r, unsigned s, int *dx, int *dy)
{
    if (r->programmed && s < r->samples && s < TX_MAX_SAMPLES) {
        *dx = r->pos[s][0];
        *dy = r->pos[s][1];
        return;
    }
    tx_raster_std_pos(r->samples, s, dx, dy);
}

uint32_t tx_pixld_index(uint8_t ra, uint32_t ra_val, int8_t imm)
{
    if (ra == TX_RZ)
        return (uint8_t)imm;                 /* [#ImmU08] */
    return ra_val + (uint32_t)(int32_t)imm;  /* [Ra+#ImmS08], modulo 2^32 */
}

uint32_t tx_pixld_offset_word(int dx, int dy)
{
    return ((uint32_t)dx & 0xffffu) | ((uint32_t)dy & 0xffffu) << 16;
}

/* Coverage of a lane cut to the raster's samples. */
static uint32_t lane_cov(const tx_raster *r, int lane)
{
    uint32_t all = (1u << r->samples) - 1u;
    return r->cov[lane] & all;
}

void tx_pixld_lane(const tx_raster *r, unsigned mode, int lane, uint32_t index,
                   uint32_t *val, int *pred)
{
    uint32_t cov = lane_cov(r, lane);
    uint32_t all = (1u << r->samples) - 1u;
    int in_range = index < r->samples;
    int dx, dy;

    *val = 0;
    *pred = 0;
    switch (mode) {
    case TX_PIX_MSCOUNT:
        *val = r->samples;
        break;
    case TX_PIX_COVMASK:
        *val = cov;                            /* LSB-aligned, S7.2 */
        break;
    case TX_PIX_COVERED:
        /* Out of range: not covered (seed).  TRUE is 1, as BFE gives. */
        *pred = in_range && (cov >> index & 1u);
        *val = (uint32_t)*pred;
        break;
    case TX_PIX_OFFSET:
        if (in_range) {
            tx_raster_pos(r, index, &dx, &dy);
            *val = tx_pixld_offset_word(dx, dy);
        }
        break;
    case TX_PIX_CENTROID_OFFSET:
        /* Centre when fully covered or when nothing is covered (S7.5);
         * otherwise the lowest-numbered covered sample. */
        if (cov != all && cov != 0) {
            unsigned s = 0;
            while (!(cov >> s & 1u))
                s++;
            tx_raster_pos(r, s, &dx, &dy);
            *val = tx_pixld_offset_word(dx, dy);
        }
        break;
    case TX_PIX_MY_INDEX:
        if (r->ssaa) {
            *val = r->sample[lane];
            *pred = 1;
        }
        break;
    default:
        break;
    }
}
