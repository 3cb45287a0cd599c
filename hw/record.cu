// record.cu - record a GPU's texture answers for texcosim's conformance suite
// (docs/conformance.md, "Recording your own hardware").
//
//   nvcc -O2 -std=c++17 -arch=native hw/record.cu -o record
//   ./record PLAN ANSWERS [--device N]
//
// PLAN is written by `texcosim hw plan` (the format is in tb/hw/hw_plan.h and
// docs/conformance.md).  For every case the program builds the texture as a
// CUDA array (layered, cube map or mip-mapped as the case says) and a texture
// object with the case's sampler, or a surface object, runs every query in a
// kernel (tex1D ... texCubemapLayered, the Lod and Grad forms, tex2Dgather,
// surf*read) and writes the four 32-bit words each query returned.
// `texcosim hw merge PLAN ANSWERS -o GROUP.jsonl.gz` then gives the case
// format that `texcosim hw` runs.
//
// ANSWERS:
//   texcosim-hw-answers 1
//   device NAME sm_XY, CUDA runtime R, driver D
//   ID INDEX W0 W1 W2 W3        one line a query (hex words)
//   ID error TEXT               a case that could not be recorded
//
// Built with -DHW_RECORD_NO_CUDA by any C++ compiler, the program only reads
// the plan and writes it back (`./record PLAN OUT` writes the plan again):
// the project's tests use that to check this reader against every plan the
// generator writes, on machines without CUDA.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifndef HW_RECORD_NO_CUDA
#include <cuda_runtime.h>
#endif

// Everything but main lives in a named namespace: nvcc and clang both take
// kernels there, also as templates.
namespace record {

// ---- the plan -----------------------------------------------------------------

enum TexKind { K_1D, K_2D, K_3D, K_CUBE, K_1D_LAYERED, K_2D_LAYERED, K_CUBE_LAYERED };
const char *const kKinds[] = {"1d", "2d", "3d", "cube", "1d_layered", "2d_layered",
                              "cube_layered"};
const char *const kAddrs[] = {"wrap", "mirror", "clamp", "border"};
const char *const kFilters[] = {"point", "linear"};
const char *const kMips[] = {"none", "point", "linear"};
const char *const kBoundaries[] = {"zero", "clamp"};

// Query kinds, as the plan numbers them; surface loads are 100 + dimension
// (0 1D, 1 2D, 2 3D, 3 1D layered, 4 2D layered).
enum QueryKind {
    Q_1D = 0, Q_1D_LOD, Q_2D, Q_2D_LOD, Q_2D_GRAD, Q_3D, Q_3D_LOD, Q_CUBE, Q_CUBE_LOD,
    Q_1D_LAYERED, Q_2D_LAYERED, Q_2D_LAYERED_LOD, Q_CUBE_LAYERED, Q_2D_GATHER, Q_2D_UINT,
    Q_2D_INT, Q_SURF = 100
};

// One query as the kernels read it: kind, layer (or gather component) and
// eight words: x, y, z, LOD, dPdx.x, dPdx.y, dPdy.x, dPdy.y (binary32 bits;
// integers for surface loads, x in bytes).
struct Query {
    int32_t kind, layer;
    uint32_t c[8];
};

// Texel formats: bytes per texel (or per 4x4 block).
struct FormatSize {
    const char *name;
    int bytes;
    bool block;
};
const FormatSize kFormats[] = {
    {"rgba8", 4, false},   {"rgba8s", 4, false},   {"rgba8ui", 4, false}, {"rg8", 2, false},
    {"r8", 1, false},      {"r16", 2, false},      {"rgba16", 8, false},  {"rgba16s", 8, false},
    {"rgba16f", 8, false}, {"rgba32f", 16, false}, {"r32f", 4, false},    {"bc1", 8, true},
    {"bc1srgb", 8, true},  {"bc2", 16, true},      {"bc3", 16, true},     {"bc3srgb", 16, true},
    {"bc4", 8, true},      {"bc4s", 8, true},      {"bc5", 16, true},     {"bc5s", 16, true},
    {"bc6h", 16, true},    {"bc6hs", 16, true},    {"bc7", 16, true},     {"bc7srgb", 16, true},
};

const FormatSize *format_size(const std::string &name)
{
    for (const FormatSize &f : kFormats)
        if (name == f.name)
            return &f;
    return nullptr;
}

struct Case {
    std::string id, group, fmt;
    int kind = K_2D;
    int w = 1, h = 1, d = 1, layers = 1, levels = 1;
    bool surface = false;
    int surf_size = 0, surf_clamp = 0;
    int addr[3] = {2, 2, 2};
    int linear = 0, mip = 0, srgb = 0, norm = 1, seamless = 0, trilin_opt_off = 1;
    unsigned aniso = 0;
    uint32_t border[4] = {0, 0, 0, 0};
    uint32_t bias = 0, minclamp = 0, maxclamp = 0;
    std::vector<std::vector<uint8_t>> data;   // per level
    std::vector<Query> q;
};

int level_dim(int n, int l)
{
    int v = n >> l;
    return v < 1 ? 1 : v;
}

// Extent of level l in texels, and the slices it stores (3D depth, layers,
// cube faces).
void level_extent(const Case &c, int l, int *w, int *h, int *slices)
{
    bool one_d = c.kind == K_1D || c.kind == K_1D_LAYERED;
    *w = level_dim(c.w, l);
    *h = one_d ? 1 : level_dim(c.h, l);
    *slices = c.kind == K_3D ? level_dim(c.d, l) : c.kind == K_CUBE ? 6
            : c.kind == K_CUBE_LAYERED ? 6 * c.layers
            : (c.kind == K_1D_LAYERED || c.kind == K_2D_LAYERED) ? c.layers : 1;
}

// Bytes a row of level l holds (texels, or 4x4 blocks), and its rows.
void level_rows(const Case &c, int l, size_t *row_bytes, int *rows)
{
    const FormatSize *f = format_size(c.fmt);
    int w, h, s;
    level_extent(c, l, &w, &h, &s);
    if (f->block) {
        *row_bytes = (size_t)((w + 3) / 4) * f->bytes;
        *rows = (h + 3) / 4;
    } else {
        *row_bytes = (size_t)w * f->bytes;
        *rows = h;
    }
}

class PlanReader {
public:
    explicit PlanReader(FILE *f) : f_(f) {}
    const std::string &error() const { return err_; }

    bool header()
    {
        long v;
        return expect("texcosim-hw-plan") && integer("plan version", 1, 1, &v);
    }

    // 1: a case was read; 0: the end of the plan; -1: an error (error()).
    int next(Case &c)
    {
        std::string w;
        if (!word(&w))
            return 0;
        if (w != "case")
            return fail("expected 'case', got '" + w + "'");
        c = Case();
        if (!word(&c.id) || !word(&c.group) || !expect("tex"))
            return fail("expected 'case ID GROUP' and 'tex'");
        long v[5];
        if (!name("tex kind", kKinds, 7, &c.kind) || !word(&c.fmt) || !format_size(c.fmt))
            return fail("tex: unknown kind or format");
        static const char *const what[5] = {"w", "h", "d", "layers", "levels"};
        static const long hi[5] = {65536, 65536, 2048, 2048, 16};
        for (int i = 0; i < 5; i++)
            if (!integer(what[i], 1, hi[i], &v[i]))
                return -1;
        c.w = (int)v[0], c.h = (int)v[1], c.d = (int)v[2], c.layers = (int)v[3];
        c.levels = (int)v[4];
        if (!word(&w))
            return fail("expected 'samp' or 'surf'");
        if (w == "surf") {
            long size;
            if (!integer("surf size", 1, 16, &size) ||
                !name("surf boundary", kBoundaries, 2, &c.surf_clamp))
                return -1;
            c.surface = true;
            c.surf_size = (int)size;
        } else if (w == "samp") {
            long flag;
            for (int i = 0; i < 3; i++)
                if (!name("address mode", kAddrs, 4, &c.addr[i]))
                    return -1;
            if (!name("filter", kFilters, 2, &c.linear) || !name("mip", kMips, 3, &c.mip))
                return -1;
            int *flags[4] = {&c.srgb, &c.norm, &c.seamless, &c.trilin_opt_off};
            for (int i = 0; i < 4; i++) {
                if (!integer("sampler flag", 0, 1, &flag))
                    return -1;
                *flags[i] = (int)flag;
            }
            if (!integer("aniso", 0, 16, &flag))
                return -1;
            c.aniso = (unsigned)flag;
            for (int i = 0; i < 4; i++)
                if (!hex(&c.border[i]))
                    return -1;
            if (!hex(&c.bias) || !hex(&c.minclamp) || !hex(&c.maxclamp))
                return -1;
        } else {
            return fail("expected 'samp' or 'surf', got '" + w + "'");
        }
        for (int l = 0; l < c.levels; l++) {
            size_t row_bytes;
            int rows, tw, th, slices;
            level_rows(c, l, &row_bytes, &rows);
            level_extent(c, l, &tw, &th, &slices);
            long idx, nbytes;
            if (!expect("level") || !integer("level", l, l, &idx) ||
                !integer("level bytes", 0, 1L << 30, &nbytes))
                return -1;
            if ((size_t)nbytes != row_bytes * rows * slices)
                return fail("level " + std::to_string(l) + ": the byte count does not match the extent");
            std::vector<uint8_t> b((size_t)nbytes);
            for (size_t i = 0; i < 2 * b.size();) {
                int ch = fgetc(f_);
                if (ch == '\n')
                    line_++;
                if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t')
                    continue;
                int x = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                      : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
                if (x < 0)
                    return fail("level " + std::to_string(l) + ": expected hex digits");
                b[i / 2] = (uint8_t)(i & 1 ? b[i / 2] | x : x << 4);
                i++;
            }
            c.data.push_back(std::move(b));
        }
        long nq;
        if (!expect("queries") || !integer("queries", 0, 1L << 24, &nq))
            return -1;
        c.q.resize((size_t)nq);
        for (Query &q : c.q) {
            long kind, layer;
            if (!integer("query kind", 0, Q_SURF + 4, &kind) ||
                !integer("query layer", -2147483647L - 1, 2147483647L, &layer))
                return -1;
            q.kind = (int32_t)kind;
            q.layer = (int32_t)layer;
            for (uint32_t &x : q.c)
                if (!hex(&x))
                    return -1;
        }
        return expect("end") ? 1 : -1;
    }

private:
    FILE *f_;
    int line_ = 1;
    std::string err_;

    int fail(const std::string &msg)
    {
        err_ = "line " + std::to_string(line_) + ": " + msg;
        return -1;
    }
    bool word(std::string *out)
    {
        int ch;
        while ((ch = fgetc(f_)) != EOF && (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t'))
            if (ch == '\n')
                line_++;
        if (ch == EOF)
            return false;
        out->clear();
        do {
            out->push_back((char)ch);
        } while ((ch = fgetc(f_)) != EOF && ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t');
        if (ch == '\n')
            ungetc(ch, f_);
        return true;
    }
    bool expect(const char *kw)
    {
        std::string w;
        if (!word(&w) || w != kw) {
            fail(std::string("expected '") + kw + "'");
            return false;
        }
        return true;
    }
    bool integer(const char *what, long lo, long hi, long *out)
    {
        std::string w;
        char *end;
        if (!word(&w)) {
            fail(std::string(what) + ": expected a number");
            return false;
        }
        long v = strtol(w.c_str(), &end, 10);
        if (*end || v < lo || v > hi) {
            fail(std::string(what) + ": '" + w + "' out of range");
            return false;
        }
        *out = v;
        return true;
    }
    bool hex(uint32_t *out)
    {
        std::string w;
        char *end;
        if (!word(&w) || w.size() != 8) {
            fail("expected 8 hex digits");
            return false;
        }
        *out = (uint32_t)strtoul(w.c_str(), &end, 16);
        if (*end) {
            fail("expected 8 hex digits");
            return false;
        }
        return true;
    }
    bool name(const char *what, const char *const *names, int n, int *out)
    {
        std::string w;
        if (word(&w))
            for (int i = 0; i < n; i++)
                if (w == names[i]) {
                    *out = i;
                    return true;
                }
        fail(std::string(what) + ": unknown '" + w + "'");
        return false;
    }
};

#ifdef HW_RECORD_NO_CUDA
// The case again in the plan format, byte for byte as `texcosim hw plan`
// writes it (the check of this reader without CUDA).
void write_plan_case(FILE *o, const Case &c)
{
    fprintf(o, "case %s %s\n", c.id.c_str(), c.group.c_str());
    fprintf(o, "tex %s %s %d %d %d %d %d\n", kKinds[c.kind], c.fmt.c_str(), c.w, c.h, c.d,
            c.layers, c.levels);
    if (c.surface)
        fprintf(o, "surf %d %s\n", c.surf_size, kBoundaries[c.surf_clamp]);
    else
        fprintf(o, "samp %s %s %s %s %s %d %d %d %d %u %08x %08x %08x %08x %08x %08x %08x\n",
                kAddrs[c.addr[0]], kAddrs[c.addr[1]], kAddrs[c.addr[2]], kFilters[c.linear],
                kMips[c.mip], c.srgb, c.norm, c.seamless, c.trilin_opt_off, c.aniso, c.border[0],
                c.border[1], c.border[2], c.border[3], c.bias, c.minclamp, c.maxclamp);
    for (size_t l = 0; l < c.data.size(); l++) {
        fprintf(o, "level %zu %zu\n", l, c.data[l].size());
        for (size_t i = 0; i < c.data[l].size(); i++)
            fprintf(o, "%02x%s", c.data[l][i],
                    i % 64 == 63 || i + 1 == c.data[l].size() ? "\n" : "");
    }
    fprintf(o, "queries %zu\n", c.q.size());
    for (const Query &q : c.q) {
        fprintf(o, "%d %d", q.kind, q.layer);
        for (uint32_t x : q.c)
            fprintf(o, " %08x", x);
        fputc('\n', o);
    }
    fprintf(o, "end\n");
}

#else  // the GPU

float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

// ---- the GPU ------------------------------------------------------------------------

// A failed CUDA call: the case is recorded as an error with this text.
struct CudaError {
    std::string what;
};

#define CHECK(call)                                                                           \
    do {                                                                                      \
        cudaError_t e_ = (call);                                                              \
        if (e_ != cudaSuccess)                                                                \
            throw CudaError{std::string(#call) + ": " + cudaGetErrorString(e_)};              \
    } while (0)

// The channel format of a plan format, and whether CUDA reads it as
// normalised floats (UNORM, SNORM, BC1-BC5, BC7) or as stored (floats,
// integers, BC6H).
bool channel_format(const std::string &n, cudaChannelFormatDesc *d, bool *normalized)
{
    struct Ch {
        const char *name;
        int x, y, z, w;
        cudaChannelFormatKind kind;
        bool normalized;
    };
    static const Ch table[] = {
        {"rgba8", 8, 8, 8, 8, cudaChannelFormatKindUnsigned, true},
        {"rgba8s", 8, 8, 8, 8, cudaChannelFormatKindSigned, true},
        {"rgba8ui", 8, 8, 8, 8, cudaChannelFormatKindUnsigned, false},
        {"rg8", 8, 8, 0, 0, cudaChannelFormatKindUnsigned, true},
        {"r8", 8, 0, 0, 0, cudaChannelFormatKindUnsigned, true},
        {"r16", 16, 0, 0, 0, cudaChannelFormatKindUnsigned, true},
        {"rgba16", 16, 16, 16, 16, cudaChannelFormatKindUnsigned, true},
        {"rgba16s", 16, 16, 16, 16, cudaChannelFormatKindSigned, true},
        {"rgba16f", 16, 16, 16, 16, cudaChannelFormatKindFloat, false},
        {"rgba32f", 32, 32, 32, 32, cudaChannelFormatKindFloat, false},
        {"r32f", 32, 0, 0, 0, cudaChannelFormatKindFloat, false},
#if CUDART_VERSION >= 11050
        {"bc1", 8, 8, 8, 8, cudaChannelFormatKindUnsignedBlockCompressed1, true},
        {"bc1srgb", 8, 8, 8, 8, cudaChannelFormatKindUnsignedBlockCompressed1SRGB, true},
        {"bc2", 8, 8, 8, 8, cudaChannelFormatKindUnsignedBlockCompressed2, true},
        {"bc3", 8, 8, 8, 8, cudaChannelFormatKindUnsignedBlockCompressed3, true},
        {"bc3srgb", 8, 8, 8, 8, cudaChannelFormatKindUnsignedBlockCompressed3SRGB, true},
        {"bc4", 8, 0, 0, 0, cudaChannelFormatKindUnsignedBlockCompressed4, true},
        {"bc4s", 8, 0, 0, 0, cudaChannelFormatKindSignedBlockCompressed4, true},
        {"bc5", 8, 8, 0, 0, cudaChannelFormatKindUnsignedBlockCompressed5, true},
        {"bc5s", 8, 8, 0, 0, cudaChannelFormatKindSignedBlockCompressed5, true},
        {"bc6h", 16, 16, 16, 0, cudaChannelFormatKindUnsignedBlockCompressed6H, false},
        {"bc6hs", 16, 16, 16, 0, cudaChannelFormatKindSignedBlockCompressed6H, false},
        {"bc7", 8, 8, 8, 8, cudaChannelFormatKindUnsignedBlockCompressed7, true},
        {"bc7srgb", 8, 8, 8, 8, cudaChannelFormatKindUnsignedBlockCompressed7SRGB, true},
#endif
    };
    for (const Ch &c : table)
        if (n == c.name) {
            *d = cudaCreateChannelDesc(c.x, c.y, c.z, c.w, c.kind);
            *normalized = c.normalized;
            return true;
        }
    return false;
}

// Every query of a texture case, one thread each.  The answer is the four
// words the sampling function returned, as bits.
__global__ void sample(cudaTextureObject_t t, const Query *qs, int n, uint4 *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const Query q = qs[i];
    const float x = __uint_as_float(q.c[0]), y = __uint_as_float(q.c[1]);
    const float z = __uint_as_float(q.c[2]), lod = __uint_as_float(q.c[3]);
    float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    switch (q.kind) {
    case Q_1D: v = tex1D<float4>(t, x); break;
    case Q_1D_LOD: v = tex1DLod<float4>(t, x, lod); break;
    case Q_2D: v = tex2D<float4>(t, x, y); break;
    case Q_2D_LOD: v = tex2DLod<float4>(t, x, y, lod); break;
    case Q_2D_GRAD:
        v = tex2DGrad<float4>(t, x, y,
                              make_float2(__uint_as_float(q.c[4]), __uint_as_float(q.c[5])),
                              make_float2(__uint_as_float(q.c[6]), __uint_as_float(q.c[7])));
        break;
    case Q_3D: v = tex3D<float4>(t, x, y, z); break;
    case Q_3D_LOD: v = tex3DLod<float4>(t, x, y, z, lod); break;
    case Q_CUBE: v = texCubemap<float4>(t, x, y, z); break;
    case Q_CUBE_LOD: v = texCubemapLod<float4>(t, x, y, z, lod); break;
    case Q_1D_LAYERED: v = tex1DLayered<float4>(t, x, q.layer); break;
    case Q_2D_LAYERED: v = tex2DLayered<float4>(t, x, y, q.layer); break;
    case Q_2D_LAYERED_LOD: v = tex2DLayeredLod<float4>(t, x, y, q.layer, lod); break;
    case Q_CUBE_LAYERED: v = texCubemapLayered<float4>(t, x, y, z, q.layer); break;
    case Q_2D_GATHER:
        // The component is an immediate of the instruction: one call each.
        if (q.layer == 0)
            v = tex2Dgather<float4>(t, x, y, 0);
        else if (q.layer == 1)
            v = tex2Dgather<float4>(t, x, y, 1);
        else if (q.layer == 2)
            v = tex2Dgather<float4>(t, x, y, 2);
        else
            v = tex2Dgather<float4>(t, x, y, 3);
        break;
    case Q_2D_UINT:
        out[i] = tex2D<uint4>(t, x, y);
        return;
    case Q_2D_INT: {
        int4 s = tex2D<int4>(t, x, y);
        out[i] = make_uint4((unsigned)s.x, (unsigned)s.y, (unsigned)s.z, (unsigned)s.w);
        return;
    }
    default: break;
    }
    out[i] = make_uint4(__float_as_uint(v.x), __float_as_uint(v.y), __float_as_uint(v.z),
                        __float_as_uint(v.w));
}

// Every query of a surface case: an element of type T (its size is the
// case's) loaded with boundary mode B; the bytes go to the answer's first
// bytes, the rest stays 0.
template <typename T, cudaSurfaceBoundaryMode B>
__global__ void load(cudaSurfaceObject_t s, const Query *qs, int n, uint4 *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const Query q = qs[i];
    const int x = (int)q.c[0], y = (int)q.c[1], z = (int)q.c[2];
    T v;
    switch (q.kind - Q_SURF) {
    case 0: v = surf1Dread<T>(s, x, B); break;
    case 1: v = surf2Dread<T>(s, x, y, B); break;
    case 2: v = surf3Dread<T>(s, x, y, z, B); break;
    case 3: v = surf1DLayeredread<T>(s, x, q.layer, B); break;
    default: v = surf2DLayeredread<T>(s, x, y, q.layer, B); break;
    }
    uint4 r = make_uint4(0, 0, 0, 0);
    memcpy(&r, &v, sizeof v);
    out[i] = r;
}

template <cudaSurfaceBoundaryMode B>
void launch_load(int size, cudaSurfaceObject_t s, const Query *qs, int n, uint4 *out)
{
    int blocks = (n + 127) / 128;
    switch (size) {
    case 1: load<unsigned char, B><<<blocks, 128>>>(s, qs, n, out); break;
    case 2: load<unsigned short, B><<<blocks, 128>>>(s, qs, n, out); break;
    case 4: load<unsigned int, B><<<blocks, 128>>>(s, qs, n, out); break;
    case 8: load<uint2, B><<<blocks, 128>>>(s, qs, n, out); break;
    default: load<uint4, B><<<blocks, 128>>>(s, qs, n, out); break;
    }
}

// What a case allocates, freed whatever happens.
struct Resources {
    cudaArray_t array = nullptr;
    cudaMipmappedArray_t mipmap = nullptr;
    cudaTextureObject_t tex = 0;
    cudaSurfaceObject_t surf = 0;
    Query *queries = nullptr;
    uint4 *answers = nullptr;
    ~Resources()
    {
        if (tex)
            cudaDestroyTextureObject(tex);
        if (surf)
            cudaDestroySurfaceObject(surf);
        if (array)
            cudaFreeArray(array);
        if (mipmap)
            cudaFreeMipmappedArray(mipmap);
        cudaFree(queries);
        cudaFree(answers);
    }
};

// Copy level l's bytes into a CUDA array of that level.  The extent counts
// texels (for block-compressed arrays too); the source is rows of texels or
// of 4x4 blocks.
void upload_level(const Case &c, int l, cudaArray_t a)
{
    int w, h, slices, rows;
    size_t row_bytes;
    level_extent(c, l, &w, &h, &slices);
    level_rows(c, l, &row_bytes, &rows);
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr((void *)c.data[l].data(), row_bytes,
                                   row_bytes / format_size(c.fmt)->bytes, rows);
    p.dstArray = a;
    p.extent = make_cudaExtent(w, h, slices);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
}

// The array of a case: its extent and flags by kind; mip-mapped when the
// case has more than one level.
void make_array(const Case &c, const cudaChannelFormatDesc &desc, Resources *r)
{
    cudaExtent ext;
    unsigned flags = c.surface ? cudaArraySurfaceLoadStore : 0;
    switch (c.kind) {
    case K_1D: ext = make_cudaExtent(c.w, 0, 0); break;
    case K_2D: ext = make_cudaExtent(c.w, c.h, 0); break;
    case K_3D: ext = make_cudaExtent(c.w, c.h, c.d); break;
    case K_CUBE: ext = make_cudaExtent(c.w, c.w, 6); flags |= cudaArrayCubemap; break;
    case K_1D_LAYERED: ext = make_cudaExtent(c.w, 0, c.layers); flags |= cudaArrayLayered; break;
    case K_2D_LAYERED: ext = make_cudaExtent(c.w, c.h, c.layers); flags |= cudaArrayLayered; break;
    default:
        ext = make_cudaExtent(c.w, c.w, 6 * c.layers);
        flags |= cudaArrayCubemap | cudaArrayLayered;
        break;
    }
    if (c.levels == 1) {
        CHECK(cudaMalloc3DArray(&r->array, &desc, ext, flags));
        upload_level(c, 0, r->array);
        return;
    }
    CHECK(cudaMallocMipmappedArray(&r->mipmap, &desc, ext, c.levels, flags));
    for (int l = 0; l < c.levels; l++) {
        cudaArray_t a;
        CHECK(cudaGetMipmappedArrayLevel(&a, r->mipmap, l));
        upload_level(c, l, a);
    }
}

// The case's sampler in a texture descriptor (everything but the seamless
// flag, whose place depends on the CUDA version).
template <class Desc>
void sampler_desc(const Case &c, bool normalized, Desc *td)
{
    static const cudaTextureAddressMode modes[4] = {cudaAddressModeWrap, cudaAddressModeMirror,
                                                    cudaAddressModeClamp, cudaAddressModeBorder};
    memset(td, 0, sizeof *td);
    for (int i = 0; i < 3; i++)
        td->addressMode[i] = modes[c.addr[i]];
    td->filterMode = c.linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td->readMode = normalized ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
    td->sRGB = c.srgb;
    for (int i = 0; i < 4; i++)
        td->borderColor[i] = bits_float(c.border[i]);
    td->normalizedCoords = c.norm;
    td->maxAnisotropy = c.aniso;
    td->mipmapFilterMode = c.mip == 2 ? cudaFilterModeLinear : cudaFilterModePoint;
    td->mipmapLevelBias = bits_float(c.bias);
    td->minMipmapLevelClamp = bits_float(c.minclamp);
    td->maxMipmapLevelClamp = bits_float(c.maxclamp);
    td->disableTrilinearOptimization = c.trilin_opt_off;
}

void make_texture(const Case &c, Resources *r)
{
    cudaChannelFormatDesc desc;
    bool normalized;
    if (!channel_format(c.fmt, &desc, &normalized))
        throw CudaError{"format " + c.fmt + " is not available with this CUDA version"};
    make_array(c, desc, r);
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    if (r->mipmap) {
        rd.resType = cudaResourceTypeMipmappedArray;
        rd.res.mipmap.mipmap = r->mipmap;
    } else {
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = r->array;
    }
#if CUDART_VERSION >= 12000
    cudaTextureDesc td;
    sampler_desc(c, normalized, &td);
    td.seamlessCubemap = c.seamless;
    CHECK(cudaCreateTextureObject(&r->tex, &rd, &td, nullptr));
#elif CUDART_VERSION >= 11080
    // CUDA 11 keeps the seamless flag in the _v2 descriptor.
    cudaTextureDesc_v2 td;
    sampler_desc(c, normalized, &td);
    td.seamlessCubemap = c.seamless;
    CHECK(cudaCreateTextureObject_v2(&r->tex, &rd, &td, nullptr));
#else
    if (c.seamless)
        throw CudaError{"seamless cube maps need CUDA 11.8 or later"};
    cudaTextureDesc td;
    sampler_desc(c, normalized, &td);
    CHECK(cudaCreateTextureObject(&r->tex, &rd, &td, nullptr));
#endif
}

void make_surface(const Case &c, Resources *r)
{
    // A surface load reads raw bytes: any format of the element's size.
    cudaChannelFormatDesc desc;
    switch (c.surf_size) {
    case 1: desc = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned); break;
    case 2: desc = cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindUnsigned); break;
    case 4: desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindUnsigned); break;
    case 8: desc = cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindUnsigned); break;
    default: desc = cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindUnsigned); break;
    }
    if (c.levels != 1)
        throw CudaError{"a surface case has one level"};
    make_array(c, desc, r);
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = r->array;
    CHECK(cudaCreateSurfaceObject(&r->surf, &rd));
}

// Run one case; the answers, or CudaError.  A kernel that fails leaves the
// context unusable: *fatal is set, and the run ends after this case.
std::vector<uint4> run_case(const Case &c, bool *fatal)
{
    Resources r;
    int n = (int)c.q.size();
    std::vector<uint4> ans(c.q.size());
    if (c.surface)
        make_surface(c, &r);
    else
        make_texture(c, &r);
    if (n == 0)
        return ans;
    CHECK(cudaMalloc(&r.queries, c.q.size() * sizeof(Query)));
    CHECK(cudaMalloc(&r.answers, c.q.size() * sizeof(uint4)));
    CHECK(cudaMemcpy(r.queries, c.q.data(), c.q.size() * sizeof(Query), cudaMemcpyHostToDevice));
    if (c.surface) {
        if (c.surf_clamp)
            launch_load<cudaBoundaryModeClamp>(c.surf_size, r.surf, r.queries, n, r.answers);
        else
            launch_load<cudaBoundaryModeZero>(c.surf_size, r.surf, r.queries, n, r.answers);
    } else {
        sample<<<(n + 127) / 128, 128>>>(r.tex, r.queries, n, r.answers);
    }
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        *fatal = true;
        throw CudaError{std::string("kernel: ") + cudaGetErrorString(e)};
    }
    CHECK(cudaMemcpy(ans.data(), r.answers, c.q.size() * sizeof(uint4), cudaMemcpyDeviceToHost));
    return ans;
}

#endif  // HW_RECORD_NO_CUDA

int usage()
{
    fprintf(stderr, "usage: record PLAN ANSWERS [--device N]\n"
                    "  Runs every query of a plan (texcosim hw plan) on a GPU and writes the\n"
                    "  answers that `texcosim hw merge PLAN ANSWERS -o FILE.jsonl.gz` reads.\n");
    return 2;
}

}  // namespace record

using namespace record;

int main(int argc, char **argv)
{
    if (argc != 3 && !(argc == 5 && !strcmp(argv[3], "--device")))
        return usage();
    int device = argc == 5 ? atoi(argv[4]) : 0;
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    PlanReader plan(in);
    if (!plan.header()) {
        fprintf(stderr, "%s: %s\n", argv[1], plan.error().c_str());
        return 2;
    }
    FILE *out = fopen(argv[2], "w");
    if (!out) {
        perror(argv[2]);
        return 2;
    }
#ifdef HW_RECORD_NO_CUDA
    (void)device;
    fprintf(out, "texcosim-hw-plan 1\n");
#else
    cudaDeviceProp prop;
    if (cudaSetDevice(device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
        fprintf(stderr, "record: no CUDA device %d\n", device);
        return 1;
    }
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    fprintf(out, "texcosim-hw-answers 1\ndevice %s sm_%d%d, CUDA runtime %d, driver %d\n",
            prop.name, prop.major, prop.minor, runtime, driver);
    fprintf(stderr, "device %d: %s (sm_%d%d)\n", device, prop.name, prop.major, prop.minor);
#endif
    Case c;
    int rc, status = 0;
    long cases = 0, failed = 0;
    while ((rc = plan.next(c)) == 1) {
        cases++;
#ifdef HW_RECORD_NO_CUDA
        write_plan_case(out, c);
#else
        bool fatal = false;
        try {
            std::vector<uint4> ans = run_case(c, &fatal);
            for (size_t i = 0; i < ans.size(); i++)
                fprintf(out, "%s %zu %08x %08x %08x %08x\n", c.id.c_str(), i, ans[i].x, ans[i].y,
                        ans[i].z, ans[i].w);
            fprintf(stderr, "  %-44s %7zu queries\n", c.id.c_str(), ans.size());
        } catch (const CudaError &e) {
            failed++;
            cudaGetLastError();
            fprintf(out, "%s error %s\n", c.id.c_str(), e.what.c_str());
            fprintf(stderr, "  %-44s error: %s\n", c.id.c_str(), e.what.c_str());
        }
        fflush(out);
        if (fatal) {
            fprintf(stderr, "record: the CUDA context is lost after a kernel error; the cases "
                            "after '%s' were not run\n", c.id.c_str());
            status = 1;
            break;
        }
#endif
    }
    if (rc < 0) {
        fprintf(stderr, "%s: %s\n", argv[1], plan.error().c_str());
        status = 2;
    }
    fclose(in);
    if (fclose(out) != 0) {
        perror(argv[2]);
        status = 2;
    }
    if (status != 2)
        fprintf(stderr, "record: %ld cases, %ld not recorded\n", cases, failed);
    return status;
}
