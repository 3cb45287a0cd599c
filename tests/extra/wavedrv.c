/*
 * wavedrv.c - stand-alone driver of the wave capture, for
 * tests/extra/gtkwave.sh while the runner (tb/run.c) does not call it yet.
 *
 *   wavedrv run FILE      lockstep run of every vector of FILE; on the first
 *                         mismatch of a vector, capture its waves
 *                         (TEXCOSIM_WAVE_DIR or build/waves) and report as
 *                         the runner does; exit 1 when a vector failed
 *   wavedrv wave ARGS...  the `texcosim wave` command
 */
#include <stdio.h>
#include <string.h>
#include "compare.h"
#include "wave.h"

static void config(const tx_vector *v, ls_config *c)
{
    ls_config_default(c);
    if (v->tb.mem_latency != VEC_UNSET)
        c->mem_latency = (uint32_t)v->tb.mem_latency;
    if (v->tb.mem_jitter != VEC_UNSET)
        c->mem_jitter = (uint32_t)v->tb.mem_jitter;
    if (v->tb.backpressure != VEC_UNSET)
        c->backpressure = (uint32_t)v->tb.backpressure;
    if (v->tb.seed != VEC_UNSET)
        c->seed = (uint64_t)v->tb.seed;
    if (v->tb.watchdog != VEC_UNSET)
        c->watchdog = (uint64_t)v->tb.watchdog;
}

static int run(const char *file)
{
    vec_error err;
    vec_reader *r = vec_open(file, &err);
    lockstep *ls = ls_new();
    static ls_outcome out;
    const tx_vector *v;
    int status = 0, rc;
    if (!r || !ls) {
        fprintf(stderr, "%s\n", r ? "cannot create the simulator" : err.text);
        return 2;
    }
    while ((rc = vec_next(r, &v, &err)) == 1) {
        ls_config cfg;
        int fail = -1;
        config(v, &cfg);
        ls_begin(ls, &cfg);
        if (vec_apply(v, ls->model, &err) < 0 || vec_apply(v, ls->rtl, &err) < 0) {
            fprintf(stderr, "%s\n", err.text);
            return 2;
        }
        ls_ready(ls);
        for (int i = 0; i < v->nsteps && fail < 0; i++) {
            ls_moves(ls, v->steps[i].pre, v->steps[i].npre);
            if (ls_step(ls, v->steps[i].word, v->steps[i].ctrl, &out))
                fail = i;
            ls_moves(ls, v->steps[i].post, v->steps[i].npost);
        }
        if (fail < 0) {
            printf("PASS %s %s\n", v->file, v->id);
            continue;
        }
        status = 1;
        printf("FAIL %s %s\n", v->file, v->id);
        printf("  step %d: %s\n", fail, v->steps[fail].text ? v->steps[fail].text : "");
        wave_info wi;
        char werr[512];
        if (wave_capture(&cfg, v, fail, NULL, &wi, werr, sizeof(werr)) < 0) {
            printf("  waves: not written: %s\n", werr);
            continue;
        }
        if (wi.hang)
            printf("  the watchdog fired\n");
        else if (wi.stage == TX_TAP_PACK)
            printf("  stages: every tap (gather..filter) agrees; the difference is in %s\n",
                   tx_stage_name(TX_TAP_PACK));
        else if (wi.stage >= 0)
            printf("  first diverging stage: %s (lane %d)\n", tx_stage_name(wi.stage), wi.lane);
        wave_print(stdout, &wi, "texcosim");
    }
    if (rc < 0) {
        fprintf(stderr, "%s\n", err.text);
        status = 2;
    }
    vec_close(r);
    ls_free(ls);
    return status;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "run"))
        return run(argv[2]);
    if (argc >= 2 && !strcmp(argv[1], "wave"))
        return cmd_wave(argc, argv);
    fprintf(stderr, "usage: wavedrv run FILE | wavedrv wave [-n] RESULT\n");
    return 2;
}
