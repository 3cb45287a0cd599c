/*
 * memserver.h - serves the RTL's memory port from the RTL-side tx_mem, with
 * configurable latency, latency jitter and request back-pressure.
 *
 * Responses come back in request order (docs/architecture.md).
 * All randomness comes from one seeded generator, so a vector replays
 * cycle for cycle (the re-run for taps and for the FST trace relies on it).
 */
#ifndef TX_MEMSERVER_H
#define TX_MEMSERVER_H

#include <stdint.h>
#include "mem.h"
#include "sim.h"

#define MS_QUEUE 512 /* requests in flight: more than the RTL keeps (tx_top TrackDepth, 256 quad passes, and header requests) */

typedef struct ms_req {
    uint64_t due;                         /* first cycle the response may show */
    uint8_t id;                           /* mem_req_id_o of the request (warps) */
    uint32_t data[SIM_SLOTS][4];
    uint16_t sparse, fault;
} ms_req;

typedef struct memserver {
    const tx_mem *mem;
    uint32_t latency;       /* cycles from acceptance to first valid, >= 1 */
    uint32_t jitter;        /* extra 0..jitter cycles per request */
    uint32_t backpressure;  /* percent of cycles mem_req_ready is low */
    uint64_t rng;
    ms_req q[MS_QUEUE];
    unsigned head, count;
    uint64_t last_due;      /* keeps responses in order under jitter */
    uint64_t requests, slots;
    /* ---- warps (run --warps): each warp has its own memory image; a
     * request reads the one of mem_req_warp_o.  NULL: `mem` for all. ----
     * ooo: answer any due request, not only the oldest (tagged by
     * mem_rsp_id_i); only for a design that accepts it. */
    const tx_mem *const *mems;
    unsigned nmems;
    int ooo;
} memserver;

void ms_init(memserver *ms, const tx_mem *mem, uint32_t latency, uint32_t jitter,
             uint32_t backpressure, uint64_t seed);
/* Drive mem_req_ready / mem_rsp_* for the coming cycle. */
void ms_drive(memserver *ms, uint64_t cycle, sim_in_t *in);
/* After eval: take an accepted request, retire an accepted response. */
void ms_observe(memserver *ms, uint64_t cycle, const sim_in_t *in, const sim_out_t *out);
/* warps: serve warp w's requests from mems[w] (w < n). */
void ms_set_mems(memserver *ms, const tx_mem *const *mems, unsigned n);
/* True when no request is waiting for its response. */
int ms_idle(const memserver *ms);

#endif
