# verilated-runtime.mk - read after a Verilator-generated V<prefix>.mk, which
# reads Verilator's own include/verilated.mk:
#
#   make -f Vtx_top.mk -f verilated-runtime.mk vl-runtime
#
# builds the runtime objects that verilated.mk names for this model
# (VK_GLOBAL_OBJS: verilated, verilated_fst_c, verilated_threads, ... by
# version) with verilated.mk's own compile rule and flags, archives them as
# libverilated.a, and writes the link libraries verilated.mk adds (LDLIBS:
# -lz, -llz4 from 5.050, the thread libraries) to ldlibs.txt.
.PHONY: vl-runtime
vl-runtime: $(VK_GLOBAL_OBJS)
	rm -f libverilated.a
	$(AR) rcs libverilated.a $(VK_GLOBAL_OBJS)
	echo '$(strip $(LDLIBS))' >ldlibs.txt
