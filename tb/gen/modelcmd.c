/*
 * modelcmd.c - `texcosim model FILE`: run every vector of a file on the model
 * only and print one JSON object per step (vector id, step, canonical text,
 * word, control field and the effects in the vector format's "expect"
 * spelling), for authoring and reviewing vectors.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "fxjson.h"
#include "model.h"
#include "modelcmd.h"
#include "vector.h"

int cmd_model(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    static const char use[] = "usage: texcosim model FILE\n"
        "  run every vector of FILE (.jsonl or .jsonl.gz) on the model only; one JSON line\n"
        "  per step with its effects in the vector format's \"expect\" spelling\n"
        "  -h, --help, --version\n";
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc - 1, argv + 1, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(use, stdout); return 0;
        case 'V': return cli_version("model");
        default:
            fprintf(stderr, "texcosim model: unknown option %s\n%s", argv[optind], use);
            return 2;
        }
    }
    if (argc - 1 - optind != 1) {
        fprintf(stderr, "texcosim model: %s\n%s", argc - 1 - optind ? "one FILE only" :
                "no vector file given", use);
        return 2;
    }
    vec_error err;
    vec_reader *r = vec_open(argv[1 + optind], &err);
    if (!r) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof(*fx));
    int status = 0, rc;
    const tx_vector *v;
    if (!s || !fx) {
        fprintf(stderr, "texcosim: out of memory\n");
        vec_close(r);
        return 2;
    }
    while ((rc = vec_next(r, &v, &err)) == 1) {
        if (vec_apply(v, s, &err) < 0) {
            fprintf(stderr, "%s\n", err.text);
            status = 2;
            continue;
        }
        for (int i = 0; i < v->nsteps; i++) {
            const vec_step *st = &v->steps[i];
            char text[256], hex[32];
            vec_apply_moves(s, st->pre, st->npre);
            tx_step(s, st->word, st->ctrl, fx);
            vec_apply_moves(s, st->post, st->npost);
            tx_disasm(st->word, st->ctrl, text, sizeof(text));
            json_object *o = json_object_new_object();
            json_object_object_add(o, "vector", json_object_new_string(v->id));
            json_object_object_add(o, "step", json_object_new_int(i));
            /* A Direct3D step shows its source text and the TLDS it lowers to. */
            if (st->d3d)
                json_object_object_add(o, "d3d", json_object_new_string(st->text));
            json_object_object_add(o, "sass", json_object_new_string(text));
            snprintf(hex, sizeof(hex), "0x%016" PRIx64, st->word);
            json_object_object_add(o, "word", json_object_new_string(hex));
            snprintf(hex, sizeof(hex), "0x%06" PRIx32, st->ctrl);
            json_object_object_add(o, "ctrl", json_object_new_string(hex));
            json_object_object_add(o, "effects", fx_to_json(fx));
            printf("%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
            json_object_put(o);
        }
    }
    if (rc < 0) {
        fprintf(stderr, "%s\n", err.text);
        status = 2;
    }
    vec_close(r);
    tx_state_free(s);
    free(fx);
    return status;
}
