#!/usr/bin/env bash
# Remakes bench/link-order/segmented-demo.order for the current code and
# toolchain: build without an order (with a link map), record the code the
# demo runs at startup (callgrind), relink with that order, record the data it
# touches (lackey), and write code then data. Needs valgrind and python3, and
# an X display (run it through scripts/with-display.sh). A few minutes.
# usage: bench/link-order/regenerate.sh   (from the repository root)
set -euo pipefail
here=bench/link-order
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The release build's flags (the Makefile's RELEASE_LINK), without the order.
read -ra release <<< "$(make -s --no-print-directory print-release-link)"
flags=("${release[@]}" --product segmented-demo --scratch-path .build/link-order -Xlinker --no-demangle)
bin=.build/link-order/release/segmented-demo

# Valgrind (3.19, Debian 12) gives up on the toolchain's DWARF 5 debug
# information ("debuginfo reader: Possibly corrupted"): it runs a copy without
# it, which loads at the same addresses.
run=$work/segmented-demo
swift build "${flags[@]}" -Xlinker "-Map=$work/a.map"
objcopy --strip-debug "$bin" "$run"
valgrind --tool=callgrind --dump-instr=yes --compress-strings=no --compress-pos=no \
  --callgrind-out-file="$work/a.cg" "$run" --exit-after-first-frame 2>/dev/null
python3 "$here/order.py" text "$work/a.cg" "$work/a.map" "$work/text.order"

rm -f "$bin"
swift build "${flags[@]}" -Xlinker "-Map=$work/b.map" \
  -Xlinker "--symbol-ordering-file=$work/text.order" -Xlinker --no-warn-symbol-ordering
objcopy --strip-debug "$bin" "$run"
valgrind --tool=lackey --trace-mem=yes --log-file="$work/lackey.txt" "$run" --exit-after-first-frame >/dev/null 2>&1
python3 "$here/order.py" data "$work/lackey.txt" "$work/b.map" "$work/text.order" "$here/segmented-demo.order"
wc -l "$here/segmented-demo.order"
# SwiftPM does not track the order file: drop the release binary so that the next `make build` relinks with it.
rm -f .build/x86_64-unknown-linux-gnu/release/segmented-demo
