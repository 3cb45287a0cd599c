/*
 * gtkw.c - writer of GTKWave save files; see gtkw.h.
 *
 * Directive spellings follow GTKWave 3.3's save-file reader (savefile.c):
 * the marker line is '*' followed by the zoom, the primary marker and the 26
 * named markers (-1 when unset); [markername] takes the marker letter
 * followed directly by its label.
 */
#include <math.h>
#include <string.h>
#include "gtkw.h"

/* Sizes of the panes, in pixels.  The hierarchy pane (SST) starts
 * collapsed; GTKWave still keeps about 200 pixels for it, and widens the
 * signal pane to its longest row whatever [signals_width] says (about 420
 * pixels for a row of GTKW_ROW_MAX characters), so about width - 700
 * pixels remain for the waves. */
#define SST_WIDTH 200
#define SIGNALS_WIDTH 360
#define OTHER_PANES 700
/* At zoom 0 GTKWave 3.3 draws 200 pixels per time unit (measured with
 * gtkwave::getPixelsUnitTime on a Verilator FST, 1 ps units); each zoom step
 * doubles or halves that. */
#define PIXELS_PER_UNIT_AT_ZOOM0 200.0

void gtkw_view_init(gtkw_view *v)
{
    memset(v, 0, sizeof(*v));
    v->width = 1600;
    v->height = 960;
    v->marker = -1;
    for (int i = 0; i < GTKW_NAMED_MARKERS; i++)
        v->named[i] = -1;
}

/* Write text with control characters (newlines above all, which would end
 * the row) replaced by spaces. */
static void put_clean(FILE *f, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p; p++)
        fputc(*p < 0x20 || *p == 0x7f ? ' ' : *p, f);
}

/* The zoom that fits v->span time units into the wave pane. */
static double fit_zoom(const gtkw_view *v)
{
    double px = (double)(v->width - OTHER_PANES);
    double span = v->span ? (double)v->span : 1.0;
    if (px < 100)
        px = 100;
    return log2(px / (PIXELS_PER_UNIT_AT_ZOOM0 * span));
}

void gtkw_begin(gtkw_writer *w, FILE *f, const gtkw_view *v)
{
    w->f = f;
    w->flags = 0;
    w->depth = 0;
    fprintf(f, "[*] texcosim waveform view (GTKWave 3.3 save file)\n");
    if (v->dumpfile) {
        fputs("[dumpfile] \"", f);
        put_clean(f, v->dumpfile);
        fputs("\"\n", f);
    }
    if (v->savefile) {
        fputs("[savefile] \"", f);
        put_clean(f, v->savefile);
        fputs("\"\n", f);
    }
    fprintf(f, "[timestart] %llu\n", (unsigned long long)v->timestart);
    fprintf(f, "[size] %d %d\n", v->width, v->height);
    fprintf(f, "[pos] -1 -1\n");
    fprintf(f, "*%.6f %lld", fit_zoom(v), (long long)v->marker);
    for (int i = 0; i < GTKW_NAMED_MARKERS; i++)
        fprintf(f, " %lld", (long long)v->named[i]);
    fputc('\n', f);
    for (int i = 0; i < GTKW_NAMED_MARKERS; i++)
        if (v->named[i] >= 0 && v->named_text[i]) {
            fprintf(f, "[markername] %c", 'A' + i);
            put_clean(f, v->named_text[i]);
            fputc('\n', f);
        }
    for (int i = 0; i < 4 && v->treeopen[i]; i++) {
        fputs("[treeopen] ", f);
        put_clean(f, v->treeopen[i]);
        fputc('\n', f);
    }
    fprintf(f, "[sst_width] %d\n", SST_WIDTH);
    fprintf(f, "[signals_width] %d\n", SIGNALS_WIDTH);
    fprintf(f, "[sst_expanded] 0\n");
    fprintf(f, "[sst_vpaned_height] %d\n", v->height / 3);
}

static void set_flags(gtkw_writer *w, uint32_t flags)
{
    if (flags != w->flags) {
        fprintf(w->f, "@%x\n", (unsigned)flags);
        w->flags = flags;
    }
}

/* One comment row of at most n bytes of text. */
static void comment_row(gtkw_writer *w, const char *text, size_t n)
{
    set_flags(w, GTKW_BLANK);
    fputc('-', w->f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        fputc(c < 0x20 || c == 0x7f ? ' ' : c, w->f);
    }
    fputc('\n', w->f);
}

void gtkw_comment(gtkw_writer *w, const char *text)
{
    const char *p = text ? text : "";
    const char *indent = "";
    /* Rows after the first are indented by two spaces, so the reader sees
     * one comment continued, not a new one. */
    do {
        size_t room = GTKW_ROW_MAX - strlen(indent), n = strlen(p);
        if (n > room) {
            /* Break after the last space that fits; a word longer than
             * the row (a path) is cut where the row ends. */
            n = room;
            for (size_t i = room; i > room / 2; i--)
                if (p[i] == ' ') {
                    n = i;
                    break;
                }
        }
        char row[GTKW_ROW_MAX + 1];
        size_t k = strlen(indent);
        memcpy(row, indent, k);
        memcpy(row + k, p, n);
        comment_row(w, row, k + n);
        p += n;
        while (*p == ' ')
            p++;
        indent = "  ";
    } while (*p);
}

void gtkw_blank(gtkw_writer *w)
{
    set_flags(w, GTKW_BLANK);
    fputs("-\n", w->f);
}

void gtkw_group_begin(gtkw_writer *w, const char *name)
{
    set_flags(w, GTKW_GRP_BEGIN | GTKW_BLANK);
    fputc('-', w->f);
    fprintf(w->f, "%.*s", GTKW_ROW_MAX, name);
    fputc('\n', w->f);
    w->depth++;
}

void gtkw_group_end(gtkw_writer *w, const char *name)
{
    if (w->depth <= 0)
        return;
    set_flags(w, GTKW_GRP_END | GTKW_BLANK);
    fputc('-', w->f);
    fprintf(w->f, "%.*s", GTKW_ROW_MAX, name);
    fputc('\n', w->f);
    w->depth--;
}

void gtkw_signal(gtkw_writer *w, const char *name, uint32_t flags, int color)
{
    set_flags(w, flags);
    if (color != GTKW_NORMAL)
        fprintf(w->f, "[color] %d\n", color);
    put_clean(w->f, name);
    fputc('\n', w->f);
}

void gtkw_bits(gtkw_writer *w, const char *alias, const char *vec, int msb, int lsb,
               const int *bits, int nbits, uint32_t flags, int color)
{
    set_flags(w, flags);
    if (color != GTKW_NORMAL)
        fprintf(w->f, "[color] %d\n", color);
    fputs("#{", w->f);
    put_clean(w->f, alias);
    fputc('}', w->f);
    for (int i = 0; i < nbits; i++) {
        int idx = msb >= lsb ? msb - bits[i] : bits[i] - msb;
        fprintf(w->f, " (%d)", idx);
        put_clean(w->f, vec);
    }
    fputc('\n', w->f);
}

int gtkw_end(gtkw_writer *w)
{
    while (w->depth > 0)
        gtkw_group_end(w, "");
    fprintf(w->f, "[pattern_trace] 1\n[pattern_trace] 0\n");
    fflush(w->f);
    return ferror(w->f) ? -1 : 0;
}
