/*
 * txq.c - the header-query stage of TXQ (docs/semantics.md section 11):
 * the components each query returns for one lane.  Twin of the function
 * txq_result of rtl/tx_txq_pkg.sv, which tx_format_quad calls.
 */
#include "isa.h"
#include "txq.h"

void tx_txq_view_of(const tx_tic *t, const tx_layout *L, tx_txq_view *v)
{
    v->type = t->texture_type;
    v->w = L->lv[0].w;
    v->h = L->lv[0].h;
    v->d = L->lv[0].d;
    v->layers = (uint16_t)L->layers;
    v->samples = (uint8_t)L->samples;
    v->first = L->first_level;
    v->last = L->last_level;
}

/* An extent at a level: halved per level, at least 1 (as tx_layout). */
static uint32_t minify(uint32_t n, uint32_t a)
{
    uint32_t m = a >= 32 ? 0 : n >> a;
    return m ? m : 1;
}

void tx_txq_result(unsigned query, uint32_t level, const tx_txq_view *v, uint32_t out[4])
{
    out[0] = out[1] = out[2] = out[3] = 0;
    if (query == TX_TXQ_DIMENSION) {
        /* S11.3: width, height, depth or layers of the view's level `level`,
         * and the view's level count; an absent level gives 0 extents. */
        uint32_t nlev = v->last >= v->first ? (uint32_t)(v->last - v->first) + 1 : 0;
        out[3] = nlev;
        if (level >= nlev)
            return;
        uint32_t a = v->first + level;
        out[0] = minify(v->w, a);
        switch (v->type) {
        case TX_TEX_1D_ARRAY:
            out[1] = v->layers;
            break;
        case TX_TEX_2D:
        case TX_TEX_2D_NO_MIPMAP:
        case TX_TEX_CUBEMAP:
            out[1] = minify(v->h, a);
            break;
        case TX_TEX_2D_ARRAY:
            out[1] = minify(v->h, a);
            out[2] = v->layers;
            break;
        case TX_TEX_CUBEMAP_ARRAY:
            out[1] = minify(v->h, a);
            out[2] = v->layers / 6u;
            break;
        case TX_TEX_3D:
            out[1] = minify(v->h, a);
            out[2] = minify(v->d, a);
            break;
        default: /* 1D, 1D_BUFFER: the width only */
            break;
        }
    } else if (query == TX_TXQ_TEXTURE_TYPE) {
        /* S11.4: B = samples per pixel (NAK, Ryujinx); R = TEXTURE_TYPE. */
        out[0] = v->type;
        out[2] = v->samples;
    } else if (query == TX_TXQ_SAMPLER_POS) {
        /* S11.5: the sample grid the header's MULTI_SAMPLE_COUNT names
         * (columns, rows) and the sample count, as tx_layout places
         * samples: 1x1, 2x1, 2x2, 4x2, 4x4. */
        unsigned s = v->samples;
        out[0] = s >= 8 ? 4u : s >= 2 ? 2u : 1u;
        out[1] = s == 16 ? 4u : s >= 4 ? 2u : 1u;
        out[2] = s;
    }
}
