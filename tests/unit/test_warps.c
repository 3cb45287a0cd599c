/*
 * test_warps.c - the pieces of `run --warps` that need no RTL: copies of
 * vectors that outlive their reader (tb/vector/clone.c), the memory server's
 * per-warp memory images and out-of-order mode (tb/core/memserver.c); and
 * nothing else (the engine itself needs the RTL: tests/extra/warps.sh).
 */
#include <stdlib.h>
#include "check.h"
#include "compare.h"
#include "memserver.h"
#include "model.h"
#include "vec_clone.h"
#include "vector.h"

#define MAXV 512

/* Every vector of `path` is copied while the file is read; then each copy
 * runs on the model beside the vector read again, and every step's effects
 * and the final registers must agree. */
static void clone_file(const char *path, tx_state *a, tx_state *b, tx_effects *fa, tx_effects *fb)
{
    static tx_vector *copy[MAXV];
    vec_error err;
    const tx_vector *v;
    int n = 0;
    vec_reader *r = vec_open(path, &err);
    CHECK(r != NULL, "open %s: %s", path, r ? "" : err.text);
    if (!r)
        return;
    while (n < MAXV && vec_next(r, &v, &err) == 1) {
        copy[n] = vec_clone(v);
        CHECK(copy[n] != NULL, "clone %s", v->id);
        if (!copy[n])
            break;
        n++;
    }
    vec_close(r);
    r = vec_open(path, &err);
    for (int i = 0; r && i < n && vec_next(r, &v, &err) == 1; i++) {
        const tx_vector *c = copy[i];
        CHECK_STR(c->id, v->id, "id");
        CHECK(c->nsteps == v->nsteps && c->line == v->line && c->index == v->index,
              "%s: steps/line/index", v->id);
        CHECK(vec_apply(v, a, &err) == 0 && vec_apply(c, b, &err) == 0, "%s: apply", v->id);
        for (int s = 0; s < v->nsteps && s < c->nsteps; s++) {
            const vec_step *x = &v->steps[s], *y = &c->steps[s];
            CHECK(x->word == y->word && x->ctrl == y->ctrl && x->npre == y->npre &&
                  x->npost == y->npost && x->has_expect == y->has_expect,
                  "%s step %d: fields", v->id, s);
            CHECK((!x->text && !y->text) || (x->text && y->text && !strcmp(x->text, y->text)),
                  "%s step %d: text", v->id, s);
            if (x->has_expect && x->expect.has_regs && x->expect.nregs)
                CHECK(x->expect.nregs == y->expect.nregs &&
                      !memcmp(x->expect.regs, y->expect.regs,
                              (size_t)x->expect.nregs * sizeof(*x->expect.regs)),
                      "%s step %d: expected registers", v->id, s);
            vec_apply_moves(a, x->pre, x->npre);
            vec_apply_moves(b, y->pre, y->npre);
            tx_step(a, x->word, x->ctrl, fa);
            tx_step(b, y->word, y->ctrl, fb);
            CHECK(fx_diff_count(fa, fb) == 0, "%s step %d: effects differ", v->id, s);
            vec_apply_moves(a, x->post, x->npost);
            vec_apply_moves(b, y->post, y->npost);
        }
        CHECK(!memcmp(a->r, b->r, sizeof(a->r)) && !memcmp(a->p, b->p, sizeof(a->p)),
              "%s: final registers differ", v->id);
    }
    if (r)
        vec_close(r);
    for (int i = 0; i < n; i++)
        vec_clone_free(copy[i]);
}

/* Accept one request of warp w for address addr with id `id`. */
static void request(memserver *ms, uint64_t cycle, int w, uint64_t addr, uint8_t id)
{
    sim_in_t in;
    sim_out_t out;
    memset(&in, 0, sizeof(in));
    memset(&out, 0, sizeof(out));
    in.mem_req_ready = 1;
    out.mem_req_valid = 1;
    out.mem_req_slots = 1;
    out.mem_req_addr[0] = addr;
    out.mem_req_warp = (uint8_t)w;
    out.mem_req_id = id;
    ms_observe(ms, cycle, &in, &out);
}

static void memserver_tests(void)
{
    tx_mem *m0 = tx_mem_new(), *m1 = tx_mem_new();
    const tx_mem *mems[2] = {m0, m1};
    uint8_t b0[16], b1[16];
    for (int i = 0; i < 16; i++) {
        b0[i] = (uint8_t)i;
        b1[i] = (uint8_t)(0x80 + i);
    }
    for (int k = 0; k < 32; k++) {
        tx_mem_write(m0, 0x1000 + 16u * (unsigned)k, b0, 16);
        b1[0] = (uint8_t)k;
        tx_mem_write(m1, 0x1000 + 16u * (unsigned)k, b1, 16);
    }
    for (int ooo = 0; ooo < 2; ooo++) {
        memserver ms;
        ms_init(&ms, m0, 5, 40, 0, 7);
        ms_set_mems(&ms, mems, 2);
        ms.ooo = ooo;
        for (int k = 0; k < 32; k++)
            request(&ms, 0, k & 1, 0x1000 + 16u * (unsigned)k, (uint8_t)k);
        int got = 0, inorder = 1, last = -1, right = 1;
        for (uint64_t cyc = 1; cyc < 200 && got < 32; cyc++) {
            sim_in_t in;
            sim_out_t out;
            memset(&in, 0, sizeof(in));
            memset(&out, 0, sizeof(out));
            ms_drive(&ms, cyc, &in);
            if (!in.mem_rsp_valid)
                continue;
            out.mem_rsp_ready = 1;
            int id = in.mem_rsp_id;
            if (id < last)
                inorder = 0;
            last = id;
            /* Odd ids were warp 1's: its image, with the request number in byte 0. */
            uint32_t w0 = in.mem_rsp_data[0][0];
            uint32_t want = (id & 1) ? (uint32_t)id | 0x83828100u : 0x03020100u;
            if (w0 != want)
                right = 0;
            ms_observe(&ms, cyc, &in, &out);
            got++;
        }
        CHECK(got == 32, "ooo=%d: %d of 32 responses", ooo, got);
        CHECK(right, "ooo=%d: a response came from the wrong warp's memory", ooo);
        if (ooo)
            CHECK(!inorder, "ooo=1: with jitter 40 some response should overtake another");
        else
            CHECK(inorder, "ooo=0: responses out of request order");
        CHECK(ms_idle(&ms), "ooo=%d: requests left", ooo);
    }
    tx_mem_free(m0);
    tx_mem_free(m1);
}

int main(void)
{
    tx_state *a = tx_state_new(), *b = tx_state_new();
    tx_effects *fa = malloc(sizeof(*fa)), *fb = malloc(sizeof(*fb));
    if (!a || !b || !fa || !fb)
        return 2;
    const char *files[] = {"vectors/tlds/tlds-directed.jsonl", "vectors/d3d/d3d-directed.jsonl",
                           "vectors/pixld/pixld-directed.jsonl", "vectors/tex/seed-examples.jsonl",
                           "vectors/suld/seed-examples.jsonl", "vectors/tlds/layouts.jsonl"};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        clone_file(files[i], a, b, fa, fb);
    memserver_tests();

    tx_state_free(a);
    tx_state_free(b);
    free(fa);
    free(fb);
    printf("test_warps: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail ? 1 : 0;
}
