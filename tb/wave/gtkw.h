/*
 * gtkw.h - a small writer of GTKWave save files (.gtkw).
 *
 * A save file is line-oriented text (GTKWave 3.3 savefile.c reads it): a
 * header of bracketed directives, a marker line, then the trace list in
 * display order.  A trace-list line "@<hex flags>" sets the display flags of
 * the traces that follow it; a line starting with '-' is a comment row (it
 * needs the BLANK flag); any other line names a signal of the dump.  Groups
 * are a comment row with the group-begin flag and a closing comment row with
 * the group-end flag.  docs/waves.md describes the layout texcosim writes.
 */
#ifndef TX_GTKW_H
#define TX_GTKW_H

#include <stdint.h>
#include <stdio.h>

/* Trace flags (GTKWave's TraceEntFlagBits), written in hex after '@'. */
#define GTKW_HEX       0x2u
#define GTKW_DEC       0x4u
#define GTKW_BIN       0x8u
#define GTKW_RJUSTIFY  0x20u
#define GTKW_BLANK     0x200u
#define GTKW_CLOSED    0x400000u
#define GTKW_GRP_BEGIN 0x800000u
#define GTKW_GRP_END   0x1000000u

/* The longest comment row, in characters.  GTKWave widens the signal-name
 * pane to its longest row ([signals_width] is not kept), so a long comment
 * leaves no room for the waves; at 48 characters the pane takes about a
 * quarter of a 1600-pixel window (tests/extra/gtkwave.sh measures it). */
#define GTKW_ROW_MAX 48

/* Named markers: GTKWave 3.3 has 26, A..Z. */
#define GTKW_NAMED_MARKERS 26

/* Colours of the [color] directive. */
enum gtkw_color { GTKW_NORMAL = 0, GTKW_RED, GTKW_ORANGE, GTKW_YELLOW, GTKW_GREEN, GTKW_BLUE };

typedef struct gtkw_writer {
    FILE *f;
    uint32_t flags;      /* flags last written with '@' (0: none yet) */
    int depth;           /* open groups */
} gtkw_writer;

/* The view of the header: what to show when the file is opened. */
typedef struct gtkw_view {
    const char *dumpfile;    /* written as [dumpfile] */
    const char *savefile;    /* written as [savefile] (NULL: omitted) */
    uint64_t timestart;      /* left edge of the wave window */
    uint64_t span;           /* time units to fit in the wave window */
    int width, height;       /* main window size in pixels */
    int64_t marker;          /* primary marker, -1 for none */
    int64_t named[GTKW_NAMED_MARKERS];          /* A..Z, -1 for unset */
    const char *named_text[GTKW_NAMED_MARKERS]; /* labels, NULL for none */
    const char *treeopen[4]; /* scopes opened in the hierarchy pane ("TOP."), NULL ends */
} gtkw_view;

void gtkw_view_init(gtkw_view *v);

/* Start a save file on f: a banner comment, then the header of v. */
void gtkw_begin(gtkw_writer *w, FILE *f, const gtkw_view *v);
/* A comment: one row, or several of at most GTKW_ROW_MAX characters each,
 * broken at spaces, the later ones indented by two (control characters
 * become spaces). */
void gtkw_comment(gtkw_writer *w, const char *text);
/* An empty row. */
void gtkw_blank(gtkw_writer *w);
/* Open / close a group named name (cut at GTKW_ROW_MAX characters). */
void gtkw_group_begin(gtkw_writer *w, const char *name);
void gtkw_group_end(gtkw_writer *w, const char *name);
/* A signal with display flags (GTKW_HEX | GTKW_RJUSTIFY, ...) and a colour. */
void gtkw_signal(gtkw_writer *w, const char *name, uint32_t flags, int color);
/* A row made of some bits of a vector signal: `vec` is the signal as the
 * dump names it ("TOP.tx_top.p_comp[511:0]", declared [msb:lsb]); bits[]
 * lists the bit numbers to show, most significant first; the row is shown
 * as `alias`.  Written in GTKWave's bit-vector syntax: "#{alias}" followed by
 * "(i)vec" for each bit, i counted from the declared msb (the form GTKWave
 * itself saves for a vector combined from extracted bits). */
void gtkw_bits(gtkw_writer *w, const char *alias, const char *vec, int msb, int lsb,
               const int *bits, int nbits, uint32_t flags, int color);
/* Close any group left open and write the trailer; returns 0, or -1 when a
 * write to the stream failed. */
int gtkw_end(gtkw_writer *w);

#endif
