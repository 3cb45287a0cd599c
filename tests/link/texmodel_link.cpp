// texmodel_link.cpp - a C++ program that uses the installed model library
// (texmodel.h, libtexmodel, texcosim.pc) the way another bench would.
//
// It is C++ on purpose: most verification benches that embed a reference
// model are C++ (Verilator and SystemC testbenches), so this checks that the
// public header compiles as C++ (its extern "C" guards) and that the library
// links into a C++ program, statically and as a shared library.  It is the
// project's only C++ file outside tb/core/sim.cpp and lives in tests/ because
// it is a test, not part of the model or the testbench.
//
// The check: a TLDS.LZ of an 8x4 R32G32B32A32 FLOAT pitch-linear texture,
// one texel per lane, must write each lane's texel components (computed
// here from the texture this program wrote): R, G to R4, R5 and B, A to
// R0, R1 (the two-destination form of TLDS, docs/isa.md).
// tests/extra/library.sh builds and runs it; exit status 0 when it passes.
#include <texmodel.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const std::string &what)
{
    if (!ok) {
        std::fprintf(stderr, "FAIL %s\n", what.c_str());
        failures++;
    }
}

struct model_deleter {
    void operator()(texmodel *m) const { texmodel_free(m); }
};

const int W = 8, H = 4, PITCH = 160;
const uint64_t TEX = 0x100000, TIC_BASE = 0x10000;

// The texel component c of (x, y): distinct, exactly representable floats.
float texel(int x, int y, int c) { return 1.0f + x + 16.0f * y + 0.25f * c; }

uint32_t bits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

} // namespace

int main()
{
    std::unique_ptr<texmodel, model_deleter> m(texmodel_new());
    if (!m) {
        std::fprintf(stderr, "FAIL texmodel_new\n");
        return 1;
    }
    std::printf("texmodel %s\n", texmodel_version());

    // The texture: rows PITCH bytes apart, 16 bytes per texel.
    std::vector<unsigned char> img(PITCH * H, 0);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++) {
                uint32_t u = bits(texel(x, y, c));
                std::memcpy(&img[y * PITCH + x * 16 + c * 4], &u, 4);
            }
    check(texmodel_mem_write(m.get(), TEX, img.data(), img.size()) == 0, "mem_write");

    // Header 3: R32G32B32A32, FLOAT x4, swizzle RGBA, PITCH, 2D, address
    // 0x100000, pitch 160, 8x4, unnormalized (words as the TIC lays them
    // out; docs/formats.md and docs/layouts.md give the fields).
    const uint32_t tic[8] = {0x58d7ff81, 0x00100000, 0x00400000, 0x00000005,
                             0x00800007, 0x00000003, 0x00000000, 0x00000000};
    texmodel_set_tic_pool(m.get(), TIC_BASE, 63);
    check(texmodel_write_tic(m.get(), 3, tic) == 0, "write_tic");
    // Bound handle 0x7 (byte 0x1c of the constant bank) names header 3.
    const uint32_t handle = 3;
    check(texmodel_cbank_write(m.get(), 0x1c, &handle, 4) == 0, "cbank_write");

    for (int lane = 0; lane < TEXMODEL_LANES; lane++) {
        texmodel_set_reg(m.get(), lane, 9, (uint32_t)(lane % W));   // x
        texmodel_set_reg(m.get(), lane, 11, (uint32_t)(lane / W));  // y
    }

    uint64_t word = 0;
    uint32_t ctrl = 0;
    char err[200] = "";
    const char *sass = "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;";
    check(texmodel_asm(sass, &word, &ctrl, err, sizeof err) == 0, std::string("asm: ") + err);
    char text[200];
    texmodel_disasm(word, ctrl, text, sizeof text);
    check(std::string(text) == sass, std::string("disasm gave ") + text);
    check(texmodel_asm("TLDS.LZ R0, R4, Q9", &word, &ctrl, err, sizeof err) != 0 && err[0],
          "asm of bad text must fail with a message");
    texmodel_asm(sass, &word, &ctrl, err, sizeof err);

    int st = texmodel_step(m.get(), word, ctrl);
    check(st == TEXMODEL_OK, std::string("status ") + texmodel_status_name(st));

    // Every lane writes R4, R5 (R, G) and R0, R1 (B, A).
    int n = texmodel_nregw(m.get());
    check(n == 4 * TEXMODEL_LANES, "register writes: " + std::to_string(n));
    int seen = 0;
    for (int i = 0; i < n; i++) {
        int lane = -1, reg = -1;
        uint32_t v = 0;
        texmodel_regw(m.get(), i, &lane, &reg, &v);
        int c = reg == 4 ? 0 : reg == 5 ? 1 : reg == 0 ? 2 : reg == 1 ? 3 : -1;
        check(c >= 0, "write to R" + std::to_string(reg));
        if (c < 0)
            continue;
        uint32_t want = bits(texel(lane % W, lane / W, c));
        check(v == want, "lane " + std::to_string(lane) + " R" + std::to_string(reg));
        check(texmodel_reg(m.get(), lane, reg) == want, "state of R" + std::to_string(reg));
        seen |= 1 << c;
    }
    check(seen == 15, "all four components written");
    uint32_t comp[4];
    check(texmodel_tap_filter(m.get(), 5, comp) == 0 && comp[2] == bits(texel(5, 0, 2)) &&
              comp[0] == bits(texel(5, 0, 0)),
          "filter tap of lane 5");

    // Bad arguments are refused, not crashes.
    check(texmodel_regw(m.get(), n, nullptr, nullptr, nullptr) == -1, "regw past the end");
    check(texmodel_set_reg(m.get(), 32, 0, 1) == -1, "lane 32");
    check(texmodel_set(m.get(), 99, 1) == -1, "unknown knob");
    check(texmodel_cbank_write(m.get(), 65535, &handle, 4) == -1, "cbank overrun");

    // A read of an unmapped header page faults.
    texmodel_reset(m.get());
    texmodel_set_tic_pool(m.get(), TIC_BASE, 63);
    texmodel_cbank_write(m.get(), 0x1c, &handle, 4);
    st = texmodel_step(m.get(), word, ctrl);
    check(st == TEXMODEL_FAULT, std::string("after reset: status ") + texmodel_status_name(st));

    if (failures) {
        std::fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    std::printf("ok: TLDS through libtexmodel, %d register writes checked\n", n);
    return 0;
}
