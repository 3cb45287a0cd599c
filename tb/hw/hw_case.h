/*
 * hw_case.h - one recorded case of texture hardware (hw/h200/<group>.jsonl.gz):
 * a texture, a CUDA sampler, queries and the hardware's answers
 * (docs/conformance.md, docs/hw-case.schema.json).
 *
 * hw_case_parse turns one JSON line into a hw_case; hw_case_free releases
 * it.  Errors name the field and say what was expected.
 */
#ifndef TX_HW_CASE_H
#define TX_HW_CASE_H

#include <stddef.h>
#include <stdint.h>

/* tex.kind */
enum hw_kind { HW_1D, HW_2D, HW_3D, HW_CUBE, HW_1D_LAYERED, HW_2D_LAYERED, HW_CUBE_LAYERED };

/* Address modes of samp.addr (cudaAddressMode). */
enum hw_addr { HW_WRAP, HW_MIRROR, HW_CLAMP, HW_BORDER };

/* Query kinds (q[i][0]); surface loads are 100 + their dim. */
enum hw_query {
    HW_Q_1D = 0, HW_Q_1D_LOD = 1, HW_Q_2D = 2, HW_Q_2D_LOD = 3, HW_Q_2D_GRAD = 4,
    HW_Q_3D = 5, HW_Q_3D_LOD = 6, HW_Q_CUBE = 7, HW_Q_CUBE_LOD = 8, HW_Q_1D_LAYERED = 9,
    HW_Q_2D_LAYERED = 10, HW_Q_2D_LAYERED_LOD = 11, HW_Q_CUBE_LAYERED = 12,
    HW_Q_2D_GATHER = 13, HW_Q_2D_UINT = 14, HW_Q_2D_INT = 15, HW_Q_SURF = 100
};
#define HW_NQUERY_KINDS 16

typedef struct hw_query_rec {
    int kind;          /* enum hw_query, or HW_Q_SURF + surface dim */
    int32_t layer;     /* layer, or the gather component */
    uint32_t c[8];     /* x, y, z, lod, dPdx.x, dPdx.y, dPdy.x, dPdy.y (binary32 bits) */
} hw_query_rec;

typedef struct hw_case {
    char *id;
    char *group;
    /* texture */
    int kind;              /* enum hw_kind */
    char fmt[16];          /* tex.fmt as recorded */
    uint32_t w, h, d;      /* extent of level 0 (d: 3D depth, else 1) */
    uint32_t layers;       /* layers, or cubes for cube_layered */
    uint32_t levels;
    uint8_t **data;        /* data[l]: level l, every layer / face / slice */
    size_t *data_len;
    /* sampler */
    int addr[3];           /* enum hw_addr */
    int linear;            /* filter: 0 point, 1 linear */
    int mip;               /* 0 none, 1 point, 2 linear */
    int srgb, norm, seamless, trilin_opt_off;
    uint32_t border[4];    /* binary32 bits */
    uint32_t aniso;        /* max anisotropy (0 or 1: off) */
    uint32_t bias, minclamp, maxclamp;   /* binary32 bits */
    /* surface cases */
    int surface;           /* 1: a surface case (surf present) */
    uint32_t surf_size;    /* bytes per element */
    int surf_clamp;        /* boundary: 0 zero, 1 clamp */
    /* queries and answers */
    size_t nq;
    hw_query_rec *q;
    uint32_t (*r)[4];
} hw_case;

/* Parse one line.  Returns 0, or -1 with a message ("field: what is wrong")
 * in err. */
int hw_case_parse(const char *line, size_t len, hw_case *c, char *err, size_t errlen);
void hw_case_free(hw_case *c);

/* Bytes per texel (or per 4x4 block when *blk is set) of tex.fmt; 0 when the
 * format is unknown. */
uint32_t hw_fmt_bytes(const char *fmt, int *blk);

#endif
