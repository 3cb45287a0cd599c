/*
 * suld_data.c - surface data stage of SULD (twin of rtl/tx_suld_data.sv):
 * the bytes a lane loaded -> the words written to its destination registers.
 *
 * .D is raw: the first 1, 2, 4, 8 or 16 bytes, little-endian, with U8/U16
 * zero-extended and S8/S16 sign-extended to 32 bits.  .P converts the texel
 * through the format stage shared with TLDS (tx_format_decode: decode, then
 * the header's swizzle) and writes its first 1, 2 or 4 components.
 * docs/semantics.md S6.2, S6.7.
 */
#include "stages.h"

void tx_suld_data(const tx_insn *in, const tx_fmt_desc *desc, const uint8_t raw[16],
                  uint32_t out[4])
{
    uint32_t w[4];

    if (!in->u.suld.d) {
        tx_format_decode(desc, raw, out);
        return;
    }
    tx_fetch_words(raw, w);
    switch (in->u.suld.size) {
    case TX_SU_U8:  w[0] &= 0xffu; break;
    case TX_SU_S8:  w[0] = (uint32_t)(int32_t)(int8_t)(w[0] & 0xffu); break;
    case TX_SU_U16: w[0] &= 0xffffu; break;
    case TX_SU_S16: w[0] = (uint32_t)(int32_t)(int16_t)(w[0] & 0xffffu); break;
    default: break;
    }
    /* Words past the size are 0: the fetch stage read no bytes for them. */
    for (int i = 0; i < 4; i++)
        out[i] = w[i];
}
