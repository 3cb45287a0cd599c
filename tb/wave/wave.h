/*
 * wave.h - waveforms of a failing vector: a traced replay of the failing
 * instruction (FST, a window of cycles around it) and a GTKWave save file
 * that shows it stage by stage; and the `texcosim wave` command that opens
 * them.  docs/waves.md is the user's description.
 *
 * The runner calls wave_capture from its failure path (after the first
 * mismatch or hang of a vector), prints wave_print's line in the failure
 * report and records the two paths in its results file.
 */
#ifndef TX_WAVE_H
#define TX_WAVE_H

#include <stdint.h>
#include <stdio.h>
#include "lockstep.h"
#include "vector.h"

#define WAVE_PATH_MAX 4096

/* Default directory for captured waves, relative to the working directory;
 * the environment variable TEXCOSIM_WAVE_DIR overrides it. */
#define WAVE_DEFAULT_DIR "build/waves"

typedef struct wave_opts {
    const char *out_dir;     /* NULL: wave_default_dir() */
    uint32_t pre;            /* cycles traced before the failing issue (default 64) */
    uint32_t post;           /* cycles traced after its completion (default 8) */
} wave_opts;

void wave_opts_default(wave_opts *o);

/* $TEXCOSIM_WAVE_DIR when set and not empty, else WAVE_DEFAULT_DIR. */
const char *wave_default_dir(void);

/* What wave_capture wrote.  Times are trace time units: cycle N of the
 * replay is centred on time 2N (tb/core/sim.h: 2 units per cycle). */
typedef struct wave_info {
    char fst[WAVE_PATH_MAX];     /* the trace */
    char gtkw[WAVE_PATH_MAX];    /* the save file next to it */
    uint64_t t_begin, t_end;     /* the traced window */
    uint64_t t_issue;            /* the failing instruction's issue handshake */
    uint64_t t_done;             /* its done_valid_o cycle (last cycle on a hang) */
    uint64_t t_marker;           /* primary marker: the mismatch */
    int stage;                   /* first diverging stage (TX_TAP_*), -1 unknown */
    int lane;                    /* lane that diverged there, -1 unknown */
    int hang;                    /* the replay hit the watchdog */
    int reproduced;              /* the replay showed the difference again */
    int write_failed;            /* (on failure) the files could not be written:
                                    full disk, file-size limit, ... */
    int done_tag;                /* tag the failing step completed with (0 on a hang) */
    int nmissing;                /* signals of the view the trace lacks */
    char missing[512];           /* their names, ", " between (cut when long) */
} wave_info;

/* The signals the view promises (docs/waves.md, "Layout of the save file"),
 * relative to TOP.tx_top, in view order: "[*]" in a name stands for every
 * element of an array ("u_front.g_fc[*].u_header.state_q"), "[T]" for the
 * completing tag.  group is the view's group (0-based) or -1 outside the
 * groups.  NULL past the end. */
size_t wave_view_count(void);
const char *wave_view_signal(size_t i, int *group);

/*
 * Replay vector v with the settings cfg (the ones of the failing run: the
 * memory timing is seeded, so the replay is cycle exact) up to step
 * fail_step, trace a window around that step into an FST file and write the
 * GTKWave save file next to it:
 *
 *   <out_dir>/<file stem>.<vector id>.fst and .gtkw
 *
 * (both names sanitized, see wave_paths).  The replay uses a simulator of its
 * own, so the caller's lockstep (and a whole-run --fst trace) is untouched.
 * Returns 0, or -1 with a message in err.
 */
/* True when the FST trace at path can be read back (through the FST reader
 * when the build has one, else: it is not empty).  The FST writer reports no
 * write error, so a trace cut short by a full disk shows only here. */
int wave_trace_readable(const char *path);

int wave_capture(const ls_config *cfg, const tx_vector *v, int fail_step, const wave_opts *opts,
                 wave_info *info, char *err, size_t errlen);

/* ---- warps: the replay of a whole group (run --warps K) ----
 * When a group replay is set, wave_capture runs it instead of the vector
 * alone: fn runs the group on ls (a fresh simulator) until `post` cycles
 * after the completion of v's step fail_step, calls obs(obs_user, ...) once
 * per cycle as the lockstep observer would, with *in_fail set while that
 * instruction is offered or in flight and the taps of other warps removed,
 * and copies that instruction's outcome into *out.  Returns 0, or -1.
 * tb/run/interleave.c sets it around its wave_capture calls; NULL clears it. */
typedef void (*wave_obs_fn)(void *user, lockstep *ls, const sim_out_t *o, const sim_taps_t *t,
                            const sim_taps_t *su);
typedef int (*wave_group_fn)(void *user, lockstep *ls, const ls_config *cfg, int fail_step,
                             ls_outcome *out, uint64_t post, int *in_fail, wave_obs_fn obs,
                             void *obs_user);
void wave_set_group(wave_group_fn fn, void *user);

/* The file names wave_capture uses for a vector: out_dir/stem.id.fst and
 * .gtkw.  Characters outside [A-Za-z0-9._+-] become '_', a leading '.'
 * becomes '_', and a name that had to be changed or shortened gets a hash of
 * the original appended, so distinct ids keep distinct files.  Returns 0, or
 * -1 when the paths do not fit. */
int wave_paths(const char *out_dir, const char *vector_file, const char *id, char *fst,
               char *gtkw);

/* The report lines: "  waves: F.fst (open: ARGV0 wave F.gtkw)" and the
 * marker times.  argv0 NULL prints "texcosim". */
void wave_print(FILE *f, const wave_info *info, const char *argv0);

/* `texcosim wave [-n] RESULT`: open the waves of RESULT (a .gtkw, a .fst, a
 * results file of `texcosim run`, or a directory of waves) in GTKWave.
 * argv[1] is "wave".  Returns the exit status. */
int cmd_wave(int argc, char **argv);

#endif
