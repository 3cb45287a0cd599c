/*
 * fxjson.h - a step's architectural effects as the JSON "expect" object of
 * the vector format (docs/vector-format.md), so that `texcosim model` output
 * and generated vectors use one spelling.
 */
#ifndef TX_FXJSON_H
#define TX_FXJSON_H

#include <json-c/json.h>
#include "model.h"

/* {"status": "ok", "regs": {"R4": ["0x3f800000", null, ...32]},
 *  "preds": {"P0": {"mask": "0x...", "value": "0x..."}}, "hash": N} */
json_object *fx_to_json(const tx_effects *fx);

#endif
