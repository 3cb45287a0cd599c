#!/usr/bin/env python3
"""bptc_ref.py OUT [--count N] [--stride K] - reference texels of BC6H and BC7 blocks.

Blocks come from real encoders run on pictures drawn here (Intel's ISPC
texture compressor through PyPI `ispc-texcomp`: BC6H and BC7 at several
quality profiles; `etcpak`: BC7), plus random blocks of every mode,
including the reserved ones.  Each block is decoded by an independent
decoder, bcdec through PyPI `imagecodecs` (BC6H to binary16, BC7 to RGBA8);
BC7 is checked a second time against `texture2ddecoder`.  The texcosim model
must reproduce every texel bit for bit (tests/unit/test_bptc.c --ref OUT).

Lines of OUT:  FMT BLOCK T0 .. T15
  FMT    bc7, bc6u (BC6H_UF16) or bc6s (BC6H_SF16)
  BLOCK  the 16 block bytes in hex, byte 0 first
  Ti     texel i (x + 4y): bc7 RRGGBBAA bytes; bc6 RRRRGGGGBBBB binary16 values
Exit 77 when a package is missing (the caller reports a skip).
"""
import random
import sys

try:
    import numpy as np
    import imagecodecs
    import ispc_texcomp as itc
except ImportError as e:  # pragma: no cover - reported as a skip
    print("skip: Python package missing (%s); pip install numpy imagecodecs ispc-texcomp" % e.name)
    sys.exit(77)
try:
    import etcpak
except ImportError:
    etcpak = None
try:
    import texture2ddecoder
except ImportError:
    texture2ddecoder = None

W = H = 32


def pictures():
    """Two 32x32 RGBA8 pictures: smooth colour ramps with discs and a noisy
    patch (a mix of what partitions and index precision are for), and one
    with varying alpha."""
    rng = np.random.default_rng(11)
    y, x = np.mgrid[0:H, 0:W].astype(np.float64)
    a = np.zeros((H, W, 4), np.float64)
    a[..., 0] = 255 * x / (W - 1)
    a[..., 1] = 255 * (0.5 + 0.5 * np.sin(y / 3.0))
    a[..., 2] = 255 * ((x + y) % 16) / 15
    a[..., 3] = 255
    for cx, cy, r, col in ((8, 8, 6, (250, 30, 20)), (22, 20, 7, (20, 200, 60)), (16, 28, 4, (10, 10, 240))):
        m = (x - cx) ** 2 + (y - cy) ** 2 < r * r
        a[m, 0:3] = col
    a[0:8, 24:32, 0:3] = rng.integers(0, 256, (8, 8, 3))
    b = a.copy()
    b[..., 3] = 255 * (0.5 + 0.5 * np.cos(x / 4.0) * np.sin(y / 5.0))
    b[16:24, 0:8, 3] = rng.integers(0, 256, (8, 8))
    return [np.clip(np.rint(p), 0, 255).astype(np.uint8) for p in (a, b)]


def hdr_picture():
    """A 32x32 RGBA half-float picture with values from 2^-10 to 3e4."""
    y, x = np.mgrid[0:H, 0:W].astype(np.float64)
    p = np.zeros((H, W, 4), np.float64)
    p[..., 0] = 2.0 ** ((x / (W - 1)) * 24 - 10)
    p[..., 1] = 2.0 ** ((y / (H - 1)) * 12 - 4)
    p[..., 2] = 0.25 + 64 * ((x - 16) ** 2 + (y - 16) ** 2 < 30)
    p[..., 3] = 1.0
    return np.minimum(p, 30000.0).astype(np.float16)


def blocks_of(data):
    return [bytes(data[i:i + 16]) for i in range(0, len(data), 16)]


def bc7_encoded():
    out = []
    for pic in pictures():
        surf = itc.RGBASurface(pic.tobytes(), W, H)
        for prof in ("ultrafast", "basic", "slow", "alpha_fast", "alpha_slow"):
            out += blocks_of(itc.compress_blocks_bc7(surf, itc.BC7EncSettings.from_profile(prof)))
        if etcpak is not None:
            out += blocks_of(etcpak.compress_bc7(pic.tobytes(), W, H, None))
    return out


def bc6_encoded():
    pic = hdr_picture()
    surf = itc.RGBASurface(pic.tobytes(), W, H, W * 8)
    out = []
    for prof in ("veryfast", "basic", "veryslow"):
        out += blocks_of(itc.compress_blocks_bc6h(surf, itc.BC6HEncSettings.from_profile(prof)))
    return out


def random_bc7(rng, n):
    """n random blocks per mode 0..7 and for the reserved mode (byte 0 = 0)."""
    out = []
    for mode in range(9):
        for _ in range(n):
            b = bytearray(rng.getrandbits(8) for _ in range(16))
            if mode == 8:
                b[0] = 0
            else:
                b[0] = (b[0] & (0xff << (mode + 1)) & 0xff) | (1 << mode)
            out.append(bytes(b))
    return out


BC6_MODES = [0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31]


def random_bc6(rng, n):
    out = []
    for mn in BC6_MODES:
        for _ in range(n):
            b = bytearray(rng.getrandbits(8) for _ in range(16))
            if mn < 2:
                b[0] = (b[0] & 0xfc) | mn
            else:
                b[0] = (b[0] & 0xe0) | mn
            out.append(bytes(b))
    return out


def decode(blocks, fmt):
    """Reference texels of each block: decode the blocks as a 4 x 4n image."""
    data = b"".join(blocks)
    n = len(blocks)
    if fmt == "bc7":
        img = imagecodecs.bcn_decode(data, 7, shape=(4, 4 * n, 4))
        ref = []
        for k in range(n):
            t = img[:, 4 * k:4 * k + 4, :]
            ref.append(["%02x%02x%02x%02x" % tuple(int(v) for v in t[i // 4, i % 4]) for i in range(16)])
        if texture2ddecoder is not None:     # second, independent decoder (BGRA)
            bgra = texture2ddecoder.decode_bc7(data, 4 * n, 4)
            img2 = np.frombuffer(bgra, np.uint8).reshape(4, 4 * n, 4)[..., [2, 1, 0, 3]]
            if not np.array_equal(img2, img):
                bad = np.argwhere((img2 != img).any(axis=2))
                print("note: texture2ddecoder and bcdec differ at %d texels (first block %d)"
                      % (len(bad), bad[0][1] // 4), file=sys.stderr)
                sys.exit(1)
        return ref
    sign = -6 if fmt == "bc6s" else 6
    img = imagecodecs.bcn_decode(data, sign, shape=(4, 4 * n, 3))
    bits = img.view(np.uint16)
    ref = []
    for k in range(n):
        t = bits[:, 4 * k:4 * k + 4, :]
        ref.append(["%04x%04x%04x" % tuple(int(v) for v in t[i // 4, i % 4]) for i in range(16)])
    return ref


def main():
    out = sys.argv[1]
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 40
    # --stride K keeps every K-th encoded block (the checked-in sample)
    stride = int(sys.argv[sys.argv.index("--stride") + 1]) if "--stride" in sys.argv else 1
    rng = random.Random(2026)
    sets = [("bc7", bc7_encoded()[::stride]), ("bc7", random_bc7(rng, count)),
            ("bc6u", bc6_encoded()[::stride]), ("bc6u", random_bc6(rng, count)),
            ("bc6s", random_bc6(rng, count))]
    n = 0
    with open(out, "w") as fh:
        fh.write("# generated by tests/extra/bptc_ref.py (bcdec %s)\n" % imagecodecs.bcn_version())
        for fmt, blocks in sets:
            for blk, texels in zip(blocks, decode(blocks, fmt)):
                fh.write("%s %s %s\n" % (fmt, blk.hex(), " ".join(texels)))
                n += 1
    print("%d blocks (etcpak %s, texture2ddecoder %s)" % (n, "yes" if etcpak else "missing",
                                                          "yes" if texture2ddecoder else "missing"))


if __name__ == "__main__":
    main()
