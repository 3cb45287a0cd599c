/*
 * rtl_sigs.c - lookup in the generated table of traced RTL signals
 * (rtl_sigs.h; the table itself is $(B)/gen/rtl_sigs.c).
 */
#include <string.h>
#include "rtl_sigs.h"

int rtl_sig_width(const char *rel, int *msb, int *lsb, int *ranged)
{
    /* A linear scan: the view looks up some 200 names once per failure. */
    for (size_t i = 0; i < rtl_nsigs; i++) {
        const rtl_sig *s = &rtl_sigs[i];
        if (strcmp(s->name, rel))
            continue;
        if (msb)
            *msb = s->msb;
        if (lsb)
            *lsb = s->lsb;
        if (ranged)
            *ranged = s->ranged;
        return (s->msb > s->lsb ? s->msb - s->lsb : s->lsb - s->msb) + 1;
    }
    return 0;
}
