#!/usr/bin/env python3
"""bcn_ref.py OUT [--random N] - reference texels of BC1-BC5, ETC2 and EAC blocks.

Blocks come from real encoders run on pictures drawn here: `etcpak` (BC1,
BC3, BC4, BC5, ETC2 RGB, ETC2 RGBA, EAC R11, EAC RG11) and Intel's ISPC
texture compressor through `ispc-texcomp` (BC1, BC3, BC4, BC5), plus random
blocks, which reach every mode (BC1 three-colour, ETC2 T/H/planar,
punch-through).  Each block is decoded by independent decoders: bcdec through
`imagecodecs` (BC1-BC5) and `texture2ddecoder` (BC1, BC3-BC5, ETC2, EAC).
tests/unit/test_bcn.c --ref OUT decodes every block with texcosim and
compares texel by texel, within the bound each line states.

Lines of OUT:  FMT TOOL BOUND BLOCK T0 .. T15
  FMT    dxt1 dxt23 dxt45 dxn1 dxn2 etc2 etc2pta etc2a eac eacx2
  TOOL   the reference decoder (for the report)
  BOUND  the largest difference allowed per 8-bit channel (docs/formats.md 9.3)
  BLOCK  the block bytes in hex, byte 0 first
  Ti     texel i (x + 4y) as hex bytes R G B A (dxt/etc2), R (dxn1, eac), R G (dxn2, eacx2);
         EAC values are the top 8 bits of the 11-bit value
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

    # bcdec: BC1-BC5 (BC4/BC5 unsigned).  Interpolants may differ by one
    # code where the specification leaves the rounding open (9.3).
    for fmt, code, ch in (("dxt1", 1, 4), ("dxt23", 2, 4), ("dxt45", 3, 4), ("dxn1", 4, 1),
                          ("dxn2", 5, 2)):
        bl = enc[fmt]
        emit(fmt, "bcdec", 1, bl, bcdec_decode(code, bl), ch)
    # texture2ddecoder: BC1, BC3-BC5 (same bound), ETC2 and EAC (exact).
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
        emit(fmt, "texture2ddecoder", 1, bl, tex, ch)
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
