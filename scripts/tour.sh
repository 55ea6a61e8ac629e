#!/usr/bin/env bash
# A short scripted tour of the demo through the real X input path (XTest, via
# xdotool): clicks on several titles, a drag, a click after it, a wheel notch,
# End and Left, hover, a flick that glides, a swipe of the pages, a title
# lifted by a held press and dragged to another place, and a middle-click close, then q.
# Saves PNG screenshots of the window and prints their paths.
# usage: scripts/tour.sh BINARY OUTPUT_DIR [DEMO FLAGS...]   (needs $DISPLAY)
set -euo pipefail
bin=${1:?usage: tour.sh BINARY OUTPUT_DIR}
out=${2:?usage: tour.sh BINARY OUTPUT_DIR}
shift 2
mkdir -p "$out"
trace="$out/trace.jsonl"

# A trace left by the last tour must not be read as this one's first frame.
rm -f "$trace"
"$bin" --trace --closable on --reorderable on "$@" >"$trace" &
demo=$!
trap 'kill $demo 2>/dev/null || true' EXIT

# The demo refusing its flags or titles has said why on stderr: its status is the tour's, at once.
for _ in $(seq 200); do
  grep -q '"firstFrame"' "$trace" 2>/dev/null && break
  if ! kill -0 "$demo" 2>/dev/null; then
    status=0; wait "$demo" || status=$?
    trap - EXIT
    exit "$status"
  fi
  sleep 0.05
done
grep -q '"firstFrame"' "$trace" || { echo "tour: the demo did not draw a frame within 10 s" >&2; exit 1; }
wid=$(grep -m1 '"ready"' "$trace" | sed -E 's/.*"window":([0-9]+).*/\1/')

shots=()
shot() { import -window "$wid" "$out/$1.png"; shots+=("$out/$1.png"); }
# A click held 80 ms, as a hand holds it.
click() { xdotool mousemove --window "$wid" "$1" 22 mousedown 1 sleep 0.08 mouseup 1; }

shot 01-start
click 330; sleep 0.12; shot 02-mid-tween; sleep 0.4; shot 03-selected-right
click 330; sleep 0.5; shot 04-selected-further
click 40; sleep 0.5; shot 05-selected-left
xdotool mousemove --window "$wid" 350 22 mousedown 1
for x in 330 300 260 220 180 150; do xdotool mousemove --window "$wid" "$x" 22; sleep 0.02; done
xdotool mouseup 1; sleep 0.2; shot 06-dragged
click 200; sleep 0.5; shot 07-after-drag-click
xdotool mousemove --window "$wid" 200 22 mousedown 5 sleep 0.02 mouseup 5; sleep 0.4; shot 08-wheel-down
xdotool key End; sleep 0.5; shot 09-key-end
xdotool key Left; sleep 0.5
xdotool mousemove --window "$wid" 120 22; sleep 0.7; shot 10-hover   # long enough for a tooltip (0.5 s) when an item has one
xdotool mousemove --window "$wid" 100 22 mousedown 1
for x in 130 160 190 220; do xdotool mousemove --window "$wid" "$x" 22; sleep 0.01; done
xdotool mouseup 1; sleep 0.15; shot 11-gliding; sleep 1.5; shot 12-glide-rest
# A swipe of the pages under the strip: held at a quarter and at 60 % of a page
# (the indicator and title blend follow), then let go: it settles on the next page.
xdotool key Home; sleep 0.5; shot 13-swipe-start
xdotool mousemove --window "$wid" 300 120 mousedown 1
for x in 290 270 250 230 210 200; do xdotool mousemove --window "$wid" "$x" 120; sleep 0.02; done
sleep 0.3; shot 14-swipe-25
for x in 180 160 140 120 100 80 60; do xdotool mousemove --window "$wid" "$x" 120; sleep 0.02; done
sleep 0.3; shot 15-swipe-60
xdotool mouseup 1; sleep 0.6; shot 16-swipe-settled
# Tabs that move and close: a press held still lifts the title under it, which
# is dragged over its neighbour and dropped there; a middle-click closes the
# title left of it, whose room closes (its x shows on hover).
xdotool mousemove --window "$wid" 200 22 mousedown 1; sleep 0.6
for x in 215 230 245 260 275 290 305 320 335; do xdotool mousemove --window "$wid" "$x" 22; sleep 0.02; done
sleep 0.1; shot 17-moving; xdotool mouseup 1; sleep 0.5; shot 18-moved
xdotool mousemove --window "$wid" 120 22 mousedown 2 sleep 0.08 mouseup 2; sleep 0.1; shot 19-closing; sleep 0.5; shot 20-closed
xdotool mousemove --window "$wid" 200 120 key q
status=0; wait $demo || status=$?
trap - EXIT
echo "tour: demo exited with status $status; trace in $trace" >&2
printf '%s\n' "${shots[@]}"
[ "$status" -eq 0 ]
