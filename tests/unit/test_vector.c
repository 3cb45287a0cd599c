/*
 * test_vector.c - the vector file reader (tb/vector/).
 *
 * Writes vector files into a private folder under /tmp, reads them back and
 * checks every field of the parsed vectors and of the state vec_apply builds;
 * then one file per class of bad input, checking the message; then a small
 * mutation fuzz that must never crash or return nonsense.
 *
 * JSON text below is written with ' for " to stay readable; put_file turns
 * every ' into ".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "mem.h"
#include "model.h"
#include "state.h"
#include "tic.h"
#include "vector.h"

static char dir[256];

/* Create dir/name for writing; exit 2 when it cannot be. */
static FILE *create(const char *name)
{
    char path[512];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "wb");
    if (!f) {
        perror(path);
        exit(2);
    }
    return f;
}

/* Write text to dir/name, turning ' into ". */
static void put_file(const char *name, const char *text)
{
    FILE *f = create(name);

    for (const char *p = text; *p; p++)
        fputc(*p == '\'' ? '"' : *p, f);
    fclose(f);
}

static void put_bytes(const char *name, const void *data, size_t n)
{
    FILE *f = create(name);

    fwrite(data, 1, n, f);
    fclose(f);
}

static const char *in_dir(const char *name)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* ---------------------------------------------------------------------------
 * Good vectors.
 */

static const char good_text[] =
    /* line 1: every member of the format */
    "{'texcosim': 1, 'id': 'full_1', 'desc': 'every field',"
    " 'ctm': '0xffff00ff', 'ktm': 3, 'pixel': false,"
    " 'fp16_round': 'rz', 'gob_layout': 'desktop', 'hash': '0x2a',"
    " 'tic': {'base': '0x10000', 'max': 7}, 'tsc': {'base': '0x20000', 'max': '0xfff'},"
    " 'regs': {'R2': '0x12', 'R3': [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,"
    "21,22,23,24,25,26,27,28,29,30,'0xffffffff'], 'R254': 5},"
    " 'preds': {'P0': '0x0000ffff', 'P6': 1},"
    " 'cbank': {'0x8': '0x00000003', '16': ['0x11223344', 5]},"
    " 'mem': [{'addr': '0x40000', 'hex': '00 11 22 33 44_55'},"
    "         {'addr': '0x50000', 'file': 'side/blob.bin'},"
    "         {'addr': '0x60000', 'size': 8192, 'kind': 'sparse'},"
    "         {'addr': '0x70000', 'size': 1, 'kind': 'mapped'}],"
    " 'headers': [{'index': 3, 'fields': {'format': 'A8B8G8R8', 'dtype': 'UNORM',"
    "   'swizzle': ['R','G','B','ONE_FLOAT'], 'layout': 'BLOCKLINEAR', 'address': '0x7f00000200',"
    "   'gobs_per_block_height': 4, 'type': '2D', 'width': 64, 'height': 32, 'depth': 1,"
    "   'max_mip_level': 6, 'res_view_max_mip_level': 6, 'normalized_coords': 1,"
    "   'min_lod_clamp': '0x100'}},"
    "  {'index': 5, 'words': ['0x1', 2, 3, 4, 5, 6, 7, '0xffffffff']}],"
    " 'samplers': [{'index': 2, 'fields': {'address_u': 'CLAMP_TO_EDGE', 'address_v': 1,"
    "   'mag_filter': 'LINEAR', 'min_filter': 'POINT', 'mip_filter': 'NONE',"
    "   'depth_compare_func': 'GEQUAL', 'border': ['0x3f800000', 0, 0, '0x3f800000']}}],"
    " 'tb': {'mem_latency': 3, 'mem_jitter': 2, 'backpressure': 25, 'seed': '0x1234',"
    "   'watchdog': 5000},"
    " 'steps': [{'sass': 'TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG'},"
    "           {'word': '0xda50002ff0370204', 'expect': {'status': 'ok',"
    "              'regs': {'R5': [null,1,null,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,"
    "21,22,23,24,25,26,27,28,29,30,null], 'R4': '0x3f800000'},"
    "              'preds': {'P3': {'mask': '0xff', 'value': '0x0f'}, 'P1': {'mask': 1, 'value': 0}},"
    "              'hash': 9}},"
    "           {'word': 1, 'ctrl': '0x1fffff', 'expect': {'status': 'illegal'}}]}\n"
    "\n"
    /* line 3: the minimum */
    "{'texcosim':1,'id':'min.2-x','steps':[{'word':'0x0'}]}\r\n";

static void test_good(void)
{
    vec_error err;
    vec_reader *r;
    const tx_vector *v;
    tx_state *s;
    uint8_t blob[5000];
    int rc;

    mkdir(in_dir("side"), 0755);
    for (size_t i = 0; i < sizeof blob; i++)
        blob[i] = (uint8_t)(i * 7 + 1);
    put_bytes("side/blob.bin", blob, sizeof blob);
    put_file("good.jsonl", good_text);

    r = vec_open(in_dir("good.jsonl"), &err);
    CHECK(r != NULL, "open good.jsonl: %s", err.text);
    if (!r)
        return;
    rc = vec_next(r, &v, &err);
    CHECK(rc == 1, "good vector 1: rc %d: %s", rc, err.text);
    if (rc != 1) {
        vec_close(r);
        return;
    }

    /* Header fields of the vector. */
    CHECK_STR(v->id, "full_1", "id");
    CHECK_STR(v->desc, "every field", "desc");
    CHECK_STR(v->file, in_dir("good.jsonl"), "file");
    CHECK(v->line == 1 && v->index == 0, "line %ld index %ld", v->line, v->index);
    CHECK(v->tb.mem_latency == 3 && v->tb.mem_jitter == 2 && v->tb.backpressure == 25 &&
          v->tb.seed == 0x1234 && v->tb.watchdog == 5000, "tb options");

    /* Steps. */
    CHECK(v->nsteps == 3, "nsteps %d", v->nsteps);
    CHECK_STR(v->steps[0].text, "TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG", "step 0 text");
    CHECK_EQ_U64(v->steps[0].word, 0xda50002ff0370204ull, "step 0 word");
    CHECK_EQ_U64(v->steps[0].ctrl, TX_CTRL_DEFAULT, "step 0 ctrl");
    CHECK(!v->steps[0].has_expect, "step 0 has no expect");
    CHECK(v->steps[1].text == NULL, "step 1 is a raw word");
    CHECK_EQ_U64(v->steps[1].word, 0xda50002ff0370204ull, "step 1 word");
    CHECK_EQ_U64(v->steps[1].ctrl, TX_CTRL_DEFAULT, "step 1 default ctrl");
    CHECK_EQ_U64(v->steps[2].word, 1, "step 2 word");
    CHECK_EQ_U64(v->steps[2].ctrl, 0x1fffff, "step 2 ctrl");

    {
        const vec_expect *x = &v->steps[1].expect;
        CHECK(v->steps[1].has_expect, "step 1 expect");
        CHECK(x->status == TX_ST_OK, "status ok");
        CHECK(x->has_regs && x->nregs == 2, "2 registers");
        CHECK(x->regs[0].reg == 4 && x->regs[1].reg == 5, "sorted by register");
        CHECK_EQ_U64(x->regs[0].written, 0xffffffffu, "R4 all lanes");
        CHECK_EQ_U64(x->regs[0].val[17], 0x3f800000, "R4 lane 17");
        CHECK_EQ_U64(x->regs[1].written, 0x7ffffffau, "R5 null lanes");
        CHECK_EQ_U64(x->regs[1].val[30], 30, "R5 lane 30");
        CHECK(x->has_preds && x->npreds == 2, "2 predicates");
        CHECK(x->preds[0].pred == 1 && x->preds[0].mask == 1 && x->preds[0].value == 0, "P1");
        CHECK(x->preds[1].pred == 3 && x->preds[1].mask == 0xff && x->preds[1].value == 0xf,
              "P3");
        CHECK(x->has_hash && x->hash == 9, "hash");
        x = &v->steps[2].expect;
        CHECK(x->status == TX_ST_ILLEGAL && !x->has_regs && !x->has_preds && !x->has_hash,
              "step 2 status only");
        CHECK_STR(vec_status_name(TX_ST_TRAP), "trap", "status name");
    }

    /* The state it builds. */
    s = tx_state_new();
    s->r[0][9] = 77;                       /* vec_apply resets first */
    rc = vec_apply(v, s, &err);
    CHECK(rc == 0, "apply: %s", err.text);
    CHECK(s->r[0][9] == 0, "state was reset");
    CHECK_EQ_U64(s->ctm, 0xffff00ff, "ctm");
    CHECK_EQ_U64(s->ktm, 3, "ktm");
    CHECK(s->pixel == 0, "pixel");
    CHECK(s->fp16_round == TX_FP16_RZ && s->gob_layout == TX_GOB_DESKTOP, "knobs");
    CHECK_EQ_U64(s->hash, 0x2a, "hash");
    CHECK(s->tic_base == 0x10000 && s->tic_max == 7, "tic pool");
    CHECK(s->tsc_base == 0x20000 && s->tsc_max == 0xfff, "tsc pool");
    for (int l = 0; l < TX_LANES; l++) {
        CHECK(s->r[l][2] == 0x12, "R2 lane %d", l);
        CHECK(s->r[l][3] == (l == 31 ? 0xffffffffu : (uint32_t)l), "R3 lane %d", l);
        CHECK(s->r[l][254] == 5, "R254 lane %d", l);
    }
    CHECK(s->p[0] == 0xffff && s->p[6] == 1 && s->p[3] == 0, "preds");
    CHECK(s->cbank[8] == 3 && s->cbank[9] == 0, "cbank word 8");
    CHECK(s->cbank[16] == 0x44 && s->cbank[19] == 0x11 && s->cbank[20] == 5, "cbank array");
    {
        uint8_t b[8];
        int fl = tx_mem_read(s->mem, 0x40000, b, 6);
        CHECK(fl == TX_MEM_OK && b[0] == 0 && b[1] == 0x11 && b[5] == 0x55, "hex region");
        uint8_t fb[sizeof blob];
        fl = tx_mem_read(s->mem, 0x50000, fb, sizeof fb);
        CHECK(fl == TX_MEM_OK && memcmp(fb, blob, sizeof blob) == 0, "file region");
        CHECK(tx_mem_kind(s->mem, 0x60000) == TX_PAGE_SPARSE &&
              tx_mem_kind(s->mem, 0x61fff) == TX_PAGE_SPARSE &&
              tx_mem_kind(s->mem, 0x62000) == TX_PAGE_UNMAPPED, "sparse region");
        CHECK(tx_mem_kind(s->mem, 0x70000) == TX_PAGE_MAPPED, "mapped region");
    }
    {
        uint32_t w[8], want[8];
        tx_tic t;
        memset(&t, 0, sizeof t);
        t.components = TX_FMT_A8B8G8R8;
        t.dtype[0] = t.dtype[1] = t.dtype[2] = t.dtype[3] = TX_DT_UNORM;
        t.swz[0] = TX_SWZ_R, t.swz[1] = TX_SWZ_G, t.swz[2] = TX_SWZ_B;
        t.swz[3] = TX_SWZ_ONE_FLOAT;
        t.version = TX_TIC_BLOCKLINEAR;
        t.address = 0x7f00000200ull;
        t.gobs_per_block_height = 4;
        t.texture_type = TX_TEX_2D;
        t.width_minus_one = 63;
        t.height_minus_one = 31;
        t.max_mip_level = 6;
        t.res_view_max_mip_level = 6;
        t.normalized_coords = 1;
        t.min_lod_clamp = 0x100;
        tx_tic_pack(&t, want);
        for (int i = 0; i < 8; i++)
            w[i] = tx_mem_rd32(s->mem, 0x10000 + 32 * 3 + 4 * i, NULL);
        CHECK(memcmp(w, want, sizeof w) == 0, "named header at tic base + 96");
        for (int i = 0; i < 8; i++)
            w[i] = tx_mem_rd32(s->mem, 0x10000 + 32 * 5 + 4 * i, NULL);
        CHECK(w[0] == 1 && w[6] == 7 && w[7] == 0xffffffffu, "raw header words");
    }
    {
        uint32_t w[8];
        tx_tsc t;
        for (int i = 0; i < 8; i++)
            w[i] = tx_mem_rd32(s->mem, 0x20000 + 32 * 2 + 4 * i, NULL);
        tx_tsc_unpack(w, &t);
        CHECK(t.address_u == 2 && t.address_v == 1 && t.mag_filter == 2 && t.min_filter == 1 &&
              t.mip_filter == 1 && t.depth_compare_func == 6 && t.border[0] == 0x3f800000 &&
              t.border[3] == 0x3f800000 && t.border[1] == 0, "named sampler");
    }

    /* Line 3 (after a blank line, with CRLF): defaults everywhere. */
    rc = vec_next(r, &v, &err);
    CHECK(rc == 1, "good vector 2: rc %d: %s", rc, err.text);
    if (rc == 1) {
        CHECK_STR(v->id, "min.2-x", "id 2");
        CHECK_STR(v->desc, "", "no desc");
        CHECK(v->line == 3 && v->index == 1, "line %ld index %ld", v->line, v->index);
        CHECK(v->tb.mem_latency == VEC_UNSET && v->tb.seed == VEC_UNSET &&
              v->tb.watchdog == VEC_UNSET, "tb unset");
        CHECK(v->nsteps == 1 && v->steps[0].ctrl == TX_CTRL_DEFAULT && !v->steps[0].has_expect,
              "one raw step");
        rc = vec_apply(v, s, &err);
        CHECK(rc == 0 && s->ctm == 0xffffffffu && s->pixel == 1 && s->hash == 0 &&
              s->r[5][3] == 0 && tx_mem_pages(s->mem) == 0, "defaults applied");
    }
    rc = vec_next(r, &v, &err);
    CHECK(rc == 0, "end of file: rc %d", rc);
    rc = vec_next(r, &v, &err);
    CHECK(rc == 0, "end of file again: rc %d", rc);
    vec_close(r);
    tx_state_free(s);
}

/* Many vectors stream through with reused buffers. */
static void test_stream(void)
{
    char path[512];
    FILE *f;
    vec_error err;
    vec_reader *r;
    const tx_vector *v;
    int n = 0, rc;

    snprintf(path, sizeof path, "%s/many.jsonl", dir);
    f = fopen(path, "w");
    for (int i = 0; i < 3000; i++)
        fprintf(f, "{\"texcosim\":1,\"id\":\"v%d\",\"regs\":{\"R%d\":%d},\"mem\":[{\"addr\":%d,"
                "\"hex\":\"%0*d\"}],\"steps\":[{\"word\":%d},{\"word\":1}]}\n",
                i, i % 200, i, i * 64, 2 * (1 + i % 50), 0, i);
    fclose(f);
    r = vec_open(path, &err);
    while ((rc = vec_next(r, &v, &err)) == 1) {
        if (v->nsteps != 2 || v->steps[0].word != (uint64_t)n || v->line != n + 1)
            break;
        n++;
    }
    CHECK(rc == 0 && n == 3000, "streamed %d vectors, rc %d %s", n, rc, rc < 0 ? err.text : "");
    vec_close(r);
}

/* ---------------------------------------------------------------------------
 * Bad input: each file must fail with a message containing `want`, after
 * returning `good` vectors.
 */

static const char *GOOD =
    "{'texcosim':1,'id':'good','steps':[{'word':'0x1'}]}\n";

typedef struct bad_case {
    const char *name;
    int good;            /* prepend the GOOD line */
    const char *text;
    const char *want;
} bad_case;

static const bad_case bad_cases[] = {
    { "malformed", 1, "{'texcosim':1,'id':'a','steps':[{'word':1}],}\n",
      "bad_malformed.jsonl:2:45: malformed JSON" },
    { "garbage", 0, "hello\n", ":1:1: malformed JSON" },
    { "truncated", 1, "{'texcosim':1,'id':'a','steps':[{'wo", ":2:37: truncated" },
    { "splitline", 0, "{'texcosim':1,'id':'a',\n'steps':[]}\n", ":1:24: malformed JSON: the line ends" },
    { "trailing", 0, "{'texcosim':1,'id':'a','steps':[{'word':1}]} {}\n", "unexpected text after" },
    { "notobject", 0, "[1,2]\n", "expected a JSON object" },
    { "noversion", 0, "{'id':'a','steps':[{'word':1}]}\n", "vector 'a': texcosim: missing" },
    { "version2", 0, "{'texcosim':2,'id':'a','steps':[{'word':1}]}\n",
      "unsupported format version 2" },
    { "noid", 0, "{'texcosim':1,'steps':[{'word':1}]}\n", ":1: id: missing" },
    { "badid", 0, "{'texcosim':1,'id':'a b','steps':[{'word':1}]}\n", "outside [A-Za-z0-9_.-]" },
    { "unknown_top", 1, "{'texcosim':1,'id':'a','stepz':[],'steps':[{'word':1}]}\n",
      ":2: vector 'a': stepz: unknown field" },
    { "unknown_nested", 0,
      "{'texcosim':1,'id':'a','steps':[{'word':1,'expect':{'status':'ok','regz':{}}}]}\n",
      "vector 'a': steps[0].expect.regz: unknown field" },
    { "unknown_tb", 0, "{'texcosim':1,'id':'a','tb':{'latency':1},'steps':[{'word':1}]}\n",
      "tb.latency: unknown field" },
    { "wrong_type", 0, "{'texcosim':1,'id':'a','pixel':1,'steps':[{'word':1}]}\n",
      "pixel: expected true or false, got an integer" },
    { "wrong_type2", 0, "{'texcosim':1,'id':'a','ctm':1.5,'steps':[{'word':1}]}\n",
      "ctm: expected an integer or a \"0x...\" hex string, got a fractional number" },
    { "range", 0, "{'texcosim':1,'id':'a','hash':256,'steps':[{'word':1}]}\n",
      "hash: value 0x100 out of range (maximum 0xff)" },
    { "range_lane", 0, "{'texcosim':1,'id':'a','regs':{'R1':[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
      "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,'0x100000000']},'steps':[{'word':1}]}\n",
      "regs.R1[31]: value 0x100000000 out of range" },
    { "negative", 0, "{'texcosim':1,'id':'a','ktm':-1,'steps':[{'word':1}]}\n",
      "ktm: negative value -1" },
    { "badhex", 0, "{'texcosim':1,'id':'a','ctm':'0xfg','steps':[{'word':1}]}\n",
      "ctm: bad hex value '0xfg'" },
    { "badhexblob", 0, "{'texcosim':1,'id':'a','mem':[{'addr':0,'hex':'abc'}],"
      "'steps':[{'word':1}]}\n", "mem[0].hex: bad hex: odd number of digits" },
    { "sass", 1, "{'texcosim':1,'id':'wm','steps':[{'word':1},{'word':2},"
      "{'sass':'TLDS.LZ RZ, R4, RX, R3, 0x2, 2D, RG'}]}\n",
      ":2: vector 'wm': steps[2].sass: column 17: expected a register" },
    { "sass_and_word", 0, "{'texcosim':1,'id':'a','steps':[{'word':1,'sass':'X'}]}\n",
      "steps[0]: give exactly one of" },
    { "empty_steps", 0, "{'texcosim':1,'id':'a','steps':[]}\n", "steps: empty" },
    { "no_steps", 0, "{'texcosim':1,'id':'a'}\n", "steps: missing" },
    { "header_field", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'fields':"
      "{'widht':4}}],'steps':[{'word':1}]}\n",
      "headers[0].fields.widht: unknown header field name 'widht'" },
    { "header_format", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'fields':"
      "{'format':'R8G8B8'}}],'steps':[{'word':1}]}\n",
      "headers[0].fields.format: unknown format name 'R8G8B8'" },
    { "header_bl_only", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'fields':"
      "{'version':'PITCH','gob3d':1}}],'steps':[{'word':1}]}\n",
      "headers[0].fields.gob3d: field exists only in block-linear headers" },
    { "header_align", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'fields':"
      "{'version':'BLOCKLINEAR','address':'0x100'}}],'steps':[{'word':1}]}\n",
      "is not 512-byte aligned" },
    { "header_twice", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'fields':"
      "{'width':4,'width_minus_one':3}}],'steps':[{'word':1}]}\n", "given twice (also as 'width')" },
    { "header_width", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'fields':"
      "{'version':'PITCH','width':65537}}],'steps':[{'word':1}]}\n", "width 65537 too large" },
    { "header_words", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'words':[1,2]}],"
      "'steps':[{'word':1}]}\n", "headers[0].words: expected 8 words, got 2" },
    { "sampler_name", 0, "{'texcosim':1,'id':'a','samplers':[{'index':0,'fields':"
      "{'mag_filter':'CUBIC'}}],'steps':[{'word':1}]}\n",
      "samplers[0].fields.mag_filter: unknown mag_filter name 'CUBIC'" },
    { "dtype_name", 0, "{'texcosim':1,'id':'a','headers':[{'index':0,'fields':"
      "{'dtype':['UNORM','UNORM','UNORM','BYTE']}}],'steps':[{'word':1}]}\n",
      "headers[0].fields.dtype[3]: unknown data type name 'BYTE'" },
    { "file_missing", 1, "{'texcosim':1,'id':'a','mem':[{'addr':0,'file':'nope.bin'}],"
      "'steps':[{'word':1}]}\n", "mem[0].file: side file 'nope.bin': No such file" },
    { "file_dotdot", 0, "{'texcosim':1,'id':'a','mem':[{'addr':0,'file':'../x.bin'}],"
      "'steps':[{'word':1}]}\n", "contains '..'" },
    { "file_abs", 0, "{'texcosim':1,'id':'a','mem':[{'addr':0,'file':'/etc/passwd'}],"
      "'steps':[{'word':1}]}\n", "absolute path '/etc/passwd' not allowed" },
    { "file_link", 0, "{'texcosim':1,'id':'a','mem':[{'addr':0,'file':'escape.bin'}],"
      "'steps':[{'word':1}]}\n", "outside the vector file's folder" },
    { "duplicate", 1, "{'texcosim':1,'id':'good','steps':[{'word':1}]}\n",
      ":2: vector 'good': id: duplicate id (first used on line 1)" },
    { "status", 0, "{'texcosim':1,'id':'a','steps':[{'word':1,'expect':{'status':'OK'}}]}\n",
      "steps[0].expect.status: unknown value \"OK\"" },
    { "regname", 0, "{'texcosim':1,'id':'a','regs':{'R255':1},'steps':[{'word':1}]}\n",
      "regs.R255: not a register name" },
    { "predval", 0, "{'texcosim':1,'id':'a','steps':[{'word':1,'expect':{'preds':"
      "{'P0':{'mask':1,'value':3}}}}]}\n", "has bits outside mask" },
    { "lanes", 0, "{'texcosim':1,'id':'a','regs':{'R1':[1,2]},'steps':[{'word':1}]}\n",
      "regs.R1: expected one value or an array of 32 lane values, got 2" },
    { "cbank", 0, "{'texcosim':1,'id':'a','cbank':{'0x3':1},'steps':[{'word':1}]}\n",
      "cbank.0x3: offset 0x3 is not a multiple of 4" },
    { "ctrl", 0, "{'texcosim':1,'id':'a','steps':[{'word':1,'ctrl':'0x200000'}]}\n",
      "steps[0].ctrl: value 0x200000 out of range" },
    { "region", 0, "{'texcosim':1,'id':'a','mem':[{'addr':'0xffffffffffff','size':2,"
      "'kind':'mapped'}],'steps':[{'word':1}]}\n", "leaves the 48-bit address space" },
    { "kind", 0, "{'texcosim':1,'id':'a','mem':[{'addr':0,'size':2,'kind':'weird'}],"
      "'steps':[{'word':1}]}\n", "mem[0].kind: unknown value \"weird\"" },
    { "nul", 0, "{'texcosim':1,'id':'a',\x01'steps':[{'word':1}]}\n", "malformed JSON" },
};

static void test_bad(void)
{
    char name[128], text[4096];

    /* A symbolic link that leaves the folder (for file_link). */
    snprintf(text, sizeof text, "%s/escape.bin", dir);
    unlink(text);
    if (symlink("/etc/hostname", text) != 0)
        perror("symlink");

    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const bad_case *c = &bad_cases[i];
        vec_error err;
        vec_reader *r;
        const tx_vector *v;
        int rc, n = 0;

        snprintf(name, sizeof name, "bad_%s.jsonl", c->name);
        snprintf(text, sizeof text, "%s%s", c->good ? GOOD : "", c->text);
        put_file(name, text);
        r = vec_open(in_dir(name), &err);
        CHECK(r != NULL, "%s: open", c->name);
        if (!r)
            continue;
        while ((rc = vec_next(r, &v, &err)) == 1)
            n++;
        CHECK(rc == -1, "%s: expected an error, got rc %d", c->name, rc);
        CHECK(n == c->good, "%s: %d good vectors before the error, want %d", c->name, n, c->good);
        CHECK(strstr(err.text, c->want) != NULL, "%s: message \"%s\" lacks \"%s\"", c->name,
              err.text, c->want);
        CHECK(err.line == 1 + c->good, "%s: err.line %ld", c->name, err.line);
        /* Sticky: the same error again. */
        vec_error err2;
        CHECK(vec_next(r, &v, &err2) == -1 && strcmp(err2.text, err.text) == 0,
              "%s: error is sticky", c->name);
        vec_close(r);
    }

    {
        vec_error err;
        vec_reader *r = vec_open(in_dir("does-not-exist.jsonl"), &err);
        CHECK(r == NULL && strstr(err.text, "cannot open") != NULL, "open missing: %s", err.text);
    }
}

/* A side file that disappears between vec_next and vec_apply. */
static void test_apply_error(void)
{
    vec_error err;
    vec_reader *r;
    const tx_vector *v;
    tx_state *s = tx_state_new();
    static const uint8_t b[4] = { 1, 2, 3, 4 };

    put_bytes("gone.bin", b, sizeof b);
    put_file("gone.jsonl", "{'texcosim':1,'id':'g','mem':[{'addr':0,'file':'gone.bin'}],"
             "'steps':[{'word':1}]}\n");
    r = vec_open(in_dir("gone.jsonl"), &err);
    CHECK(r && vec_next(r, &v, &err) == 1, "gone: next");
    unlink(in_dir("gone.bin"));
    CHECK(vec_apply(v, s, &err) == -1 && strstr(err.text, "vector 'g': side file 'gone.bin'"),
          "gone: apply error \"%s\"", err.text);
    vec_close(r);
    tx_state_free(s);
}

/* ---------------------------------------------------------------------------
 * Mutation fuzz: random damage to a good line must give a clean result.
 */
#ifndef FUZZ_ITERS
#define FUZZ_ITERS 3000   /* build with -DFUZZ_ITERS=N for a longer run */
#endif

static uint64_t fz = 0x243f6a8885a308d3ull;
static unsigned frnd(unsigned n)
{
    fz ^= fz << 13;
    fz ^= fz >> 7;
    fz ^= fz << 17;
    return (unsigned)(fz % n);
}

static void test_fuzz(void)
{
    static const char *const tokens[] = { "'", "{", "}", "[", "]", ",", ":", "null", "0x",
                                          "-1", "1e9", "\\", "'steps'", "'R300'", "true" };
    char src[sizeof good_text], buf[sizeof good_text + 64];
    size_t len;
    int ok = 0, bad = 0, weird = 0;

    /* The first line of the good file, with " for '. */
    len = strchr(good_text, '\n') - good_text;
    for (size_t i = 0; i < len; i++)
        src[i] = good_text[i] == '\'' ? '"' : good_text[i];
    src[len] = '\0';

    for (int it = 0; it < FUZZ_ITERS; it++) {
        size_t n = len;
        memcpy(buf, src, len + 1);
        for (int k = 1 + (int)frnd(3); k > 0 && n > 0; k--) {
            size_t at = frnd((unsigned)n);
            switch (frnd(4)) {
            case 0: buf[at] = (char)(32 + frnd(95)); break;            /* replace */
            case 1: memmove(buf + at, buf + at + 1, n - at); n--; break; /* delete */
            case 2: n = at; buf[n] = '\0'; break;                      /* truncate */
            default: {                                                 /* insert */
                const char *t = tokens[frnd(sizeof tokens / sizeof tokens[0])];
                size_t tl = strlen(t);
                if (n + tl >= sizeof buf)
                    break;
                memmove(buf + at + tl, buf + at, n - at + 1);
                memcpy(buf + at, t, tl);
                n += tl;
                break;
            }
            }
        }
        put_bytes("fuzz.jsonl", buf, n);
        vec_error err;
        vec_reader *r = vec_open(in_dir("fuzz.jsonl"), &err);
        const tx_vector *v;
        int rc = vec_next(r, &v, &err);
        if (rc == 1 || (rc == 0 && strspn(buf, " \t") == n))
            ok++;
        else if (rc == -1 && strncmp(err.text, in_dir("fuzz.jsonl"), strlen(in_dir("fuzz.jsonl")))
                                 == 0 && err.line == 1)
            bad++;
        else if (weird++ < 3)
            printf("fuzz: rc %d for: %s\n  -> %s\n", rc, buf, rc < 0 ? err.text : "");
        vec_close(r);
    }
    CHECK(weird == 0, "fuzz: %d results neither a vector nor a located error", weird);
    CHECK(bad > 0, "fuzz: some mutants rejected (%d ok, %d rejected)", ok, bad);
}

/*
 * The reader over memory (vec_open_mem, vec_feed): the same vectors and
 * errors as from a file, ids checked across fed blocks; lines that are not
 * objects (once a qsort(NULL, 0) under UBSan); a line whose parse tree
 * would be too big is refused before json-c allocates it.
 */
static void test_mem_reader(void)
{
    static const char one[] = "{\"texcosim\":1,\"id\":\"a\",\"steps\":[{\"sass\":"
                              "\"TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;\"}]}\n";
    static const char two[] = "{\"texcosim\":1,\"id\":\"b\",\"steps\":[{\"word\":"
                              "\"0xdeadbeef\"}]}\n";
    vec_error err;
    const tx_vector *v;
    vec_reader *r = vec_open_mem("mem.jsonl", one, sizeof one - 1, dir, &err);
    CHECK(r != NULL, "vec_open_mem: %s", err.text);
    if (!r)
        return;
    CHECK(vec_next(r, &v, &err) == 1 && !strcmp(v->id, "a") && v->line == 1, "mem: first vector");
    CHECK(vec_next(r, &v, &err) == 0, "mem: end of the first block");
    vec_feed(r, two, sizeof two - 1);
    CHECK(vec_next(r, &v, &err) == 1 && !strcmp(v->id, "b") && v->line == 2 && v->index == 1,
          "mem: fed block continues lines and ordinals");
    vec_feed(r, one, sizeof one - 1);
    CHECK(vec_next(r, &v, &err) == -1 && strstr(err.text, "mem.jsonl:3") &&
          strstr(err.text, "line 1"), "mem: duplicate id across blocks: %s", err.text);
    vec_close(r);

    static const char *not_objects[] = {"{}\n", "[1,2,3]\n", "\"x\"\n", "{\"a\":{}}\n"};
    for (size_t i = 0; i < sizeof not_objects / sizeof not_objects[0]; i++) {
        r = vec_open_mem("m.jsonl", not_objects[i], strlen(not_objects[i]), dir, &err);
        CHECK(r && vec_next(r, &v, &err) == -1 && strstr(err.text, "m.jsonl:1"),
              "not an object (%s): %s", not_objects[i], err.text);
        vec_close(r);
    }

    /* 400,000 empty objects: a 1.2 MB line that json-c would turn into
     * about 300 MB. */
    size_t n = 400000, len = 0;
    char *big = malloc(3 * n + 64);
    if (!big)
        return;
    len += (size_t)sprintf(big, "{\"texcosim\":1,\"id\":\"a\",\"steps\":[");
    for (size_t i = 0; i < n; i++) {
        memcpy(big + len, i ? ",{}" : "{}", i ? 3 : 2);
        len += i ? 3 : 2;
    }
    len += (size_t)sprintf(big + len, "]}\n");
    r = vec_open_mem("big.jsonl", big, len, dir, &err);
    CHECK(r && vec_next(r, &v, &err) == -1 && strstr(err.text, "line too complex"),
          "a too complex line is refused: %s", err.text);
    vec_close(r);
    free(big);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/texcosim-test-vector-%d", (int)getpid());
    if (mkdir(dir, 0755) != 0) {
        perror(dir);
        return 2;
    }
    test_good();
    test_stream();
    test_bad();
    test_apply_error();
    test_fuzz();
    test_mem_reader();
    {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (check_fail == 0 && system(cmd) != 0)
            printf("note: could not remove %s\n", dir);
    }
    return check_done("test_vector");
}
