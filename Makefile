# texcosim - one Makefile for the model, the RTL, the testbench and the tests.
#
#   make            build build/texcosim
#   make regress    install missing packages, build, run every vector file
#   make regress-rand-reset   the same under 10 random-reset seeds (RR_SEEDS)
#   make test       unit tests, co-simulation of the vectors, negative tests
#   make lint       verilator --lint-only -Wall on rtl/
#   make SAN=1 ...  the same with AddressSanitizer + UBSan (build dir build-san)
#   make B=DIR ...  build somewhere else than build/
#   make bench      throughput, harness overhead and build-time figures (bench/run)
#   make fuzz-build libFuzzer harnesses of every parser (clang; build/fuzz)
#   make fuzz       run every harness, one after the other, for FUZZ_TIME
#                   seconds each (default 60; FUZZ_SECONDS is the old name)

SAN ?= 0
ifeq ($(SAN),1)
B        ?= build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# Verilator's runtime vendors GTKWave's FST writer, which stores 32-bit words
# at unaligned addresses and shifts negative values; those two checks are off
# for the runtime only (third-party code), everything else stays checked.
# The generated model gets the same flags, plus one: SystemVerilog signed
# arithmetic wraps by definition, and Verilator computes it with C++ signed
# ints (VL_MULS_III multiplies two int32_t), so it is built with -fwrapv and
# without the signed-overflow check.  Random initial values (--rand-reset)
# reach such a multiply with large operands.
RT_SANFLAGS := $(SANFLAGS) -fno-sanitize=alignment,shift-base,signed-integer-overflow -fwrapv
OPT      := -O1 -g
else
RT_SANFLAGS :=
B        ?= build
SANFLAGS :=
OPT      := -O2 -g
endif

CC       ?= gcc
CXX      ?= g++
VERILATOR ?= verilator
VINC     := /usr/share/verilator/include
JSON_CFLAGS := $(shell pkg-config --cflags json-c 2>/dev/null)
JSON_LIBS   := $(shell pkg-config --libs json-c 2>/dev/null || echo -ljson-c)

# tb/ is grouped by job (docs/architecture.md): every folder is on the include path.
TB_DIRS  := $(patsubst %/,%,$(sort $(dir $(wildcard tb/*/*))))
TB_INC   := -Itb $(addprefix -I,$(TB_DIRS))
CFLAGS   := -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) -Wall -Wextra -Icmodel $(TB_INC) $(JSON_CFLAGS) $(SANFLAGS)
CXXFLAGS := -std=c++14 $(OPT) -Wall -Wextra $(TB_INC) -I$(B)/vl -isystem $(VINC) -isystem $(VINC)/vltstd -faligned-new $(SANFLAGS)
PNG_LIBS := $(shell pkg-config --libs libpng 2>/dev/null || echo -lpng)
LDLIBS   := $(JSON_LIBS) $(PNG_LIBS) -lz -lm -pthread -latomic

MODEL_SRC := $(wildcard cmodel/*.c)
MODEL_OBJ := $(MODEL_SRC:%.c=$(B)/%.o)
TB_SRC    := $(wildcard tb/*/*.c)
TB_OBJ    := $(TB_SRC:%.c=$(B)/%.o)
RTL_SRC   := rtl/tx_pkg.sv $(filter-out rtl/tx_pkg.sv,$(wildcard rtl/*.sv))
UNIT_SRC  := $(wildcard tests/unit/test_*.c)
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

# --x-assign/--x-initial unique: every variable starts at a value drawn from
# the context's randReset/randSeed (0 unless `run --rand-reset SEED`); the
# RTL has no X assignments, so this costs nothing per cycle
# (docs/performance.md, "Random reset").
VFLAGS := --cc -O3 --x-assign unique --x-initial unique --trace-fst --top-module tx_top \
          -Wno-fatal -Irtl -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1"
ifeq ($(SAN),1)
# The generated model gets the runtime's two exceptions: its C++ shifts
# promoted negative ints left (`(~ (IData)(bool)) << 1U`, undefined in C++14,
# defined in C++20), and its FST trace code stores words at unaligned
# addresses (the wave replay of every failure goes through it).  Everything
# else stays checked.
VFLAGS += -CFLAGS "$(RT_SANFLAGS)"
# Anything linked against the build-san libraries (including tests/extra
# scripts that take $(LDLIBS) from this Makefile) needs the runtimes.
LDLIBS += $(SANFLAGS)
# Leak checking on; a sanitizer report exits 86, so that it cannot pass for
# texcosim's own 1 (mismatch) or 2 (bad input).  The environment wins.
ASAN_OPTIONS  ?= detect_leaks=1:exitcode=86
UBSAN_OPTIONS ?= print_stacktrace=1:exitcode=86
export ASAN_OPTIONS UBSAN_OPTIONS
endif

# ---- warps: test-only RTL variants ----
# VDEFINES=+define+TX_MUT_TAG_SWAP builds the tag-fault mutation the warps
# test uses (docs/regression.md); a change re-verilates (vflags.txt).
VFLAGS += $(VDEFINES)
# ---- end of warps ----

.PHONY: all regress test lint clean bench vectors
all: $(B)/texcosim

$(B)/%.o: %.c $(wildcard cmodel/*.h tb/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(B)/libtxmodel.a: $(MODEL_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/libtxtb.a: $(TB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# Verilated RTL.  The runtime library is built once and reused across RTL
# edits: rebuilding it is the slow part of a build (docs/performance.md).
# The model is verilated again when VFLAGS change (SAN=1, --x-assign ...).
$(B)/vl/vflags.txt: FORCE
	@mkdir -p $(B)/vl
	@echo '$(VFLAGS)' | cmp -s - $@ || echo '$(VFLAGS)' >$@

.PHONY: FORCE
FORCE:

$(B)/vl/Vtx_top__ALL.a: $(RTL_SRC) $(B)/vl/vflags.txt
	@mkdir -p $(B)/vl
	$(VERILATOR) $(VFLAGS) -Mdir $(B)/vl $(RTL_SRC)
	$(MAKE) -s -C $(B)/vl -f Vtx_top.mk Vtx_top__ALL.a

$(B)/vl/libverilated.a:
	@mkdir -p $(B)/vl/rt
	cd $(B)/vl/rt && for f in verilated verilated_fst_c verilated_threads; do \
	  $(CXX) $(OPT) $(RT_SANFLAGS) -faligned-new -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_SC=0 \
	    -I$(VINC) -I$(VINC)/vltstd -c $(VINC)/$$f.cpp -o $$f.o || exit 1; done
	ar rcs $@ $(B)/vl/rt/*.o

$(B)/sim.o: tb/core/sim.cpp tb/core/sim.h $(B)/vl/Vtx_top__ALL.a
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

# J = worker processes (default: every online core); results in
# $(B)/regress.jsonl and JUnit XML in $(B)/regress.xml (docs/regression.md).
J ?= $(shell nproc 2>/dev/null || echo 1)
regress:
	@./scripts/install-deps
	@$(MAKE) --no-print-directory $(B)/texcosim
	./$(B)/texcosim run -j $(J) --junit $(B)/regress.xml --results $(B)/regress.jsonl vectors/*/*.jsonl

test: $(B)/texcosim $(UNIT_BIN)
	@./tests/run $(B)

# The whole regression under random initial RTL state, one run per seed
# (docs/regression.md, "Random reset").  `make test` runs a subset.
RR_SEEDS ?= 1 2 3 4 5 6 7 8 9 10
.PHONY: regress-rand-reset
regress-rand-reset: $(B)/texcosim
	@for s in $(RR_SEEDS); do \
	  ./$(B)/texcosim run -q -j $(J) --no-waves --rand-reset $$s vectors/*/*.jsonl >$(B)/rand-reset.log 2>&1 || \
	    { tail -n 20 $(B)/rand-reset.log; echo "rand-reset seed $$s: FAILED"; exit 1; }; \
	  echo "rand-reset seed $$s: $$(grep '^total' $(B)/rand-reset.log | awk '{print $$2" vectors, "$$4" passed"}')"; \
	done

# ---- warps: every vector file under the whole --warps matrix ----
# K warps x memory timing (latency:jitter:backpressure:seed) x issue order
# (docs/regression.md, "Warps"); `make test` runs a subset.
WARPS_K      ?= 1 4 8 16
WARPS_TIMING ?= 1:0:0:1 20:10:25:2 100:50:40:3
.PHONY: regress-warps test-warps-mutant
regress-warps: $(B)/texcosim test-warps-mutant
	@for k in $(WARPS_K); do for t in $(WARPS_TIMING); do for ord in rr random:$$k; do \
	  set -- $$(echo $$t | tr : ' '); \
	  ./$(B)/texcosim run -q -j $(J) --no-waves --warps $$k --issue-order $$ord --latency $$1 \
	    --jitter $$2 --backpressure $$3 --seed $$4 vectors/*/*.jsonl >$(B)/regress-warps.log 2>&1 || \
	    { tail -n 20 $(B)/regress-warps.log; echo "warps $$k order $$ord timing $$t: FAILED"; exit 1; }; \
	  echo "warps $$k order $$ord timing $$t: $$(grep '^total' $(B)/regress-warps.log | awk '{print $$2" vectors, "$$4" passed"}')"; \
	done; done; done
# The tag-fault variant of the RTL (a full build into $(B)-tagswap) must be
# caught, with the right vectors named (tests/warps-mutant.sh).
test-warps-mutant: $(B)/texcosim
	@sh tests/warps-mutant.sh $(B)
# ---- end of warps ----

# Open the most recent waves of a failure in GTKWave (docs/waves.md).
# WAVE=PATH picks a .gtkw, .fst, results file or directory instead.
.PHONY: wave
wave: $(B)/texcosim
	$(B)/texcosim wave $(if $(WAVE),$(WAVE),$${TEXCOSIM_WAVE_DIR:-build/waves})

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
FUZZ_TIME    ?= $(FUZZ_SECONDS)
FZ           ?= build/fuzz
FUZZ_NAMES   := asm decode vector tic
FUZZ_BIN     := $(FUZZ_NAMES:%=$(FZ)/fuzz_%)
FUZZ_CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Icmodel $(TB_INC) \
                $(JSON_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                -fno-omit-frame-pointer -fsanitize-recover=pointer-overflow,nonnull-attribute
FUZZ_LIBOBJ  := $(MODEL_SRC:%.c=$(FZ)/obj/%.o) $(TB_SRC:%.c=$(FZ)/obj/%.o)

$(FZ)/obj/%.o: %.c $(wildcard cmodel/*.h tb/*/*.h)
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
	./fuzz/run $(FZ) $(FUZZ_TIME) $(FUZZ_NAMES)

# Regenerate the checked-in vectors from the model (deterministic: a test
# checks that this reproduces the files byte for byte).
vectors: $(B)/texcosim
	./$(B)/texcosim gen --suite tlds-directed -o vectors/tlds/tlds-directed.jsonl
	./$(B)/texcosim gen --suite d3d-directed -o vectors/d3d/d3d-directed.jsonl
	./$(B)/texcosim gen --suite tlds-seed -o vectors/tlds/seed-examples.jsonl
	./$(B)/texcosim gen --suite tlds-forms -o vectors/tlds/forms.jsonl
	./$(B)/texcosim gen --suite tlds-formats -o vectors/tlds/formats.jsonl
	./$(B)/texcosim gen --suite tlds-layouts -o vectors/tlds/layouts.jsonl
	./$(B)/texcosim gen --suite tlds-errors -o vectors/tlds/errors.jsonl
	./$(B)/texcosim gen --suite tlds-random --seed 1 --count 300 -o vectors/tlds/tlds-random.jsonl
	./$(B)/texcosim gen --suite suld-directed -o vectors/suld/suld-directed.jsonl
	./$(B)/texcosim gen --suite suld-random --seed 1 --count 300 -o vectors/suld/suld-random.jsonl
	./$(B)/texcosim gen --suite suld-seed -o vectors/suld/seed-examples.jsonl
	./$(B)/texcosim gen --suite pixld-directed -o vectors/pixld/pixld-directed.jsonl
	./$(B)/texcosim gen --suite pixld-random --seed 1 --count 120 -o vectors/pixld/pixld-random.jsonl
	./$(B)/texcosim gen --suite pixld-seed -o vectors/pixld/seed-examples.jsonl
	./$(B)/texcosim gen --suite tex-directed -o vectors/tex/tex-directed.jsonl
	./$(B)/texcosim gen --suite tex-seed -o vectors/tex/seed-examples.jsonl
	./$(B)/texcosim gen --suite tex-random --seed 1 --count 230 -o vectors/tex/tex-random.jsonl

# ---- RTL code coverage: make coverage (docs/coverage.md) -------------------
# The RTL verilated again with --coverage-line --coverage-toggle into
# $(COVB) (the C libraries are shared with $(B)), the regression run with
# every simulator writing its counters to $(COVB)/dat when it is freed
# (tb/core/sim.cpp, VM_COVERAGE), then verilator_coverage -> lcov info -> genhtml.
COVB        ?= build-cov
COV_VECTORS ?= vectors/*/*.jsonl
COV_VFLAGS  := $(VFLAGS) --coverage-line --coverage-toggle

$(COVB)/vl/Vtx_top__ALL.a: $(RTL_SRC)
	@mkdir -p $(COVB)/vl
	$(VERILATOR) $(COV_VFLAGS) -Mdir $(COVB)/vl $(RTL_SRC)
	$(MAKE) -s -C $(COVB)/vl -f Vtx_top.mk Vtx_top__ALL.a

$(COVB)/vl/libverilated.a:
	@mkdir -p $(COVB)/vl/rt
	cd $(COVB)/vl/rt && for f in verilated verilated_fst_c verilated_threads verilated_cov; do \
	  $(CXX) $(OPT) -faligned-new -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_SC=0 -DVM_COVERAGE=1 \
	    -I$(VINC) -I$(VINC)/vltstd -c $(VINC)/$$f.cpp -o $$f.o || exit 1; done
	ar rcs $@ $(COVB)/vl/rt/*.o

$(COVB)/sim.o: tb/core/sim.cpp tb/core/sim.h $(COVB)/vl/Vtx_top__ALL.a
	$(CXX) $(filter-out -I$(B)/vl,$(CXXFLAGS)) -I$(COVB)/vl -DVM_COVERAGE=1 -c $< -o $@

$(COVB)/texcosim: $(B)/tb/main.o $(B)/libtxtb.a $(B)/libtxmodel.a $(COVB)/sim.o \
                  $(COVB)/vl/Vtx_top__ALL.a $(COVB)/vl/libverilated.a
	$(CXX) $(SANFLAGS) -o $@ $(B)/tb/main.o $(B)/libtxtb.a $(B)/libtxmodel.a $(COVB)/sim.o \
	  $(COVB)/vl/Vtx_top__ALL.a $(COVB)/vl/libverilated.a $(LDLIBS)

.PHONY: coverage render
coverage: $(COVB)/texcosim
	@rm -rf $(COVB)/dat $(COVB)/html $(COVB)/coverage.info
	@mkdir -p $(COVB)/dat
	-TEXCOSIM_COVERAGE_DIR=$(COVB)/dat ./$(COVB)/texcosim run -q -j 1 $(COV_VECTORS)
	@verilator_coverage --write $(COVB)/merged.dat $(COVB)/dat/*.dat
	@verilator_coverage --annotate $(COVB)/annotated $(COVB)/merged.dat 2>&1 | \
	  sed -n 's/^Total coverage/RTL line + toggle points (Verilator):/p'
	@verilator_coverage --write-info $(COVB)/coverage.info $(COVB)/merged.dat
	@genhtml -q --output-directory $(COVB)/html --title "texcosim RTL coverage" \
	  $(COVB)/coverage.info >$(COVB)/genhtml.log 2>&1 || { cat $(COVB)/genhtml.log; exit 1; }
	@lcov --summary $(COVB)/coverage.info 2>&1 | grep -E 'lines|functions|branches'
	@echo "RTL coverage report: $(COVB)/html/index.html (line + toggle, merged into lines by lcov)"

# ---- pictures sampled through the unit: make render (docs/coverage.md) -----
RENDER_DIR ?= $(B)/render
render: $(B)/texcosim
	./$(B)/texcosim render --format A8B8G8R8 --layout pitch --size 64x64 --out $(RENDER_DIR)/a8b8g8r8-pitch
	./$(B)/texcosim render --format A8B8G8R8 --layout blocklinear --size 64x64 --out $(RENDER_DIR)/a8b8g8r8-bl-tegra
	./$(B)/texcosim render --format B5G6R5 --layout blocklinear --gob desktop --size 96x64 --out $(RENDER_DIR)/b5g6r5-bl-desktop
	./$(B)/texcosim render --format R16G16B16A16 --dtype FLOAT --f16 --size 80x48 --latency 6 --jitter 4 --backpressure 25 --out $(RENDER_DIR)/rgba16f-f16
	./$(B)/texcosim render --pixld --out $(RENDER_DIR)/pixld
