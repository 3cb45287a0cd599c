# gtkwave_check.tcl - checks a texcosim save file inside GTKWave 3.3.
#
# Run headless by tests/extra/gtkwave.sh:
#   xvfb-run -a gtkwave -a VIEW.gtkw -S tests/extra/gtkwave_check.tcl VIEW.fst
# Expectations come from the environment (GTKWave reorders its command line,
# so arguments after "--" are not reliable):
#   WAVE_GTKW    the save file (its signal rows are checked)
#   WAVE_MARKER  expected primary marker time (the mismatch)
#   WAVE_ISSUE   expected time of named marker A (issue)      [optional]
#   WAVE_DONE    expected time of named marker B (done)       [optional]
#   WAVE_STAGE   first diverging stage name (gather .. pack)   [optional]
#   WAVE_LANE    lane that diverged there                      [optional]
#   WAVE_RESULT  file that receives "OK ..." or "FAIL ..." lines
# The script always ends GTKWave with /File/Quit; the verdict is the
# result file (GTKWave's exit status does not carry it).

set failures 0
set out [open $env(WAVE_RESULT) w]

proc note {ok text} {
    global out failures
    if {$ok} {
        puts $out "OK $text"
    } else {
        puts $out "FAIL $text"
        incr failures
    }
}

proc envget {name} {
    global env
    if {[info exists env($name)] && $env($name) ne ""} { return $env($name) }
    return ""
}

# The value of a displayed trace at the primary marker, as a number.
proc value_at_marker {name} {
    set v [gtkwave::getTraceValueAtMarkerFromName $name]
    if {[scan $v %x n] == 1} { return $n }
    return -1
}

# The displayed name that starts with a prefix ("TOP.tx_top.p_quad" ->
# "TOP.tx_top.p_quad[2:0]"), or "".
proc shown {prefix} {
    foreach s [gtkwave::getDisplayedSignals] {
        if {$s eq $prefix || [string first "$prefix\[" $s] == 0} { return $s }
    }
    return ""
}

if {[catch {
    # 1. Every signal row of the save file is a facility of the dump and is
    #    displayed (GTKWave silently drops rows it cannot find).
    set nfacs [gtkwave::getNumFacs]
    note [expr {$nfacs > 0}] "dump has $nfacs facilities"
    array set facs {}
    for {set i 0} {$i < $nfacs} {incr i} { set facs([gtkwave::getFacName $i]) 1 }
    set rows {}
    set f [open [envget WAVE_GTKW] r]
    while {[gets $f line] >= 0} {
        set c [string index $line 0]
        if {$line eq "" || [string first $c {[*@-^#}] >= 0} { continue }
        lappend rows $line
    }
    close $f
    set displayed [gtkwave::getDisplayedSignals]
    set missing {}
    foreach r $rows {
        if {![info exists facs($r)] || [lsearch -exact $displayed $r] < 0} { lappend missing $r }
    }
    note [expr {[llength $rows] > 0 && [llength $missing] == 0}] \
        "[llength $rows] signal rows, [llength $displayed] displayed, not in the dump: $missing"

    # 1b. Per-lane rows ("#{NAME[hi:lo]} (i)NAME[msb:0] ..."): each shows, at the
    #     primary marker, exactly bits hi..lo of the whole bus (docs/waves.md).
    set f [open [envget WAVE_GTKW] r]
    set nsplit 0
    set badsplit {}
    while {[gets $f line] >= 0} {
        if {![regexp {^#\{([^\}]*)\} \(\d+\)(\S+)} $line -> alias vec]} { continue }
        if {![regexp {^(.*)\[(\d+):(\d+)\]$} $alias -> abase hi lo]} { continue }
        if {![regexp {^(.*)\[(\d+):0\]$} $vec -> vbase msb] || $abase ne $vbase} { continue }
        if {($lo % 4) || (($hi - $lo + 1) % 4) || (($msb + 1) % 4)} { continue }
        incr nsplit
        set whole [string toupper [gtkwave::getTraceValueAtMarkerFromName $vec]]
        set part [string toupper [gtkwave::getTraceValueAtMarkerFromName $alias]]
        set n [expr {($msb + 1) / 4}]
        while {[string length $whole] < $n} { set whole "0$whole" }
        set k [expr {($hi - $lo + 1) / 4}]
        while {[string length $part] < $k} { set part "0$part" }
        set from [expr {($msb - $hi) / 4}]
        set want [string range $whole $from [expr {$from + $k - 1}]]
        if {$want ne $part} { lappend badsplit "$alias=$part (bus: $want)" }
    }
    close $f
    note [expr {$nsplit > 0 && [llength $badsplit] == 0}] \
        "$nsplit per-lane rows match their bus at the marker; wrong: $badsplit"

    # 2. Markers.
    set m [gtkwave::getMarker]
    note [expr {$m == [envget WAVE_MARKER]}] "primary marker $m, want [envget WAVE_MARKER]"
    if {[envget WAVE_ISSUE] ne ""} {
        set a [gtkwave::getNamedMarker A]
        note [expr {$a == [envget WAVE_ISSUE]}] "marker A (issue) $a, want [envget WAVE_ISSUE]"
        set v [gtkwave::getTraceValueAtNamedMarkerFromName A TOP.tx_top.issue_ready_o]
        note [expr {$v eq "1"}] "issue_ready_o at marker A is $v"
    }
    if {[envget WAVE_DONE] ne ""} {
        set b [gtkwave::getNamedMarker B]
        note [expr {$b == [envget WAVE_DONE]}] "marker B (done) $b, want [envget WAVE_DONE]"
        set v [gtkwave::getTraceValueAtNamedMarkerFromName B TOP.tx_top.done_valid_o]
        note [expr {$v eq "1"}] "done_valid_o at marker B is $v"
    }

    # 3. At the primary marker the diverging stage hands on the failing
    #    lane's quad.
    set stage [envget WAVE_STAGE]
    if {$stage ne "" && [envget WAVE_LANE] ne ""} {
        array set quadsig {gather u_quad.g_quad lod u_quad.l_quad addr u_quad.a_quad fetch u_quad.f_quad
                           format u_quad.m_quad filter u_quad.p_quad pack rf_wr_quad_o}
        array set validsig {gather tap_gather_valid_o lod tap_lod_valid_o addr tap_addr_valid_o
                            fetch tap_fetch_valid_o format tap_format_valid_o
                            filter tap_filter_valid_o pack rf_wr_valid_o}
        set want [expr {[envget WAVE_LANE] / 4}]
        set vs [shown TOP.tx_top.$validsig($stage)]
        set qs [shown TOP.tx_top.$quadsig($stage)]
        note [expr {$vs ne "" && [value_at_marker $vs] == 1}] "$vs at the marker is 1"
        note [expr {$qs ne "" && [value_at_marker $qs] == $want}] \
            "$qs at the marker is [expr {$qs ne "" ? [value_at_marker $qs] : "?"}], want $want"
    }
} err]} {
    note 0 "script error: $err"
}

puts $out "END failures=$failures"
close $out
gtkwave::/File/Quit
