/*
 * pixld.h - the pixel-load stage: raster state -> PIXLD results
 * (docs/semantics.md S7).  Twin of rtl/tx_pixld.sv.  Public so that the
 * vector reader, the generators and the renderer use the same sample
 * positions as the model.
 */
#ifndef TX_PIXLD_H
#define TX_PIXLD_H

#include <stdint.h>

#include "state.h"

/* Position of sample s in the standard Direct3D 11 pattern of a raster
 * with `samples` samples (1, 2, 4, 8 or 16), in 1/16 pixel from the centre,
 * +y down.  Returns 0, or -1 (and 0, 0) for another count or s >= samples. */
int tx_raster_std_pos(unsigned samples, unsigned s, int *dx, int *dy);

/* Position of sample s of the raster: programmed or standard.  (0, 0) when
 * s is not a sample of the raster. */
void tx_raster_pos(const tx_raster *r, unsigned s, int *dx, int *dy);

/* 1 for a legal multisample count. */
int tx_raster_count_ok(unsigned samples);

/* The sample index named by the PIXLD address: [imm] (Ra = RZ, imm
 * unsigned) or [Ra+imm] (imm signed), modulo 2^32 (S7.3). */
uint32_t tx_pixld_index(uint8_t ra, uint32_t ra_val, int8_t imm);

/* A (dx, dy) offset as PIXLD returns it: s16 dx in [15:0], s16 dy in
 * [31:16] (S7.4). */
uint32_t tx_pixld_offset_word(int dx, int dy);

/* Result of one lane: the value for Rd and the value for Pd (only COVERED
 * and MY_INDEX write Pd).  mode is enum tx_pixld_mode (0..5); index is the
 * address's sample index. */
void tx_pixld_lane(const tx_raster *r, unsigned mode, int lane, uint32_t index,
                   uint32_t *val, int *pred);

#endif
