/*
 * replay.c - a main() for the fuzz harnesses when libFuzzer is not
 * available: runs LLVMFuzzerTestOneInput on every file named on the command
 * line (a folder stands for the files in it, not recursively) and prints how
 * many it ran.  Built with the sanitizers, a replayed corpus is a regression
 * test of every input the fuzzers have kept.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz.h"

static long ran;

static int run_file(const char *p)
{
    FILE *f = fopen(p, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", p);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "replay: out of memory reading %s\n", p);
        return -1;
    }
    /* An exact-size copy, so that reads past the input are caught. */
    uint8_t *in = malloc(n ? n : 1);
    if (!in) {
        free(buf);
        return -1;
    }
    memcpy(in, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(in, n);
    free(in);
    ran++;
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        if (stat(argv[i], &sb) != 0) {
            fprintf(stderr, "replay: %s: no such file or folder\n", argv[i]);
            bad = 1;
            continue;
        }
        if (!S_ISDIR(sb.st_mode)) {
            bad |= run_file(argv[i]) != 0;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            bad = 1;
            continue;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            char p[4096];
            if (e->d_name[0] == '.')
                continue;
            snprintf(p, sizeof(p), "%s/%s", argv[i], e->d_name);
            if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode))
                bad |= run_file(p) != 0;
        }
        closedir(d);
    }
    printf("replay: %ld inputs, no failure\n", ran);
    return bad ? 2 : 0;
}
