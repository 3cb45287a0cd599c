/*
 * test_d3d.c - the Direct3D `ld` text, its lowering to TLDS (cmodel/d3d.c)
 * and the d3d step form of the vector reader (tb/vector/).
 *
 * 1. Register mapping and the _aoffimmi packing.
 * 2. Parsing: masks, swizzles, offsets, columns.
 * 3. The lowering table: the TLDS text of every form.
 * 4. Every rejection, with its message.
 * 5. Semantics: the lowering run on the model (moves applied around the
 *    TLDS, as the runner does) against an independent reference of the
 *    seed's `ld` rules on small textures: every destination mask with many
 *    resource swizzles, out of bounds, format defaults, offsets that wrap,
 *    unbound resources, lanes off in ctm.
 * 6. The vector reader: a d3d step's text, word and moves; what an earlier
 *    step writes; error messages with file, line, vector id and step.
 * 7. A mutation fuzz of the text.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "d3d.h"
#include "isa.h"
#include "model.h"
#include "state.h"
#include "tic.h"
#include "vector.h"

/* ---------------------------------------------------------------------------
 * An environment with resources t0..t7 and optional known registers.
 */

static tx_d3d_res res[TX_D3D_NRES];
static uint32_t known_val[256][32];
static int known_set[256];

static int env_reg(void *user, int reg, uint32_t val[32])
{
    (void)user;
    if (!known_set[reg])
        return 0;
    memcpy(val, known_val[reg], sizeof known_val[reg]);
    return 1;
}

static void env_init(tx_d3d_env *e)
{
    static const uint8_t dims[8] = {
        TX_D3D_TEXTURE2D, TX_D3D_TEXTURE1D, TX_D3D_BUFFER, TX_D3D_TEXTURE3D,
        TX_D3D_TEXTURE2DARRAY, TX_D3D_TEXTURE2DMS, TX_D3D_TEXTURE1DARRAY, TX_D3D_TEXTURECUBE};
    memset(res, 0, sizeof res);
    for (int t = 0; t < 8; t++) {
        res[t].declared = 1;
        res[t].dim = dims[t];
        res[t].slot = (uint16_t)(0x20 + t);
        res[t].bound = 1;
    }
    res[10] = (tx_d3d_res){1, TX_D3D_TEXTURE2DMSARRAY, 1, 0x2a};
    res[11] = (tx_d3d_res){1, TX_D3D_TEXTURECUBEARRAY, 1, 0x2b};
    memset(known_set, 0, sizeof known_set);
    memset(known_val, 0, sizeof known_val);
    /* Every register of r0..r3 is known to be 0 unless a test says
     * otherwise; r4 is unknown. */
    for (int r = 0; r < 16; r++)
        known_set[r] = 1;
    e->res = res;
    e->pixel = 1;
    e->ctm = 0xffffffffu;
    e->reg_value = env_reg;
    e->user = NULL;
}

/* ---------------------------------------------------------------------------
 * 1, 2: mapping, packing, parsing.
 */

static void test_mapping(void)
{
    CHECK_EQ_U64(tx_d3d_reg('r', 0, 0), 0, "r0.x");
    CHECK_EQ_U64(tx_d3d_reg('r', 1, 2), 6, "r1.z");
    CHECK_EQ_U64(tx_d3d_reg('r', 47, 3), 191, "r47.w");
    CHECK_EQ_U64(tx_d3d_reg('v', 0, 0), 192, "v0.x");
    CHECK_EQ_U64(tx_d3d_reg('v', 11, 3), 239, "v11.w");
    CHECK(tx_d3d_reg('r', 48, 0) < 0, "r48 is not mapped");
    CHECK(tx_d3d_reg('v', 12, 0) < 0, "v12 is not mapped");
    CHECK(tx_d3d_reg('o', 0, 0) < 0, "o0 is not mapped");
    CHECK(TX_D3D_V_BASE + 4 * TX_D3D_NINPUTS <= TX_D3D_SCRATCH_FIRST,
          "v registers stay below the scratch registers");
    CHECK_EQ_U64(tx_d3d_aoffi_pack(1, 2, 3), 0x321, "aoffi(1,2,3)");
    CHECK_EQ_U64(tx_d3d_aoffi_pack(-1, -8, 7), 0x78f, "aoffi(-1,-8,7)");
    CHECK_EQ_U64(tx_d3d_aoffi_pack(0, 0, -1), 0xf00, "aoffi(0,0,-1)");
    CHECK_STR(tx_d3d_dim_name(tx_d3d_dim_from_name("texture2darray")), "texture2darray",
              "dim names round-trip");
    CHECK(tx_d3d_dim_from_name("Texture2D") < 0, "dim names are exact");
}

static void test_parse(void)
{
    tx_d3d_ld ld;
    tx_d3d_err e;

    CHECK(tx_d3d_parse("ld r1.xyzw, r0.xyzw, t0.xyzw", &ld, &e) == 0, "plain: %s", e.msg);
    CHECK(ld.dest == 1 && ld.mask == 0xf && ld.addr_file == 'r' && ld.addr == 0 && ld.res == 0,
          "plain operands");
    CHECK(!ld.aoffi, "no offsets");

    CHECK(tx_d3d_parse("  LD_AOFFIMMI( -8 , 7,0 )\tr2.yw ,v3.wzyx,t5.x // note", &ld, &e) == 0,
          "offsets, case, spacing, comment: %s", e.msg);
    CHECK(ld.aoffi && ld.off[0] == -8 && ld.off[1] == 7 && ld.off[2] == 0, "offsets");
    CHECK(ld.mask == 0xa, "mask .yw");
    CHECK(ld.addr_file == 'v' && ld.addr == 3, "v3");
    CHECK(ld.addr_swz[0] == 3 && ld.addr_swz[1] == 2 && ld.addr_swz[2] == 1 &&
          ld.addr_swz[3] == 0, "address swizzle wzyx");
    CHECK(ld.res == 5 && ld.res_swz[0] == 0 && ld.res_swz[3] == 0, "t5.x replicates");

    CHECK(tx_d3d_parse("ld r0.rb, r1.abgr, t2.gggg", &ld, &e) == 0, "rgba letters: %s", e.msg);
    CHECK(ld.mask == 0x5 && ld.addr_swz[0] == 3 && ld.res_swz[2] == 1, "rgba letters");
    CHECK(tx_d3d_parse("ld r0, r1, t127", &ld, &e) == 0 && ld.res == 127, "t127");
}

/* ---------------------------------------------------------------------------
 * 3: the lowering table.
 */

static void lower_is(const char *text, const tx_d3d_env *env, const char *sass, int target)
{
    tx_d3d_lowered lw;
    tx_d3d_err e;
    int rc = tx_d3d_compile(text, env, &lw, &e);
    CHECK(rc == 0, "%s: refused: %s", text, e.msg);
    if (rc)
        return;
    CHECK(strcmp(lw.sass, sass) == 0, "%s: lowered to '%s', want '%s'", text, lw.sass, sass);
    CHECK_EQ_U64(lw.target, target, text);
    /* The word is what the text assembles to, and its canonical text is the
     * same text. */
    char dis[128];
    tx_disasm(lw.word, lw.ctrl, dis, sizeof dis);
    CHECK(strcmp(dis, sass) == 0, "%s: disassembles to '%s'", text, dis);
    tx_insn d;
    tx_decode(lw.word, lw.ctrl, &d);
    CHECK(!d.illegal, "%s: the TLDS is legal (%s)", text, d.why ? d.why : "");
}

static void test_table(void)
{
    tx_d3d_env env;
    env_init(&env);
    /* r0, r1, r2, r3 known 0; r4 (R16..R19) unknown. */
    lower_is("ld r5, r4, t0", &env, "TLDS.LL R246, R244, R240, R242, 0x20, 2D, RGBA;",
             TX_TLDS_2D_LL);
    lower_is("ld r5, r0, t0", &env, "TLDS.LZ R246, R244, R240, R242, 0x20, 2D, RGBA;",
             TX_TLDS_2D_LZ);
    lower_is("ld_aoffimmi(1,-1,0) r5, r0, t0", &env,
             "TLDS.LZ.AOFFI R246, R244, R240, R242, 0x20, 2D, RGBA;", TX_TLDS_2D_LZ_AOFFI);
    lower_is("ld_aoffimmi(1,-1,0) r5, r4, t0", &env,
             "TLDS.LL.AOFFI R246, R244, R240, R242, 0x20, 2D, RGBA;", TX_TLDS_2D_LL_AOFFI);
    lower_is("ld r5, r4, t1", &env, "TLDS.LL R246, R244, R240, R242, 0x21, 1D, RGBA;",
             TX_TLDS_1D_LL);
    lower_is("ld r5, r0, t1", &env, "TLDS.LZ R246, R244, R240, 0x21, 1D, RGBA;", TX_TLDS_1D_LZ);
    lower_is("ld_aoffimmi(0,5,-3) r5.x, r0, t1", &env, "TLDS.LZ RZ, R244, R240, 0x21, 1D, R;",
             TX_TLDS_1D_LZ);
    lower_is("ld r5, r4, t2", &env, "TLDS.LZ R246, R244, R240, 0x22, 1D, RGBA;", TX_TLDS_1D_LZ);
    lower_is("ld r5, r0, t3", &env, "TLDS.LZ R246, R244, R240, R242, 0x23, 3D, RGBA;",
             TX_TLDS_3D_LZ);
    lower_is("ld_aoffimmi(0,0,0) r5.y, r0, t3", &env, "TLDS.LZ RZ, R244, R240, R242, 0x23, 3D, G;",
             TX_TLDS_3D_LZ);
    lower_is("ld r5, r0, t4", &env, "TLDS.LZ R246, R244, R240, R242, 0x24, ARRAY_2D, RGBA;",
             TX_TLDS_A2D_LZ);
    lower_is("ld_aoffimmi(0,0,-4) r5, r0, t4", &env,
             "TLDS.LZ R246, R244, R240, R242, 0x24, ARRAY_2D, RGBA;", TX_TLDS_A2D_LZ);
    lower_is("ld r5, r4, t5", &env, "TLDS.LZ.MS R246, R244, R240, R242, 0x25, 2D, RGBA;",
             TX_TLDS_2D_LZ_MS);

    /* Write masks: the smallest that covers what dest needs. */
    lower_is("ld r5.z, r0, t0", &env, "TLDS.LZ RZ, R244, R240, R242, 0x20, 2D, B;", TX_TLDS_2D_LZ);
    lower_is("ld r5.x, r0, t0.w", &env, "TLDS.LZ RZ, R244, R240, R242, 0x20, 2D, A;", TX_TLDS_2D_LZ);
    lower_is("ld r5.xy, r0, t0.wyxx", &env, "TLDS.LZ RZ, R244, R240, R242, 0x20, 2D, GA;",
             TX_TLDS_2D_LZ);
    lower_is("ld r5.xz, r0, t0", &env, "TLDS.LZ R246, R244, R240, R242, 0x20, 2D, RGB;",
             TX_TLDS_2D_LZ);
    lower_is("ld r5.yz, r0, t0", &env, "TLDS.LZ R246, R244, R240, R242, 0x20, 2D, RGB;",
             TX_TLDS_2D_LZ);
    lower_is("ld r5.xyw, r0, t0.yzxw", &env, "TLDS.LZ R246, R244, R240, R242, 0x20, 2D, GBA;",
             TX_TLDS_2D_LZ);
    lower_is("ld r5, r0, t0.zzzz", &env, "TLDS.LZ RZ, R244, R240, R242, 0x20, 2D, B;",
             TX_TLDS_2D_LZ);

    /* The moves of one form, in full: 2D.LL.AOFFI with swizzles. */
    {
        tx_d3d_lowered lw;
        tx_d3d_err e;
        int rc = tx_d3d_compile("ld_aoffimmi(-1,2,3) r6.yw, v2.yxwz, t0.wzyx", &env, &lw, &e);
        CHECK(rc == 0, "aoffi ll moves: %s", e.msg);
        /* v2 = R200..R203; swizzle yxwz: x<-R201, y<-R200, z<-R203, w(mip)<-R202. */
        CHECK(lw.npre == 4, "4 pre-moves, got %d", lw.npre);
        CHECK(lw.pre[0].dst == 240 && lw.pre[0].src == 201 && !lw.pre[0].from_imm, "Ra = x");
        CHECK(lw.pre[1].dst == 241 && lw.pre[1].src == 200, "Ra+1 = y");
        CHECK(lw.pre[2].dst == 242 && lw.pre[2].src == 202, "Rb = mip");
        CHECK(lw.pre[3].dst == 243 && lw.pre[3].from_imm && lw.pre[3].imm == 0x32f,
              "Rb+1 = packed offsets 0x32f, got 0x%x", lw.pre[3].imm);
        /* dest .y <- returned z (B), .w <- returned x (R): mask RB -> RGB,
         * R in R244, B in R246. */
        CHECK(strstr(lw.sass, ", RGB;") != NULL, "mask RGB: %s", lw.sass);
        CHECK(lw.npost == 2, "2 post-moves");
        CHECK(lw.post[0].dst == 25 && lw.post[0].src == 246, "r6.y <- B (R246)");
        CHECK(lw.post[1].dst == 27 && lw.post[1].src == 244, "r6.w <- R (R244)");
    }
    /* Array form: Ra = array index, Rb, Rb+1 = x, y. */
    {
        tx_d3d_lowered lw;
        tx_d3d_err e;
        int rc = tx_d3d_compile("ld r6, r1.zyxw, t4", &env, &lw, &e);
        CHECK(rc == 0, "array moves: %s", e.msg);
        CHECK(lw.npre == 3 && lw.pre[0].dst == 240 && lw.pre[0].src == 4 &&
              lw.pre[1].dst == 242 && lw.pre[1].src == 6 && lw.pre[2].dst == 243 &&
              lw.pre[2].src == 5, "array: Ra = .b (R4), Rb = .r (R6), Rb+1 = .g (R5)");
    }
    /* Lanes off in ctm: the result slots are seeded with the old dest. */
    {
        tx_d3d_lowered lw;
        tx_d3d_err e;
        env.ctm = 0x0000ffffu;
        int rc = tx_d3d_compile("ld r6.xz, r0, t0.yxwz", &env, &lw, &e);
        CHECK(rc == 0, "partial ctm: %s", e.msg);
        /* GA: G in R244, A in R245; seeds R244 <- r6.x (R24), R245 <- r6.z (R26). */
        CHECK(lw.npre == 4 && lw.pre[2].dst == 244 && lw.pre[2].src == 24 &&
              lw.pre[3].dst == 245 && lw.pre[3].src == 26, "seeds");
        env.ctm = 0xffffffffu;
    }
}

/* A lowering to TLD: its text, and the number of pre-moves (operands, and
 * the array index saturated to 16 bits, docs/d3d-ld.md 4.3). */
static void tld_is(const char *text, const tx_d3d_env *env, const char *sass, int npre)
{
    tx_d3d_lowered lw;
    tx_d3d_err e;
    int rc = tx_d3d_compile(text, env, &lw, &e);
    CHECK(rc == 0, "%s: refused: %s", text, e.msg);
    if (rc)
        return;
    CHECK(lw.op == TX_OP_TLD, "%s: lowered to op %d, want TLD", text, lw.op);
    CHECK(strcmp(lw.sass, sass) == 0, "%s: lowered to '%s', want '%s'", text, lw.sass, sass);
    CHECK(lw.npre == npre, "%s: %d pre-moves, want %d", text, lw.npre, npre);
    char dis[128];
    tx_disasm(lw.word, lw.ctrl, dis, sizeof dis);
    CHECK(strcmp(dis, sass) == 0, "%s: disassembles to '%s'", text, dis);
    tx_insn d;
    tx_decode(lw.word, lw.ctrl, &d);
    CHECK(!d.illegal, "%s: the TLD is legal (%s)", text, d.why ? d.why : "");
    /* An array dim reads its index through a 16-bit saturating move. */
    if (d.u.tld.dim & 1)
        CHECK(lw.pre[0].dst == TX_D3D_RA && lw.pre[0].sat16, "%s: saturated index", text);
}

/* ---------------------------------------------------------------------------
 * 4: rejections.
 */

static void refused(const char *text, const tx_d3d_env *env, const char *want, int col)
{
    tx_d3d_lowered lw;
    tx_d3d_err e;
    int rc = tx_d3d_compile(text, env, &lw, &e);
    CHECK(rc != 0, "%s: accepted (%s), want refused", text, lw.sass);
    if (!rc)
        return;
    CHECK(strstr(e.msg, want) != NULL, "%s: message '%s' lacks '%s'", text, e.msg, want);
    if (col)
        CHECK(e.col == col, "%s: column %d, want %d", text, e.col, col);
}

static void test_refusals(void)
{
    tx_d3d_env env;
    env_init(&env);

    /* Syntax. */
    refused("sample r0, r1, t0, s0", &env, "unknown instruction 'sample': only ld is supported", 1);
    refused("ld_sat r0, r1, t0", &env, "unknown instruction 'ld_sat'", 1);
    refused("ld2dms r0, r1, t0, r2.x", &env, "ld2dms is not supported", 1);
    refused("ld_indexable(texture2d)(float,float,float,float) r0, r1, t0", &env,
            "ld_indexable (shader model 5) is not supported", 1);
    refused("ld_aoffimmi(1,2) r0, r1, t0", &env, "_aoffimmi: expected ','", 16);
    refused("ld_aoffimmi(8,0,0) r0, r1, t0", &env, "offset 8 out of range", 13);
    refused("ld_aoffimmi(0,-9,0) r0, r1, t0", &env, "offset -9 out of range", 15);
    refused("ld r0 r1, t0", &env, "expected ',' after dest", 7);
    refused("ld r0, r1, t0 extra", &env, "unexpected text after srcResource", 15);
    refused("ld r0, r1", &env, "expected ',' after srcAddress", 10);
    refused("ld", &env, "expected a space before dest", 3);
    refused("ld v0, r1, t0", &env, "input registers (v#) are read-only", 4);
    refused("ld o0, r1, t0", &env, "output registers (o#) are not mapped", 4);
    refused("ld x0[1], r1, t0", &env, "indexable temporaries (x#) are not supported", 4);
    refused("ld r48, r1, t0", &env, "r48 is outside r0..r47", 4);
    refused("ld r0.yx, r1, t0", &env, "must name components in x, y, z, w order", 7);
    refused("ld r0.xx, r1, t0", &env, "must name components in x, y, z, w order", 7);
    refused("ld r0.xg, r1, t0", &env, "mixes xyzw and rgba", 7);
    refused("ld r0.q, r1, t0", &env, "bad mask", 7);
    refused("ld r0, cb0[1], t0", &env, "a constant-buffer operand (cb#) cannot be lowered", 8);
    refused("ld r0, l(1,2,3,0), t0", &env, "an immediate value cannot be lowered", 8);
    refused("ld r0, -r1, t0", &env, "operand modifiers", 8);
    refused("ld r0, |r1|, t0", &env, "operand modifiers", 8);
    refused("ld r0, r[r1.x], t0", &env, "relative addressing", 9);
    refused("ld r0, r1[r2.x], t0", &env, "relative addressing", 10);
    refused("ld r0, v12, t0", &env, "v12 is outside v0..v11", 8);
    refused("ld r0, t1, t0", &env, "expected a register r# or v#, got a resource", 8);
    refused("ld r0, r1.xy, t0", &env, "a source swizzle has 1 or 4 components", 11);
    refused("ld r0, r1, t0.xyz", &env, "a source swizzle has 1 or 4 components", 15);
    refused("ld r0, r1, cb0", &env, "a constant buffer cannot be bound to a t# register", 12);
    refused("ld r0, r1, t[r2.x]", &env, "relative addressing", 13);
    refused("ld r0, r1, t0[r2.x]", &env, "relative addressing", 14);
    refused("ld r0, r1, r2", &env, "srcResource: must be a t# register", 12);
    refused("ld r0, r1, t128", &env, "t128 is outside t0..t127", 12);

    /* Resources. */
    refused("ld r0, r1, t9", &env, "t9 is not declared", 12);
    refused("ld r0, r1, t7", &env, "ld cannot read a TextureCube", 12);
    refused("ld r0, r1, t11", &env, "ld cannot read a TextureCube", 12);
    env.pixel = 0;
    refused("ld r0, r1, t5", &env, "only in pixel shaders", 12);
    refused("ld r0, r1, t10", &env, "only in pixel shaders", 12);
    env.pixel = 1;

    /* Offsets. */
    refused("ld_aoffimmi(0,0,0) r0, r1, t2", &env, "_aoffimmi is not defined for buffers", 1);

    /* The forms TLDS lacks lower to TLD (docs/d3d-ld.md 4.3): the 1D and
     * multisample arrays, offsets TLDS has no form for, and levels or
     * array indices not known when the vector is read. */
    tld_is("ld r0, r1, t6", &env, "TLD.LZ R244, R240, 0x26, ARRAY_1D, 0xf;", 2);
    tld_is("ld r0, r4, t6", &env, "TLD.LL R244, R240, R242, 0x26, ARRAY_1D, 0xf;", 3);
    tld_is("ld r0, r1, t10", &env, "TLD.LZ.MS R244, R240, R243, 0x2a, ARRAY_2D, 0xf;", 4);
    tld_is("ld_aoffimmi(0,0,0) r0, r1, t5", &env, "TLD.LZ.MS R244, R240, R242, 0x25, 2D, 0xf;",
           3);
    tld_is("ld_aoffimmi(1,0,0) r0, r1, t1", &env, "TLD.LZ.AOFFI R244, R240, R242, 0x21, 1D, 0xf;",
           2);
    tld_is("ld_aoffimmi(0,1,0) r0.y, r1, t4", &env,
           "TLD.LZ.AOFFI R244, R240, R243, 0x24, ARRAY_2D, 0x2;", 4);
    tld_is("ld_aoffimmi(0,0,1) r0, r1, t3", &env, "TLD.LZ.AOFFI R244, R240, R243, 0x23, 3D, 0xf;",
           4);
    tld_is("ld r0, r4, t3", &env, "TLD.LL R244, R240, R243, 0x23, 3D, 0xf;", 4);
    tld_is("ld_aoffimmi(-1,2,3) r0, r4, t3", &env,
           "TLD.LL.AOFFI R244, R240, R248, 0x23, 3D, 0xf;", 5);
    tld_is("ld r0.xz, r4, t4.xzyw", &env, "TLD.LL R244, R240, R243, 0x24, ARRAY_2D, 0x3;", 4);
    known_val[3][17] = 2;    /* r0.w lane 17 */
    tld_is("ld r0, r0, t3", &env, "TLD.LL R244, R240, R243, 0x23, 3D, 0xf;", 4);
    tld_is("ld r0, r0, t4", &env, "TLD.LL R244, R240, R243, 0x24, ARRAY_2D, 0xf;", 4);
    env.ctm = ~(1u << 17);
    lower_is("ld r1, r0, t3", &env, "TLDS.LZ R246, R244, R240, R242, 0x23, 3D, RGBA;",
             TX_TLDS_3D_LZ);
    env.ctm = 0xffffffffu;
    known_val[3][17] = 0;
    known_val[2][5] = 0x10000;   /* r0.z lane 5: array index */
    tld_is("ld r1, r0, t4", &env, "TLD.LZ R244, R240, 0x24, ARRAY_2D, 0xf;", 3);
    known_val[2][5] = 0xffff;
    lower_is("ld r1, r0, t4", &env, "TLDS.LZ R246, R244, R240, R242, 0x24, ARRAY_2D, RGBA;",
             TX_TLDS_A2D_LZ);

    /* Two dest components from one returned component with lanes off: the
     * same TLDS; the second component's move writes the lanes of ctm only. */
    env.ctm = 0x1u;
    lower_is("ld r1.xy, r0, t0.xxzw", &env, "TLDS.LZ RZ, R244, R240, R242, 0x20, 2D, R;",
             TX_TLDS_2D_LZ);
    {
        tx_d3d_lowered lw;
        tx_d3d_err e;
        CHECK(tx_d3d_compile("ld r1.xyw, r0, t0.xxzx", &env, &lw, &e) == 0 && lw.npost == 3 &&
              lw.post[0].lanes == 0xffffffffu && lw.post[1].lanes == 0x1u &&
              lw.post[2].lanes == 0x1u && lw.post[0].src == lw.post[1].src &&
              lw.post[0].src == lw.post[2].src, "duplicate destinations: ctm-only moves");
    }
    env.ctm = 0xffffffffu;
    lower_is("ld r1.xy, r0, t0.xxzw", &env, "TLDS.LZ RZ, R244, R240, R242, 0x20, 2D, R;",
             TX_TLDS_2D_LZ);
}

/* ---------------------------------------------------------------------------
 * 5: semantics on the model.
 */

#define TIC_BASE 0x10000u
#define TEX_A 0x100000u      /* 4x4 R32G32B32A32 UINT, pitch 64 */
#define TEX_B 0x101000u      /* 4x4 R8 UNORM, pitch 32 */

/* Reference texel of texture A: four distinct words. */
static uint32_t texel_a(uint32_t x, uint32_t y, int c)
{
    return 0x1000u + (x << 8) + (y << 4) + (uint32_t)c;
}

static void put_header(tx_state *s, int index, uint8_t fmt, uint8_t dtype, uint64_t addr,
                       uint32_t pitch, int w, int h)
{
    tx_tic t;
    uint32_t wd[8];
    memset(&t, 0, sizeof t);
    t.components = fmt;
    for (int c = 0; c < 4; c++)
        t.dtype[c] = dtype;
    t.swz[0] = TX_SWZ_R, t.swz[1] = TX_SWZ_G, t.swz[2] = TX_SWZ_B, t.swz[3] = TX_SWZ_A;
    t.version = TX_TIC_PITCH;
    t.address = addr;
    t.pitch = pitch;
    t.texture_type = TX_TEX_2D;
    t.width_minus_one = (uint32_t)(w - 1);
    t.height_minus_one = (uint16_t)(h - 1);
    tx_tic_pack(&t, wd);
    tx_mem_write(s->mem, s->tic_base + 32u * (uint64_t)index, wd, sizeof wd);
}

static void put_handle(tx_state *s, unsigned slot, uint32_t handle)
{
    memcpy(&s->cbank[slot * 4], &handle, 4);
}

static tx_state *sem_state(void)
{
    tx_state *s = tx_state_new();
    s->tic_base = TIC_BASE;
    s->tic_max = 7;
    put_header(s, 1, TX_FMT_R32G32B32A32, TX_DT_UINT, TEX_A, 64, 4, 4);
    put_header(s, 2, TX_FMT_R8, TX_DT_UNORM, TEX_B, 32, 4, 4);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++) {
            uint32_t w[4];
            uint8_t b = (uint8_t)(0x40 + x + 4 * y);
            for (int c = 0; c < 4; c++)
                w[c] = texel_a(x, y, c);
            tx_mem_write(s->mem, TEX_A + y * 64 + x * 16, w, sizeof w);
            tx_mem_write(s->mem, TEX_B + y * 32 + x, &b, 1);
        }
    put_handle(s, 0x20, 1);
    put_handle(s, 0x21, 2);
    put_handle(s, 0x22, 9);   /* above tic_max: unbound */
    return s;
}

static void apply(tx_state *s, const tx_d3d_move *mv, int n)
{
    for (int i = 0; i < n; i++)
        for (int l = 0; l < TX_LANES; l++)
            if (mv[i].lanes >> l & 1)
                s->r[l][mv[i].dst] = mv[i].from_imm ? mv[i].imm
                                 : mv[i].sat16 && tx_reg(s, l, mv[i].src) > 0xffffu ? 0xffffu
                                 : tx_reg(s, l, mv[i].src);
}

/* Run text on s as the runner does.  Returns the TLDS status. */
static int run_ld(tx_state *s, const tx_d3d_env *env, const char *text, tx_effects *fx)
{
    tx_d3d_lowered lw;
    tx_d3d_err e;
    if (tx_d3d_compile(text, env, &lw, &e) != 0) {
        CHECK(0, "%s: refused: %s", text, e.msg);
        return -1;
    }
    apply(s, lw.pre, lw.npre);
    int st = tx_step(s, lw.word, lw.ctrl, fx);
    apply(s, lw.post, lw.npost);
    return st;
}

/* Reference `ld` on texture A (seed rules): out of bounds gives 0 in all
 * four components (all present); the resource swizzle, then the mask. */
static void ref_ld_a(uint32_t x, uint32_t y, const uint8_t swz[4], unsigned mask,
                     const uint32_t old[4], uint32_t out[4])
{
    uint32_t ret[4];
    int oob = x >= 4 || y >= 4;
    for (int c = 0; c < 4; c++)
        ret[c] = oob ? 0 : texel_a(x, y, c);
    for (int c = 0; c < 4; c++)
        out[c] = (mask >> c & 1) ? ret[swz[c]] : old[c];
}

static void test_semantics(void)
{
    tx_d3d_env env;
    tx_effects *fx = malloc(sizeof *fx);
    static const char *const cn = "xyzw";
    int bad = 0;

    env_init(&env);
    env.reg_value = NULL;   /* nothing known: 2D.LL everywhere */
    res[0] = (tx_d3d_res){1, TX_D3D_TEXTURE2D, 1, 0x20};
    res[1] = (tx_d3d_res){1, TX_D3D_TEXTURE2D, 1, 0x21};
    res[2] = (tx_d3d_res){1, TX_D3D_TEXTURE2D, 0, 0x22};

    /* Every destination mask with 64 resource swizzles (all of the form
     * abca' over a spread), lanes covering in and out of bounds, the level
     * 0 or past the last. */
    for (unsigned mask = 1; mask < 16; mask++)
        for (unsigned sw = 0; sw < 256; sw += 3) {
            uint8_t swz[4] = {(uint8_t)(sw & 3), (uint8_t)(sw >> 2 & 3), (uint8_t)(sw >> 4 & 3),
                              (uint8_t)(sw >> 6 & 3)};
            char text[64], m[5] = "", z[5];
            int k = 0;
            for (int c = 0; c < 4; c++) {
                if (mask >> c & 1)
                    m[k++] = cn[c];
                z[c] = cn[swz[c]];
            }
            m[k] = z[4] = '\0';
            snprintf(text, sizeof text, "ld r3.%s, r1.yxzw, t0.%s", m, z);
            tx_state *s = sem_state();
            for (int l = 0; l < 32; l++) {
                s->r[l][5] = (uint32_t)(l % 6);            /* r1.y = x */
                s->r[l][4] = (uint32_t)((l / 6) % 5);      /* r1.x = y */
                s->r[l][7] = l == 31 ? 1u : 0u;            /* r1.w = mip (1: out) */
                for (int c = 0; c < 4; c++)
                    s->r[l][12 + c] = 0xee000000u + (uint32_t)(l * 4 + c);
            }
            tx_state *before = malloc(sizeof *before);
            memcpy(before, s, sizeof *before);
            int st = run_ld(s, &env, text, fx);
            CHECK(st == TX_ST_OK, "%s: status %d", text, st);
            for (int l = 0; l < 32; l++) {
                uint32_t want[4];
                uint32_t x = before->r[l][5], y = before->r[l][4];
                if (l == 31)
                    x = 99;   /* level out of bounds: zeros */
                ref_ld_a(x, y, swz, mask, &before->r[l][12], want);
                for (int c = 0; c < 4; c++)
                    if (s->r[l][12 + c] != want[c] && bad++ < 10)
                        CHECK(0, "%s lane %d: r3.%c = 0x%08x, want 0x%08x", text, l, cn[c],
                              s->r[l][12 + c], want[c]);
                /* No other D3D register changed. */
                for (int r = 0; r < TX_D3D_SCRATCH_FIRST; r++)
                    if ((r < 12 || r > 15) && s->r[l][r] != before->r[l][r] && bad++ < 10)
                        CHECK(0, "%s: R%d changed in lane %d", text, r, l);
            }
            free(before);
            tx_state_free(s);
        }
    CHECK(bad == 0, "swizzle/mask semantics: %d differences", bad);

    /* Format defaults: R8 UNORM in bounds (r, 0, 0, 1.0), out of bounds
     * (0, 0, 0, 1.0). */
    {
        tx_state *s = sem_state();
        for (int l = 0; l < 32; l++) {
            s->r[l][0] = (uint32_t)(l % 5);   /* x: 4 is out */
            s->r[l][1] = 1;
        }
        run_ld(s, &env, "ld r1, r0, t1", fx);
        for (int l = 0; l < 32; l++) {
            uint32_t x = (uint32_t)(l % 5);
            uint32_t r = x < 4 ? f32_bits((float)(0x40 + x + 4) / 255.0f) : 0;
            CHECK(s->r[l][4] == r && s->r[l][5] == 0 && s->r[l][6] == 0 &&
                  s->r[l][7] == 0x3f800000u,
                  "R8 lane %d: (0x%x, 0x%x, 0x%x, 0x%x)", l, s->r[l][4], s->r[l][5],
                  s->r[l][6], s->r[l][7]);
        }
        tx_state_free(s);
    }

    /* Unbound: zeros in every component, A included. */
    {
        tx_state *s = sem_state();
        for (int l = 0; l < 32; l++)
            for (int c = 0; c < 4; c++)
                s->r[l][4 + c] = 0x77777777u;
        run_ld(s, &env, "ld r1, r0, t2", fx);
        int ok = 1;
        for (int l = 0; l < 32; l++)
            for (int c = 0; c < 4; c++)
                ok &= s->r[l][4 + c] == 0;
        CHECK(ok, "unbound t#: zeros in every component");
        tx_state_free(s);
    }

    /* Offsets: added to the coordinates; below zero wraps out of bounds. */
    {
        tx_state *s = sem_state();
        for (int l = 0; l < 32; l++) {
            s->r[l][0] = (uint32_t)(l % 4);
            s->r[l][1] = (uint32_t)(l / 8);
            s->r[l][3] = 0;
        }
        run_ld(s, &env, "ld_aoffimmi(-1,2,5) r1.x, r0, t0.y", fx);
        for (int l = 0; l < 32; l++) {
            uint32_t x = (uint32_t)(l % 4) - 1u, y = (uint32_t)(l / 8) + 2u;
            uint32_t want = (x < 4 && y < 4) ? texel_a(x, y, 1) : 0;
            CHECK(s->r[l][4] == want, "aoffi lane %d: 0x%x, want 0x%x", l, s->r[l][4], want);
        }
        tx_state_free(s);
    }

    /* Lanes off in ctm keep their destination, even with a swizzle that
     * moves components around. */
    {
        tx_state *s = sem_state();
        env.ctm = 0xf0f0a5a5u;
        s->ctm = env.ctm;
        for (int l = 0; l < 32; l++) {
            s->r[l][0] = 1, s->r[l][1] = 2, s->r[l][3] = 0;
            for (int c = 0; c < 4; c++)
                s->r[l][8 + c] = 0xabc00000u + (uint32_t)(l * 4 + c);
        }
        run_ld(s, &env, "ld r2.xzw, r0, t0.wxyz", fx);
        for (int l = 0; l < 32; l++) {
            int on = env.ctm >> l & 1;
            uint32_t want[4];
            for (int c = 0; c < 4; c++)
                want[c] = 0xabc00000u + (uint32_t)(l * 4 + c);
            if (on)
                want[0] = texel_a(1, 2, 3), want[2] = texel_a(1, 2, 1), want[3] = texel_a(1, 2, 2);
            for (int c = 0; c < 4; c++)
                CHECK(s->r[l][8 + c] == want[c], "ctm lane %d r2.%c: 0x%x, want 0x%x", l, cn[c],
                      s->r[l][8 + c], want[c]);
        }
        /* One returned component to three destination components (.y to
         * x, y and w; .z to z), lanes off: each keeps its own old value. */
        for (int l = 0; l < 32; l++)
            for (int c = 0; c < 4; c++)
                s->r[l][8 + c] = 0xdef00000u + (uint32_t)(l * 4 + c);
        run_ld(s, &env, "ld r2, r0, t0.yyzy", fx);
        for (int l = 0; l < 32; l++) {
            int on = env.ctm >> l & 1;
            for (int c = 0; c < 4; c++) {
                uint32_t want = on ? texel_a(1, 2, c == 2 ? 2 : 1)
                                   : 0xdef00000u + (uint32_t)(l * 4 + c);
                CHECK(s->r[l][8 + c] == want, "ctm dup lane %d r2.%c: 0x%x, want 0x%x", l, cn[c],
                      s->r[l][8 + c], want);
            }
        }
        env.ctm = 0xffffffffu;
        tx_state_free(s);
    }
    free(fx);
}

/* ---------------------------------------------------------------------------
 * 6: the vector reader.
 */

static char dir[256];

static const char *put(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        exit(2);
    }
    for (const char *p = text; *p; p++)
        fputc(*p == '\'' ? '"' : *p, f);
    fclose(f);
    return path;
}

#define HEAD "{'texcosim': 1, 'tic': {'base': '0x10000', 'max': 15}, 'cbank': {'0x80': 3, '0x84': 99}, "

static void test_reader(void)
{
    vec_error err;
    const tx_vector *v;
    vec_reader *r;
    const char *p;

    snprintf(dir, sizeof dir, "/tmp/texcosim-test-d3d-%ld", (long)getpid());
    mkdir(dir, 0700);

    p = put("ok.jsonl",
            HEAD "'id': 'a', 'regs': {'R4': 1, 'R7': 0}, "
                 "'d3d': {'t0': {'dim': 'texture2d', 'slot': 32}, "
                 "'t1': {'dim': 'texture2d', 'slot': 33, 'bound': false}}, "
                 "'steps': [{'d3d': 'ld r2.yw, r1, t0.wzyx'}, {'sass': 'TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, RG'}, "
                 "{'d3d': 'ld r3, r1, t1'}, {'d3d': 'ld r3, r2.xxxy, t0', 'expect': {'status': 'ok'}}]}\n");
    r = vec_open(p, &err);
    CHECK(r != NULL, "open: %s", err.text);
    if (r) {
        int rc = vec_next(r, &v, &err);
        CHECK(rc == 1, "read: %s", err.text);
        if (rc == 1) {
            const vec_step *s0 = &v->steps[0];
            CHECK_STR(s0->text, "ld r2.yw, r1, t0.wzyx", "d3d text kept");
            char dis[128];
            tx_disasm(s0->word, s0->ctrl, dis, sizeof dis);
            /* r1.w = R7 = 0 known: 2D.LZ; dest .y <- B, .w <- R: RGB. */
            CHECK_STR(dis, "TLDS.LZ R246, R244, R240, R242, 0x20, 2D, RGB;", "step 0 lowering");
            CHECK(s0->npre == 2 && s0->pre[0].dst == 240 && s0->pre[0].src == 4 &&
                  s0->pre[1].dst == 242 && s0->pre[1].src == 5, "step 0 pre-moves");
            CHECK(s0->npost == 2 && s0->post[0].dst == 9 && s0->post[0].src == 246 &&
                  s0->post[1].dst == 11 && s0->post[1].src == 244, "step 0 post-moves");
            CHECK(v->steps[1].npre == 0 && v->steps[1].pre == NULL, "sass step has no moves");
            tx_disasm(v->steps[2].word, v->steps[2].ctrl, dis, sizeof dis);
            CHECK_STR(dis, "TLDS.LZ R246, R244, R240, R242, 0x21, 2D, RGBA;", "unbound lowering");
            /* r2.y (R9) was written by step 0: step 3's level is unknown. */
            tx_disasm(v->steps[3].word, v->steps[3].ctrl, dis, sizeof dis);
            CHECK_STR(dis, "TLDS.LL R246, R244, R240, R242, 0x20, 2D, RGBA;",
                      "level written earlier: 2D.LL");
            CHECK(v->steps[3].has_expect, "expect kept on a d3d step");
        }
        vec_close(r);
    }

    struct {
        const char *line, *want;
    } bad[] = {
        {HEAD "'id': 'b', 'd3d': {'t0': {'dim': 'texture2d', 'slot': 32}}, "
              "'steps': [{'sass': 'TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, RG'}, {'d3d': 'ld r0, r1, t0.xyz'}]}",
         "bad.jsonl:1: vector 'b': steps[1].d3d: column 15: srcResource: a source swizzle has 1 or 4 components"},
        {HEAD "'id': 'b', 'steps': [{'d3d': 'ld r0, r1, t3'}]}",
         "vector 'b': steps[0].d3d: column 12: t3 is not declared"},
        {HEAD "'id': 'b', 'steps': [{'d3d': 'ld r0, r1, t3', 'ctrl': 0}]}",
         "steps[0]: \"ctrl\" goes with \"word\" only"},
        {HEAD "'id': 'b', 'steps': [{'d3d': 'ld r0, r1, t3', 'sass': 'TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, RG'}]}",
         "steps[0]: give exactly one of \"sass\", \"word\" or \"d3d\""},
        {HEAD "'id': 'b', 'steps': [{'d3d': 7}]}", "steps[0].d3d: expected a string of Direct3D ld text"},
        {HEAD "'id': 'b', 'd3d': {'t0': {'dim': 'texture4d', 'slot': 32}}, 'steps': [{'d3d': 'ld r0, r1, t0'}]}",
         "d3d.t0.dim: unknown resource dimension 'texture4d'"},
        {HEAD "'id': 'b', 'd3d': {'t0': {'dim': 'texture2d'}}, 'steps': [{'d3d': 'ld r0, r1, t0'}]}",
         "d3d.t0.slot: missing"},
        {HEAD "'id': 'b', 'd3d': {'t0': {'dim': 'texture2d', 'slot': 8192}}, 'steps': [{'d3d': 'ld r0, r1, t0'}]}",
         "d3d.t0.slot: value 0x2000 out of range (maximum 0x1fff)"},
        {HEAD "'id': 'b', 'd3d': {'s0': {'dim': 'texture2d', 'slot': 1}}, 'steps': [{'d3d': 'ld r0, r1, t0'}]}",
         "d3d.s0: not a resource register name (t0..t127)"},
        {HEAD "'id': 'b', 'd3d': {'t0': {'dim': 'texture2d', 'slot': 1, 'sampler': 2}}, 'steps': [{'d3d': 'ld r0, r1, t0'}]}",
         "d3d.t0.sampler: unknown field (expected one of: dim, slot, bound)"},
        {HEAD "'id': 'b', 'd3d': {'t0': {'dim': 'texture2d', 'slot': 32, 'bound': false}}, 'steps': [{'d3d': 'ld r0, r1, t0'}]}",
         "d3d.t0: declared unbound, but the handle at slot 0x20 (cbank 0x80 = 0x00000003) names header 3"},
        {HEAD "'id': 'b', 'pixel': false, 'd3d': {'t0': {'dim': 'texture2dms', 'slot': 32}}, 'steps': [{'d3d': 'ld r0, r1, t0'}]}",
         "only in pixel shaders"},
        {HEAD "'id': 'b', 'd3d': {'t0': {'dim': 'texturecube', 'slot': 32}}, "
              "'steps': [{'d3d': 'ld r1, r0, t0'}]}",
         "steps[0].d3d: column 12: t0 is a texturecube: ld cannot read a TextureCube"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[2048];
        snprintf(text, sizeof text, "%s\n", bad[i].line);
        p = put("bad.jsonl", text);
        r = vec_open(p, &err);
        int rc = r ? vec_next(r, &v, &err) : -1;
        CHECK(rc == -1, "bad %zu: accepted", i);
        if (rc == -1)
            CHECK(strstr(err.text, bad[i].want) != NULL, "bad %zu: '%s' lacks '%s'", i, err.text,
                  bad[i].want);
        if (r)
            vec_close(r);
    }
    unlink(put("ok.jsonl", ""));
    unlink(put("bad.jsonl", ""));
    rmdir(dir);
}


/* ---------------------------------------------------------------------------
 * 7: mutation fuzz of the text: never a crash, always a verdict, a column
 * inside the text, and an accepted text always lowers to a legal TLDS.
 */

static void test_fuzz(void)
{
    static const char *const seeds[] = {
        "ld_aoffimmi(-1,2,3) r6.yw, v2.yxwz, t0.wzyx", "ld r1, r0, t1", "ld r5.xz, r4, t5.x",
        "ld_aoffimmi(0,0,0) r2.rgba, r1.abgr, t3", "ld r0, r0, t4 // c",
    };
    static const char alphabet[] = "ldrvtxyzwabg_0123456789(),.-+[]| \t/;cbloaffimm";
    tx_d3d_env env;
    uint64_t rng = 0x243f6a8885a308d3ull;
    int bad = 0;

    env_init(&env);
    for (int it = 0; it < 20000; it++) {
        char buf[96];
        const char *src = seeds[it % 5];
        size_t n = strlen(src);
        memcpy(buf, src, n + 1);
        for (int k = 0; k < 1 + it % 3; k++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            size_t pos = (size_t)(rng >> 33) % (n + 1);
            char ch = alphabet[(rng >> 20) % (sizeof alphabet - 1)];
            switch ((rng >> 12) % 3) {
            case 0:   /* replace */
                if (pos < n)
                    buf[pos] = ch;
                break;
            case 1:   /* insert */
                if (n + 1 < sizeof buf) {
                    memmove(buf + pos + 1, buf + pos, n - pos + 1);
                    buf[pos] = ch;
                    n++;
                }
                break;
            default:  /* delete */
                if (pos < n) {
                    memmove(buf + pos, buf + pos + 1, n - pos);
                    n--;
                }
                break;
            }
        }
        tx_d3d_lowered lw;
        tx_d3d_err e;
        if (tx_d3d_compile(buf, &env, &lw, &e) == 0) {
            tx_insn d;
            tx_decode(lw.word, lw.ctrl, &d);
            if (((d.op != TX_OP_TLDS && d.op != TX_OP_TLD) || d.illegal) && bad++ < 5)
                CHECK(0, "fuzz '%s' lowered to an illegal word", buf);
        } else if ((!e.msg[0] || e.col < 0 || e.col > (int)n + 1) && bad++ < 5) {
            CHECK(0, "fuzz '%s': message '%s' column %d", buf, e.msg, e.col);
        }
    }
    CHECK(bad == 0, "fuzz: %d bad verdicts", bad);
}

int main(void)
{
    test_mapping();
    test_parse();
    test_table();
    test_refusals();
    test_semantics();
    test_reader();
    test_fuzz();
    return check_done("test_d3d");
}
