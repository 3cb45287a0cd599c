/*
 * memserver.c - the testbench side of the RTL memory port (see memserver.h).
 */
#include <stddef.h>
#include <string.h>
#include "memserver.h"

/* xorshift64*: small, fast and good enough for stimulus timing. */
static uint64_t ms_rand(memserver *ms)
{
    uint64_t x = ms->rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    ms->rng = x;
    return x * 0x2545f4914f6cdd1dull;
}

void ms_init(memserver *ms, const tx_mem *mem, uint32_t latency, uint32_t jitter,
             uint32_t backpressure, uint64_t seed)
{
    /* Everything but the queue's entries, which are written whole when a
     * request is taken and read only while queued (70 KB not cleared per
     * vector). */
    memset(ms, 0, offsetof(memserver, q));
    memset((char *)ms + offsetof(memserver, head), 0, sizeof(*ms) - offsetof(memserver, head));
    ms->mem = mem;
    ms->latency = latency ? latency : 1;
    ms->jitter = jitter;
    ms->backpressure = backpressure > 100 ? 100 : backpressure;
    ms->rng = seed ? seed : 0x9e3779b97f4a7c15ull;
}

void ms_set_mems(memserver *ms, const tx_mem *const *mems, unsigned n)
{
    ms->mems = mems;
    ms->nmems = n;
}

int ms_idle(const memserver *ms)
{
    return ms->count == 0;
}

/* Out of order: move a random due request to the head, so that it is the
 * one offered.  The head stays put once offered (a response, like a request,
 * is held until taken): only a head that is not yet due is replaced. */
static void ms_pick_ooo(memserver *ms, uint64_t cycle)
{
    if (ms->q[ms->head].due <= cycle)
        return;
    unsigned due[MS_QUEUE], n = 0;
    for (unsigned i = 1; i < ms->count; i++)
        if (ms->q[(ms->head + i) % MS_QUEUE].due <= cycle)
            due[n++] = (ms->head + i) % MS_QUEUE;
    if (!n)
        return;
    unsigned pick = due[ms_rand(ms) % n];
    ms_req t = ms->q[ms->head];
    ms->q[ms->head] = ms->q[pick];
    ms->q[pick] = t;
}

void ms_drive(memserver *ms, uint64_t cycle, sim_in_t *in)
{
    /* Ready is independent of valid (no combinational path through the TB).
     * A full queue also deasserts it. */
    int busy = ms->backpressure && (ms_rand(ms) % 100) < ms->backpressure;
    in->mem_req_ready = (!busy && ms->count < MS_QUEUE) ? 1 : 0;

    if (ms->ooo && ms->count > 1)
        ms_pick_ooo(ms, cycle);
    if (ms->count && ms->q[ms->head].due <= cycle) {
        const ms_req *r = &ms->q[ms->head];
        in->mem_rsp_valid = 1;
        in->mem_rsp_id = r->id;
        memcpy(in->mem_rsp_data, r->data, sizeof(r->data));
        in->mem_rsp_sparse = r->sparse;
        in->mem_rsp_fault = r->fault;
    } else {
        in->mem_rsp_valid = 0;
        in->mem_rsp_id = 0;
        in->mem_rsp_sparse = 0;
        in->mem_rsp_fault = 0;
    }
}

void ms_observe(memserver *ms, uint64_t cycle, const sim_in_t *in, const sim_out_t *out)
{
    if (in->mem_rsp_valid && out->mem_rsp_ready) {
        ms->head = (ms->head + 1) % MS_QUEUE;
        ms->count--;
    }
    if (in->mem_req_ready && out->mem_req_valid) {
        ms_req *r = &ms->q[(ms->head + ms->count) % MS_QUEUE];
        uint64_t due = cycle + ms->latency;
        if (ms->jitter)
            due += ms_rand(ms) % (ms->jitter + 1);
        if (due < ms->last_due && !ms->ooo)
            due = ms->last_due;  /* in order: never overtake the previous one */
        ms->last_due = due;
        r->due = due;
        r->sparse = r->fault = 0;
        r->id = out->mem_req_id;
        const tx_mem *mem = ms->mem;
        if (ms->mems && out->mem_req_warp < ms->nmems)
            mem = ms->mems[out->mem_req_warp];
        memset(r->data, 0, sizeof(r->data));
        /* Memory is read-only for the texture pipe, so reading at acceptance
         * time gives the same bytes as reading at response time. */
        for (int s = 0; s < SIM_SLOTS; s++) {
            if (!(out->mem_req_slots >> s & 1))
                continue;
            uint8_t bytes[16];
            int f = tx_mem_read(mem, out->mem_req_addr[s] & ~15ull, bytes, 16);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            memcpy(r->data[s], bytes, sizeof bytes);   /* the words are little-endian */
#else
            for (int w = 0; w < 4; w++)
                r->data[s][w] = (uint32_t)bytes[4 * w] | (uint32_t)bytes[4 * w + 1] << 8 |
                                (uint32_t)bytes[4 * w + 2] << 16 | (uint32_t)bytes[4 * w + 3] << 24;
#endif
            if (f & TX_MEM_SPARSE)
                r->sparse |= (uint16_t)(1u << s);
            if (f & TX_MEM_FAULT)
                r->fault |= (uint16_t)(1u << s);
            ms->slots++;
        }
        ms->count++;
        ms->requests++;
    }
}
