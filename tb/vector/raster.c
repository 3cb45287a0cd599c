/*
 * raster.c - the "raster" member of a vector: the raster state PIXLD reads
 * (docs/vector-format.md "Raster state", docs/semantics.md S7.1).
 *
 *     "raster": {"samples": 4, "positions": "standard", "ssaa": false,
 *                "coverage": "0xf" | [32 lane masks], "sample_index": 0 | [32]}
 *
 * Every member is optional.  The checks run in an order that lets each one
 * name the member at fault: the count first, then the positions (their
 * number is the count), then SSAA, then the per-lane masks and indices
 * (bounded by the count and by SSAA).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "pixld.h"
#include "vector_int.h"

/* An integer of the JSON text (negative allowed) in [lo, hi]. */
static int get_int_range(vec_reader *r, json_object *o, int lo, int hi, int *out)
{
    if (!o || !json_object_is_type(o, json_type_int))
        return vr_fail(r, "expected an integer, got %s", o ? vr_type_name(o) : "null");
    int64_t v = json_object_get_int64(o);
    if (v < lo || v > hi)
        return vr_fail(r, "sample offset %" PRId64 " out of range (%d..%d, in 1/16 pixel)", v, lo,
                       hi);
    *out = (int)v;
    return 0;
}

static int parse_positions(vec_reader *r, json_object *o, tx_raster *ra)
{
    if (o && json_object_is_type(o, json_type_string)) {
        if (strcmp(json_object_get_string(o), "standard") != 0)
            return vr_fail(r, "unknown value \"%s\" (expected \"standard\" or an array of "
                              "[dx, dy] pairs)", json_object_get_string(o));
        ra->programmed = 0;
        return 0;
    }
    if (!o || !json_object_is_type(o, json_type_array))
        return vr_fail(r, "expected \"standard\" or an array of [dx, dy] pairs, got %s",
                       o ? vr_type_name(o) : "null");
    size_t n = json_object_array_length(o);
    if (n != ra->samples)
        return vr_fail(r, "%zu positions for %u samples (give one [dx, dy] pair per sample)", n,
                       (unsigned)ra->samples);
    for (size_t s = 0; s < n; s++) {
        size_t old = vr_path_idx(r, s);
        json_object *p = json_object_array_get_idx(o, s);
        if (!p || !json_object_is_type(p, json_type_array) || json_object_array_length(p) != 2)
            return vr_fail(r, "expected a [dx, dy] pair, got %s",
                           p ? vr_type_name(p) : "null");
        for (size_t k = 0; k < 2; k++) {
            size_t old2 = vr_path_idx(r, k);
            int v = 0;
            if (get_int_range(r, json_object_array_get_idx(p, k), -8, 7, &v) < 0)
                return -1;
            ra->pos[s][k] = (int8_t)v;
            vr_path_pop(r, old2);
        }
        vr_path_pop(r, old);
    }
    ra->programmed = 1;
    return 0;
}

int vr_parse_raster(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "samples", "positions", "ssaa", "coverage",
                                        "sample_index", NULL };
    tx_raster *ra = &r->init.raster;
    json_object *m;
    uint32_t lanes[TX_LANES];
    uint64_t v;
    size_t old;

    if (vr_want_type(r, o, json_type_object, "an object") < 0 || vr_check_keys(r, o, keys) < 0)
        return -1;

    /* Defaults (S7.1): one sample, standard positions, no SSAA, full
     * coverage, sample index 0. */
    memset(ra, 0, sizeof *ra);
    ra->samples = 1;
    if (json_object_object_get_ex(o, "samples", &m)) {
        old = vr_path_key(r, "samples");
        if (vr_get_uint(r, m, 0xffffffffu, &v) < 0)
            return -1;
        if (!tx_raster_count_ok((unsigned)v))
            return vr_fail(r, "sample count %" PRIu64 " not supported (expected 1, 2, 4, 8 or 16)",
                           v);
        ra->samples = (uint8_t)v;
        vr_path_pop(r, old);
    }
    uint32_t all = (1u << ra->samples) - 1u;

    if (json_object_object_get_ex(o, "positions", &m)) {
        old = vr_path_key(r, "positions");
        if (parse_positions(r, m, ra) < 0)
            return -1;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(o, "ssaa", &m)) {
        old = vr_path_key(r, "ssaa");
        if (vr_want_type(r, m, json_type_boolean, "true or false") < 0)
            return -1;
        ra->ssaa = (uint8_t)json_object_get_boolean(m);
        vr_path_pop(r, old);
    }

    for (int l = 0; l < TX_LANES; l++)
        ra->cov[l] = (uint16_t)all;
    if (json_object_object_get_ex(o, "coverage", &m)) {
        old = vr_path_key(r, "coverage");
        if (vr_get_lanes(r, m, lanes) < 0)
            return -1;
        for (int l = 0; l < TX_LANES; l++) {
            if (lanes[l] & ~all) {
                if (json_object_is_type(m, json_type_array))
                    vr_path_idx(r, (size_t)l);
                return vr_fail(r, "coverage 0x%x has bits at or above the sample count %u "
                                  "(maximum 0x%x)", lanes[l], (unsigned)ra->samples, all);
            }
            ra->cov[l] = (uint16_t)lanes[l];
        }
        vr_path_pop(r, old);
    }

    if (json_object_object_get_ex(o, "sample_index", &m)) {
        old = vr_path_key(r, "sample_index");
        if (vr_get_lanes(r, m, lanes) < 0)
            return -1;
        for (int l = 0; l < TX_LANES; l++) {
            int bad = lanes[l] >= ra->samples || (lanes[l] && !ra->ssaa);
            if (bad && json_object_is_type(m, json_type_array))
                vr_path_idx(r, (size_t)l);
            if (lanes[l] >= ra->samples)
                return vr_fail(r, "sample index %u out of range for %u samples (maximum %u)",
                               lanes[l], (unsigned)ra->samples, (unsigned)ra->samples - 1);
            if (lanes[l] && !ra->ssaa)
                return vr_fail(r, "sample index %u without \"ssaa\": true (only a per-sample "
                                  "invocation has a sample of its own)", lanes[l]);
            ra->sample[l] = (uint8_t)lanes[l];
        }
        vr_path_pop(r, old);
    }
    return 0;
}
