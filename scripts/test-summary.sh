#!/usr/bin/env bash
# Runs an XCTest command (swift test), keeps its whole output in LOG, and ends
# with a summary of what failed, so that a failure is not lost in the ~500
# lines of a run: one "FAILED: Suite.test" line per failed test with its first
# failure messages, "CRASHED: Suite.test" for a test the process died in, and
# a closing line "N passed, M failed" (CI reads the last line).
# The exit status is the command's.
# usage: scripts/test-summary.sh LOG COMMAND [ARGS...]
set -uo pipefail
log=${1:?usage: test-summary.sh LOG COMMAND [ARGS...]}
shift
mkdir -p "$(dirname "$log")"

"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# XCTest's lines on Linux, and the -[Suite test] spelling of Darwin:
#   Test Case 'Suite.test' started at ... / passed (0.1 s) / failed (...) / skipped (...)
#   /path/File.swift:12: error: Suite.test : XCTAssertEqual failed: ...
# Tests are counted from their own lines: XCTest's "Executed N tests, with M
# failures" counts assertions, not tests, and a crash leaves no total line.
awk -v status="$status" -v logfile="$log" -v cwd="$PWD/" -v q="'" '
function name(s) {
    if (s ~ /^-\[.* .*\]$/) { s = substr(s, 3, length(s) - 3); sub(/ /, ".", s) }
    return s
}
function quoted(line,   rest) {
    rest = substr(line, index(line, q) + 1)
    return name(substr(rest, 1, index(rest, q) - 1))
}
/^Test Case .* started/ { running = quoted($0); next }
/Fatal error: |Exited with (unexpected )?signal/ { crash = $0 }
/^Test Case .* (passed|failed|skipped) \(/ {
    t = quoted($0)
    if (running == t) running = ""
    if ($0 ~ / passed \(/) passed++
    else if ($0 ~ / skipped \(/) skipped++
    else if (!(t in failed)) { failed[t] = 1; order[++nfailed] = t }
    next
}
/: error: .* : / {
    i = index($0, ": error: "); where = substr($0, 1, i - 1); rest = substr($0, i + 9)
    if (index(where, cwd) == 1) where = substr(where, length(cwd) + 1)
    j = index(rest, " : "); if (j == 0) next
    t = name(substr(rest, 1, j - 1))
    if (++count[t] <= 3) messages[t] = messages[t] "  " where ": " substr(rest, j + 3) "\n"
}
END {
    print ""
    print "==== summary (the full output is in " logfile ") ===="
    for (k = 1; k <= nfailed; k++) {
        t = order[k]
        print "FAILED: " t
        printf "%s", messages[t]
        if (count[t] > 3) print "  ... and " (count[t] - 3) " more failures in this test"
    }
    if (running != "") {
        print "CRASHED: " running " (the test process died in it: see the end of the log)"
        if (crash != "") print "  " crash
        nfailed++
    }
    if (skipped > 0) print skipped " skipped"
    if (status != 0 && nfailed == 0)
        print "the test command exited with status " status " and no test failed (a build error, a crash outside a test or a sanitizer report: see the log)"
    else if (nfailed > 0)
        print nfailed " failed test" (nfailed == 1 ? "" : "s") "; the test command exited with status " status
    print passed + 0 " passed, " nfailed + 0 " failed"
}' "$log"

exit "$status"
