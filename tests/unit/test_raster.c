/*
 * test_raster.c - the "raster" member of a vector (docs/vector-format.md
 * "Raster state"): what the reader accepts lands in tx_state.raster, and the
 * defaults hold when the member or one of its fields is absent.  The bad
 * cases, with their messages and exit status 2, are tests/neg/pixld_*.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "state.h"
#include "vector.h"

static const char *const lines[] = {
    /* no raster member: one covered sample */
    "{\"texcosim\": 1, \"id\": \"none\", \"steps\": [{\"sass\": \"PIXLD R0;\"}]}",
    /* every member, per-lane arrays */
    "{\"texcosim\": 1, \"id\": \"full\", \"raster\": {\"samples\": 4, \"positions\": [[-8, 7], "
    "[7, -8], [0, 0], [-1, 1]], \"ssaa\": true, \"coverage\": [\"0xf\", 0, 1, 2, 3, 4, 5, 6, 7, 8, "
    "9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], "
    "\"sample_index\": [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, "
    "1, 2, 3, 0, 1, 2, 3]}, \"steps\": [{\"sass\": \"PIXLD R0;\"}]}",
    /* count only: full coverage of that count, standard positions */
    "{\"texcosim\": 1, \"id\": \"count\", \"raster\": {\"samples\": 16, \"positions\": "
    "\"standard\"}, \"steps\": [{\"sass\": \"PIXLD R0;\"}]}",
    /* one value for all lanes */
    "{\"texcosim\": 1, \"id\": \"one\", \"raster\": {\"samples\": 8, \"coverage\": \"0x81\", "
    "\"ssaa\": true, \"sample_index\": 7}, \"steps\": [{\"sass\": \"PIXLD R0;\"}]}",
};

int main(void)
{
    char path[] = "/tmp/texcosim-raster-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 2;
    FILE *f = fdopen(fd, "w");
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        fprintf(f, "%s\n", lines[i]);
    fclose(f);

    vec_error err;
    vec_reader *r = vec_open(path, &err);
    tx_state *s = tx_state_new();
    const tx_vector *v;
    CHECK(r && s, "open: %s", r ? "" : err.text);
    if (!r || !s)
        return check_done("test_raster");

    /* A state left with another raster: "none" must reset it. */
    CHECK(vec_next(r, &v, &err) == 1, "none: %s", err.text);
    tx_state_reset(s);
    s->raster.samples = 8;
    s->raster.ssaa = 1;
    CHECK(vec_apply(v, s, &err) == 0, "apply none");
    CHECK(s->raster.samples == 1 && !s->raster.ssaa && !s->raster.programmed, "none: defaults");
    for (int l = 0; l < TX_LANES; l++)
        CHECK(s->raster.cov[l] == 1 && s->raster.sample[l] == 0, "none: lane %d", l);

    CHECK(vec_next(r, &v, &err) == 1, "full: %s", err.text);
    CHECK(vec_apply(v, s, &err) == 0, "apply full");
    CHECK(s->raster.samples == 4 && s->raster.ssaa && s->raster.programmed, "full: knobs");
    CHECK(s->raster.pos[0][0] == -8 && s->raster.pos[0][1] == 7 && s->raster.pos[1][0] == 7 &&
          s->raster.pos[1][1] == -8 && s->raster.pos[3][0] == -1 && s->raster.pos[3][1] == 1,
          "full: positions");
    CHECK(s->raster.cov[0] == 0xf && s->raster.cov[1] == 0 && s->raster.cov[16] == 15 &&
          s->raster.cov[31] == 14, "full: coverage");
    for (int l = 0; l < TX_LANES; l++)
        CHECK(s->raster.sample[l] == (l & 3), "full: sample index lane %d", l);

    CHECK(vec_next(r, &v, &err) == 1, "count: %s", err.text);
    CHECK(vec_apply(v, s, &err) == 0, "apply count");
    CHECK(s->raster.samples == 16 && !s->raster.programmed && !s->raster.ssaa &&
          s->raster.cov[5] == 0xffff && s->raster.sample[5] == 0, "count: defaults of the rest");

    CHECK(vec_next(r, &v, &err) == 1, "one: %s", err.text);
    CHECK(vec_apply(v, s, &err) == 0, "apply one");
    CHECK(s->raster.cov[9] == 0x81 && s->raster.sample[30] == 7 && s->raster.ssaa, "one value");

    CHECK(vec_next(r, &v, &err) == 0, "end of file");
    vec_close(r);
    tx_state_free(s);
    unlink(path);
    return check_done("test_raster");
}
