# texcosim - one Makefile for the model, the RTL, the testbench and the tests.
#
#   make            build build/texcosim
#   make regress    install missing packages, build, run every vector file
#   make test       unit tests, co-simulation of the vectors, negative tests
#   make lint       verilator --lint-only -Wall on rtl/
#   make SAN=1 ...  the same with AddressSanitizer + UBSan (build dir build-san)
#   make bench      throughput, harness overhead and build-time figures (bench/run)
#   make fuzz-build libFuzzer harnesses of every parser (clang; build/fuzz)
#   make fuzz       run each harness for FUZZ_SECONDS (default 60)

SAN ?= 0
ifeq ($(SAN),1)
B        := build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT      := -O1 -g
else
B        := build
SANFLAGS :=
OPT      := -O2 -g
endif

CC       ?= gcc
CXX      ?= g++
VERILATOR ?= verilator
VINC     := /usr/share/verilator/include
JSON_CFLAGS := $(shell pkg-config --cflags json-c 2>/dev/null)
JSON_LIBS   := $(shell pkg-config --libs json-c 2>/dev/null || echo -ljson-c)

CFLAGS   := -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) -Wall -Wextra -Icmodel -Itb $(JSON_CFLAGS) $(SANFLAGS)
CXXFLAGS := -std=c++14 $(OPT) -Wall -Wextra -Itb -I$(B)/vl -isystem $(VINC) -isystem $(VINC)/vltstd -faligned-new $(SANFLAGS)
LDLIBS   := $(JSON_LIBS) -lz -lm -pthread -latomic

MODEL_SRC := $(wildcard cmodel/*.c)
MODEL_OBJ := $(MODEL_SRC:%.c=$(B)/%.o)
TB_SRC    := $(filter-out tb/main.c,$(wildcard tb/*.c))
TB_OBJ    := $(TB_SRC:%.c=$(B)/%.o)
RTL_SRC   := rtl/tx_pkg.sv $(filter-out rtl/tx_pkg.sv,$(wildcard rtl/*.sv))
UNIT_SRC  := $(wildcard tests/unit/test_*.c)
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

VFLAGS := --cc -O3 --x-assign fast --x-initial fast --trace-fst --top-module tx_top \
          -Wno-fatal -Irtl -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1"
ifeq ($(SAN),1)
VFLAGS += -CFLAGS "$(SANFLAGS)"
endif

.PHONY: all regress test lint clean bench vectors
all: $(B)/texcosim

$(B)/%.o: %.c $(wildcard cmodel/*.h tb/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(B)/libtxmodel.a: $(MODEL_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/libtxtb.a: $(TB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# Verilated RTL.  The runtime library is built once and reused across RTL
# edits (../shared/reference/toolchain-notes.md, gotcha 1).
$(B)/vl/Vtx_top__ALL.a: $(RTL_SRC)
	@mkdir -p $(B)/vl
	$(VERILATOR) $(VFLAGS) -Mdir $(B)/vl $(RTL_SRC)
	$(MAKE) -s -C $(B)/vl -f Vtx_top.mk Vtx_top__ALL.a

$(B)/vl/libverilated.a:
	@mkdir -p $(B)/vl/rt
	cd $(B)/vl/rt && for f in verilated verilated_fst_c verilated_threads; do \
	  $(CXX) $(OPT) $(SANFLAGS) -faligned-new -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_SC=0 \
	    -I$(VINC) -I$(VINC)/vltstd -c $(VINC)/$$f.cpp -o $$f.o || exit 1; done
	ar rcs $@ $(B)/vl/rt/*.o

$(B)/sim.o: tb/sim.cpp tb/sim.h $(B)/vl/Vtx_top__ALL.a
	$(CXX) $(CXXFLAGS) -c $< -o $@

$(B)/texcosim: $(B)/tb/main.o $(B)/libtxtb.a $(B)/libtxmodel.a $(B)/sim.o $(B)/vl/Vtx_top__ALL.a $(B)/vl/libverilated.a
	$(CXX) $(SANFLAGS) -o $@ $(B)/tb/main.o $(B)/libtxtb.a $(B)/libtxmodel.a $(B)/sim.o \
	  $(B)/vl/Vtx_top__ALL.a $(B)/vl/libverilated.a $(LDLIBS)

# Unit tests link the model and the testbench library (no RTL).
$(B)/tests/%: tests/unit/%.c $(B)/libtxtb.a $(B)/libtxmodel.a tests/unit/check.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit $< $(B)/libtxtb.a $(B)/libtxmodel.a $(LDLIBS) -o $@

units: $(UNIT_BIN)

lint:
	$(VERILATOR) --lint-only -Wall -Irtl $(RTL_SRC)

regress:
	@./scripts/install-deps
	@$(MAKE) --no-print-directory $(B)/texcosim
	./$(B)/texcosim run vectors/*/*.jsonl

test: $(B)/texcosim $(UNIT_BIN)
	@./tests/run $(B)

clean:
	rm -rf build build-san

# ---- benchmark (bench/run; figures recorded in docs/performance.md) --------
bench: $(B)/texcosim
	./bench/run $(B)

# ---- fuzzing: libFuzzer harnesses (fuzz/) -----------------------------------
# The model and the vector reader are compiled again with clang, coverage
# instrumentation and ASan+UBSan; each harness links them with libFuzzer.
# pointer-overflow and nonnull-attribute are recoverable so that fuzz/ubsan.supp can name known
# findings; fuzz/run sets halt_on_error=1, so anything else still stops.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FZ           ?= build/fuzz
FUZZ_NAMES   := asm decode vector tic
FUZZ_BIN     := $(FUZZ_NAMES:%=$(FZ)/fuzz_%)
FUZZ_CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Icmodel -Itb \
                $(JSON_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                -fno-omit-frame-pointer -fsanitize-recover=pointer-overflow,nonnull-attribute
FUZZ_LIBOBJ  := $(MODEL_SRC:%.c=$(FZ)/obj/%.o) $(TB_SRC:%.c=$(FZ)/obj/%.o)

$(FZ)/obj/%.o: %.c $(wildcard cmodel/*.h tb/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FZ)/libfuzztx.a: $(FUZZ_LIBOBJ)
	@rm -f $@
	ar rcs $@ $^

$(FZ)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz.h $(FZ)/libfuzztx.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FZ)/libfuzztx.a $(LDLIBS) -o $@

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BIN)

fuzz: fuzz-build
	./fuzz/run $(FZ) $(FUZZ_SECONDS)

# Regenerate the checked-in vectors from the model (deterministic: a test
# checks that this reproduces the files byte for byte).
vectors: $(B)/texcosim
	./$(B)/texcosim gen --suite tlds-directed -o vectors/tlds/tlds-directed.jsonl
