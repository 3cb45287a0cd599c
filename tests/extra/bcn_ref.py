#!/usr/bin/env python3
"""bcn_ref.py OUT [--random N] - reference texels of BC1-BC5, ETC2 and EAC blocks.

Blocks come from real encoders run on pictures drawn here: `etcpak` (BC1,
BC3, BC4, BC5, ETC2 RGB, ETC2 RGBA, EAC R11, EAC RG11) and Intel's ISPC
texture compressor through `ispc-texcomp` (BC1, BC3, BC4, BC5), plus random
blocks, which reach every mode (BC1 three-colour, ETC2 T/H/planar,
punch-through).  Each block is decoded by independent decoders: bcdec through
`imagecodecs` (BC1-BC5) and `texture2ddecoder` (BC1, BC3-BC5, ETC2, EAC),
which compute the exact D3D means, and by `measured` below, the arithmetic of
NVIDIA silicon written from docs/formats.md 9.3 (BC1-BC5, exact).
tests/unit/test_bcn.c --ref OUT decodes every block with texcosim and
compares texel by texel, within the bound each line states.

Lines of OUT:  FMT TOOL BOUND BLOCK T0 .. T15
  FMT    dxt1 dxt23 dxt45 dxn1 dxn2 dxn1s dxn2s etc2 etc2pta etc2a eac eacx2
         (dxn1s, dxn2s: the signed decode, `measured` only)
  TOOL   the reference decoder (for the report)
  BOUND  the largest difference allowed per 8-bit channel (docs/formats.md 9.3)
  BLOCK  the block bytes in hex, byte 0 first
  Ti     texel i (x + 4y) as hex bytes R G B A (dxt/etc2), R (dxn1, eac), R G (dxn2, eacx2);
         EAC values are the top 8 bits of the 11-bit value; DXN values of the
         8-bit decoders are 8-bit codes (texcosim's 16-bit code is rounded to
         the nearest c / 257); DXN values of `measured` are the 16-bit codes,
         two bytes each, low byte first (compared exactly)
Exit 77 when a package is missing (the caller reports a skip).
"""
import random
import sys

try:
    import numpy as np
    import etcpak
    import imagecodecs
    import texture2ddecoder as t2d
except ImportError as e:  # pragma: no cover - reported as a skip
    print("skip: Python package missing (%s); pip install numpy etcpak imagecodecs "
          "texture2ddecoder" % e.name)
    sys.exit(77)
try:
    import ispc_texcomp as itc
except ImportError:
    itc = None

W = H = 32
# Bounds of the exact-mean decoders against the hardware's interpolants
# (9.3), the largest differences over all endpoint pairs: a green third is
# 80.25/256 of the difference instead of 1/3 (6 codes); a two-fifths step of
# the channel ramps is 96/257 (BC4/BC5) or 770/2048 (BC3 alpha) instead of
# 2/5 (7 codes).
B_COLOUR = 6
B_CHANNEL = 7


def pictures():
    """Two 32x32 RGBA8 pictures: ramps, discs and noise; varying alpha."""
    rng = np.random.default_rng(7)
    y, x = np.mgrid[0:H, 0:W].astype(np.float64)
    a = np.zeros((H, W, 4), np.float64)
    a[..., 0] = 255 * x / (W - 1)
    a[..., 1] = 255 * (0.5 + 0.5 * np.sin(y / 3.0))
    a[..., 2] = 255 * ((x * 3 + y) % 32) / 31
    a[..., 3] = 255
    for cx, cy, r, col in ((8, 8, 6, (250, 30, 20)), (22, 20, 7, (20, 200, 60))):
        m = (x - cx) ** 2 + (y - cy) ** 2 < r * r
        a[m, 0:3] = col
    a[0:8, 24:32, 0:3] = rng.integers(0, 256, (8, 8, 3))
    b = a.copy()
    b[..., 3] = 255 * (0.5 + 0.5 * np.cos(x / 4.0) * np.sin(y / 5.0))
    b[16:24, 0:8, 3] = rng.integers(0, 256, (8, 8))
    return [np.clip(np.rint(p), 0, 255).astype(np.uint8) for p in (a, b)]


def blocks_of(data, size):
    return [bytes(data[i:i + size]) for i in range(0, len(data), size)]


def bgra_texels(img, n):
    """(4, 4n, 4) BGRA uint8 picture of n blocks in a row -> per block 16 RGBA tuples."""
    out = []
    for k in range(n):
        t = []
        for i in range(16):
            px = img[i // 4, 4 * k + i % 4]
            t.append((int(px[2]), int(px[1]), int(px[0]), int(px[3])))
        out.append(t)
    return out


def t2d_decode(fn, blocks):
    n = len(blocks)
    raw = fn(b"".join(blocks), 4 * n, 4)
    img = np.frombuffer(raw, np.uint8).reshape(4, 4 * n, 4)
    return bgra_texels(img, n)


def bcdec_decode(fmt, blocks):
    n = len(blocks)
    shape = (4, 4 * n) if fmt == 4 else (4, 4 * n, 2) if fmt == 5 else (4, 4 * n, 4)
    img = imagecodecs.bcn_decode(b"".join(blocks), fmt, shape=shape)
    if img.ndim == 2:
        img = img[..., None]
    out = []
    for k in range(n):
        out.append([tuple(int(c) for c in img[i // 4, 4 * k + i % 4]) for i in range(16)])
    return out


def encode_all(pics):
    """{fmt: [block, ...]} from the real encoders."""
    enc = {f: [] for f in ("dxt1", "dxt45", "dxn1", "dxn2", "etc2", "etc2a", "eac", "eacx2")}
    for p in pics:
        rgba = np.ascontiguousarray(p)
        raw = rgba.tobytes()
        bgra = np.ascontiguousarray(rgba[..., [2, 1, 0, 3]]).tobytes()
        enc["dxt1"] += blocks_of(etcpak.compress_bc1(raw, W, H), 8)
        enc["dxt45"] += blocks_of(etcpak.compress_bc3(raw, W, H), 16)
        enc["dxn1"] += blocks_of(etcpak.compress_bc4(raw, W, H), 8)
        enc["dxn2"] += blocks_of(etcpak.compress_bc5(raw, W, H), 16)
        enc["etc2"] += blocks_of(etcpak.compress_etc2_rgb(bgra, W, H), 8)
        enc["etc2a"] += blocks_of(etcpak.compress_etc2_rgba(bgra, W, H), 16)
        enc["eac"] += blocks_of(etcpak.compress_eac_r(raw, W, H), 8)
        enc["eacx2"] += blocks_of(etcpak.compress_eac_rg(raw, W, H), 16)
        if itc is not None:
            surf = itc.RGBASurface(raw, W, H)
            enc["dxt1"] += blocks_of(itc.compress_blocks_bc1(surf), 8)
            enc["dxt45"] += blocks_of(itc.compress_blocks_bc3(surf), 16)
            enc["dxn1"] += blocks_of(itc.compress_blocks_bc4(surf), 8)
            enc["dxn2"] += blocks_of(itc.compress_blocks_bc5(surf), 16)
    return enc


# ---- measured: docs/formats.md 9.3, the arithmetic of NVIDIA silicon -------

def _tz(n, d):
    """n / d truncated toward zero (C division)."""
    q = abs(n) // d
    return q if n >= 0 else -q


def m_colour(cb, i, four):
    """Colour block texel i: (R, G, B, A) 8-bit codes."""
    c0 = cb[0] | cb[1] << 8
    c1 = cb[2] | cb[3] << 8
    idx = (int.from_bytes(cb[4:8], "little") >> (2 * i)) & 3
    r0, g0, b0 = c0 >> 11 & 31, c0 >> 5 & 63, c0 & 31
    r1, g1, b1 = c1 >> 11 & 31, c1 >> 5 & 63, c1 & 31
    G0, G1 = g0 << 2 | g0 >> 4, g1 << 2 | g1 >> 4
    gd = G1 - G0
    if idx == 0:
        return (r0 << 3 | r0 >> 2, G0, b0 << 3 | b0 >> 2, 255)
    if idx == 1:
        return (r1 << 3 | r1 >> 2, G1, b1 << 3 | b1 >> 2, 255)
    if four or c0 > c1:
        if idx == 2:
            return ((2 * r0 + r1) * 22 // 8, (256 * G0 + _tz(gd, 4) + 128 + 80 * gd) // 256,
                    (2 * b0 + b1) * 22 // 8, 255)
        return ((2 * r1 + r0) * 22 // 8, (256 * G1 - _tz(gd, 4) + 128 - 80 * gd) // 256,
                (2 * b1 + b0) * 22 // 8, 255)
    if idx == 2:
        return ((r0 + r1) * 33 // 8, (256 * G0 + _tz(gd, 4) + 128 + 128 * gd) // 256,
                (b0 + b1) * 33 // 8, 255)
    return (0, 0, 0, 0)


def m_step(eight, idx):
    """(start at r1?, k) of ramp index idx (2..7 / 2..5)."""
    s = idx - 1
    if eight:
        return (False, s) if s in (1, 2, 4) else (True, 7 - s)
    return (False, s) if s <= 2 else (True, 5 - s)


def m_alpha(cb, i):
    """BC3 alpha texel i: an 8-bit code."""
    r0, r1 = cb[0], cb[1]
    idx = (int.from_bytes(cb[2:8], "little") >> (3 * i)) & 7
    if idx < 2:
        return (r0, r1)[idx]
    if r0 <= r1 and idx >= 6:
        return 0 if idx == 6 else 255
    from_r1, k = m_step(r0 > r1, idx)
    e, o = (r1, r0) if from_r1 else (r0, r1)
    m = (k * (289 if r0 > r1 else 385) * abs(o - e) + 1024) >> 11
    return e + m if o >= e else e - m


def m_widen(c, sign):
    if not sign:
        return 257 * c
    m = abs(c)
    w = m << 8 | m << 1 | m >> 6
    return -w if c < 0 else w


def m_dxn(cb, i, sign):
    """BC4 / BC5 channel texel i: a 16-bit code (as an unsigned 16-bit number)."""
    r0, r1 = cb[0], cb[1]
    if sign:
        r0, r1 = (r0 - 256 if r0 > 127 else r0), (r1 - 256 if r1 > 127 else r1)
    a, z = (max(r0, -127), max(r1, -127)) if sign else (r0, r1)
    idx = (int.from_bytes(cb[2:8], "little") >> (3 * i)) & 7
    if idx < 2:
        v = m_widen((a, z)[idx], sign)
    elif r0 <= r1 and idx >= 6:
        v = (-32767 if sign else 0) if idx == 6 else (32767 if sign else 65535)
    else:
        from_r1, k = m_step(r0 > r1, idx)
        e, o = (z, a) if from_r1 else (a, z)
        v = m_widen(e, sign) + k * (36 if r0 > r1 else 48) * (o - e)
    return v & 0xffff


def measured(fmt, b):
    """16 texels of block b as tuples of bytes in the test's order."""
    out = []
    for i in range(16):
        if fmt == "dxt1":
            out.append(m_colour(b, i, False))
        elif fmt == "dxt23":
            a4 = (int.from_bytes(b[0:8], "little") >> (4 * i)) & 15
            out.append(m_colour(b[8:], i, True)[:3] + (a4 * 17,))
        elif fmt == "dxt45":
            out.append(m_colour(b[8:], i, True)[:3] + (m_alpha(b, i),))
        else:
            sign = fmt.endswith("s")
            t = ()
            for ch in range(2 if fmt.startswith("dxn2") else 1):
                v = m_dxn(b[8 * ch:8 * ch + 8], i, sign)
                t += (v & 0xff, v >> 8)
            out.append(t)
    return out


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    out = sys.argv[1]
    nrand = int(sys.argv[sys.argv.index("--random") + 1]) if "--random" in sys.argv else 64
    rnd = random.Random(5)
    enc = encode_all(pictures())
    size = {"dxt1": 8, "dxt23": 16, "dxt45": 16, "dxn1": 8, "dxn2": 16, "etc2": 8,
            "etc2pta": 8, "etc2a": 16, "eac": 8, "eacx2": 16}
    for f in size:
        enc.setdefault(f, [])
        enc[f] += [bytes(rnd.getrandbits(8) for _ in range(size[f])) for _ in range(nrand)]

    lines = []

    def emit(fmt, tool, bound, blocks, texels, chans):
        for b, t in zip(blocks, texels):
            ts = " ".join("".join("%02x" % c for c in px[:chans]) for px in t)
            lines.append("%s %s %d %s %s" % (fmt, tool, bound, b.hex(), ts))

    # The measured arithmetic (9.3): exact, on every block; the signed DXN
    # decode on the DXN blocks as well.
    for fmt, src, ch in (("dxt1", "dxt1", 4), ("dxt23", "dxt23", 4), ("dxt45", "dxt45", 4),
                         ("dxn1", "dxn1", 2), ("dxn2", "dxn2", 4), ("dxn1s", "dxn1", 2),
                         ("dxn2s", "dxn2", 4)):
        bl = enc[src]
        emit(fmt, "measured", 0, bl, [measured(fmt, b) for b in bl], ch)
    # bcdec: BC1-BC5 (BC4/BC5 unsigned), the exact means rounded: they
    # differ from the hardware's fixed-point interpolants (9.3) by up to a
    # few codes (B_COLOUR, B_CHANNEL), so they check the blocks' modes and
    # indices, and `measured` the arithmetic.
    for fmt, code, ch in (("dxt1", 1, 4), ("dxt23", 2, 4), ("dxt45", 3, 4), ("dxn1", 4, 1),
                          ("dxn2", 5, 2)):
        bl = enc[fmt]
        emit(fmt, "bcdec", B_COLOUR if fmt in ("dxt1", "dxt23") else B_CHANNEL, bl,
             bcdec_decode(code, bl), ch)
    # texture2ddecoder: BC1, BC3-BC5 (same bounds), ETC2 and EAC (exact).
    for fmt, fn, ch in (("dxt1", t2d.decode_bc1, 4), ("dxt45", t2d.decode_bc3, 4),
                        ("dxn1", t2d.decode_bc4, 1), ("dxn2", t2d.decode_bc5, 2)):
        bl = enc[fmt]
        if fmt == "dxt45":
            # texture2ddecoder reads a BC3 colour block with c0 <= c1 in the
            # three-colour way; D3D11.3 19.5 (and bcdec) always use four
            # colours.  Compare the blocks where both readings agree.
            bl = [b for b in bl if b[8] | b[9] << 8 > b[10] | b[11] << 8]
        tex = t2d_decode(fn, bl)
        if fmt == "dxt1":   # texture2ddecoder reads DXT1 without its 1-bit alpha: RGB only
            ch = 3
        if fmt == "dxn2":   # texture2ddecoder puts BC5's two channels in R and G
            tex = [[(p[0], p[1], 0, 0) for p in t] for t in tex]
        emit(fmt, "texture2ddecoder", B_COLOUR if fmt in ("dxt1", "dxt23") else B_CHANNEL, bl,
             tex, ch)
    for fmt, fn, ch in (("etc2", t2d.decode_etc2, 4), ("etc2pta", t2d.decode_etc2a1, 4),
                        ("etc2a", t2d.decode_etc2a8, 4), ("eac", t2d.decode_eacr, 1),
                        ("eacx2", t2d.decode_eacrg, 2)):
        bl = enc[fmt]
        tex = t2d_decode(fn, bl)
        if fmt == "etc2pta":
            # GLES-C: a transparent punch-through texel is (0, 0, 0, 0);
            # texture2ddecoder sets only A = 0.  Compare RGB where A != 0.
            tex = [[p if p[3] else (0, 0, 0, 0) for p in t] for t in tex]
        emit(fmt, "texture2ddecoder", 0, bl, tex, ch)

    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    counts = {}
    for ln in lines:
        counts[ln.split()[0]] = counts.get(ln.split()[0], 0) + 1
    print("bcn_ref: %d blocks (%s)" % (len(lines), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
