#!/usr/bin/env python3
"""gtkwave_shot.py XWD - the panes of a GTKWave window in a screenshot.

Reads a screen dump in X Window Dump format (what `Xvfb -fbdir DIR` keeps in
DIR/Xvfb_screen0, 24-bit TrueColor in 32-bit pixels) of a GTKWave 3.3 main
window at the top left of the screen, and prints

    width W sst S names N waves X

W: the screen width; S: where the hierarchy (SST) pane ends; N: the width of
the signal-name pane (from the end of the SST pane to the start of the wave
pane); X: where the wave pane starts.  The wave pane is the black area
(GTKWave's default background) that runs to the right edge: in each sampled
row the first x from which most of the row is black.  Status
1 with a message when no row shows a wave pane (GTKWave not drawn yet).
Only the Python standard library is used.
"""
import struct
import sys


def load(path):
    with open(path, "rb") as f:
        d = f.read()
    if len(d) < 100:
        raise ValueError("short file")
    h = struct.unpack(">25I", d[:100])
    header_size, version, width, height = h[0], h[1], h[4], h[5]
    bpp, bpl, ncolors = h[11], h[12], h[19]
    if version != 7 or bpp != 32:
        raise ValueError("not a 32-bit XWD file (version %d, %d bpp)" % (version, bpp))
    off = header_size + ncolors * 12
    return d, off, width, height, bpl


def runs(d, off, width, bpl, y):
    """The row as (start, end, colour) runs of equal pixels."""
    row = d[off + y * bpl: off + y * bpl + width * 4]
    out, start, prev = [], 0, None
    for x in range(width):
        c = row[4 * x: 4 * x + 3]
        if c != prev:
            if prev is not None:
                out.append((start, x - 1, prev))
            start, prev = x, c
    out.append((start, width - 1, prev))
    return out


def main():
    d, off, width, height, bpl = load(sys.argv[1])
    black = b"\0\0\0"
    waves, ssts = [], []
    # Rows in the middle of the trace area, clear of menus and scroll bars.
    for y in range(int(height * 0.35), int(height * 0.85), 7):
        r = runs(d, off, width, bpl, y)
        # Wave pane: the first black pixel after which black covers most of
        # the row (signal transitions and the scroll bar break the run).
        x0 = None
        for i, (a, b, c) in enumerate(r):
            if c != black or b - a + 1 < 8:
                continue
            total = sum(e - s + 1 for s, e, cc in r[i:] if cc == black)
            if total >= 0.6 * (width - a) and total >= 20:
                x0 = a
                break
        if x0 is None:
            continue
        waves.append(x0)
        # SST pane: the first run of one colour from the left edge that is
        # wider than 40 pixels.
        for a, b, c in r:
            if b - a + 1 >= 40 and c != black:
                ssts.append(b + 1)
                break
    if len(waves) < 5:
        print("no wave pane in the screenshot", file=sys.stderr)
        return 1
    waves.sort()
    ssts.sort()
    x = waves[len(waves) // 2]
    s = ssts[len(ssts) // 2] if ssts else 0
    if s >= x:
        s = 0
    print("width %d sst %d names %d waves %d" % (width, s, x - s, x))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError) as e:
        print("gtkwave_shot.py: %s" % e, file=sys.stderr)
        sys.exit(1)
