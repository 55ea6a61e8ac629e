#!/usr/bin/env bash
# A short scripted tour of segmented-tabbed with three real xterms, through
# the real X input path (XTest, via xdotool): one retitled by an escape
# sequence typed into it, one asking for attention (its bell, with
# bellIsUrgent), a switch by Ctrl+Shift+h, a reorder by Ctrl+Shift+j, a
# close by the tab's x, and a tab torn off (held until it lifts, dragged down
# out of the strip: its image over the terminal). Saves PNG screenshots of
# the window and prints their paths.
# usage: scripts/tabbed-tour.sh BINARY OUTPUT_DIR [TABBED OPTIONS...]   (needs $DISPLAY and xterm)
set -euo pipefail
bin=${1:?usage: tabbed-tour.sh BINARY OUTPUT_DIR}
out=${2:?usage: tabbed-tour.sh BINARY OUTPUT_DIR}
shift 2
mkdir -p "$out"
trace="$out/trace.jsonl"
rm -f "$trace"

"$bin" --trace -s -g 640x360 "$@" >"$trace" &
tabbed=$!
pids=()
trap 'kill $tabbed "${pids[@]}" 2>/dev/null || true' EXIT

# Waits up to 10 s for the trace's event $1 (the n-th one, $2, default 1).
wait_for() {
  for _ in $(seq 200); do
    n=$(grep -c -- "\"event\":\"$1\"" "$trace" 2>/dev/null || true)
    [ "${n:-0}" -ge "${2:-1}" ] && return 0
    if ! kill -0 "$tabbed" 2>/dev/null; then echo "tabbed-tour: segmented-tabbed exited" >&2; exit 1; fi
    sleep 0.05
  done
  echo "tabbed-tour: no '$1' in the trace within 10 s" >&2; exit 1
}
wait_for ready
wid=$(grep -m1 '"event":"ready"' "$trace" | sed -E 's/.*"window":([0-9]+).*/\1/')
strip=$(grep -m1 '"event":"ready"' "$trace" | sed -E 's/.*"stripWindow":([0-9]+).*/\1/')

shots=()
# A screenshot once the strip has settled after what was just done (a settled line after the count taken before it).
settled=0
mark() { settled=$(grep -c '"event":"settled"' "$trace" || true); }
shot() { wait_for settled $((settled + 1)); sleep 0.1; import -window "$wid" "$out/$1.png"; shots+=("$out/$1.png"); }
# Each with a plain sh: a user's shell start-up files are not the tour's.
term() { xterm -into "$wid" -fa Monospace -fs 10 -xrm 'XTerm*bellIsUrgent: true' "$@" 2>/dev/null & pids+=($!); }

# "build" rings its bell once it is no longer shown: its tab asks for attention.
term -T build -e sh -c 'sleep 2; printf "\a"; exec sh'
wait_for adopted 1
term -T editor -e sh
wait_for adopted 2
# "shell" is retitled by an escape sequence typed into it.
term -T shell -e sh
wait_for adopted 3
# The keyboard to the container, as a window manager gives it: it passes it to the tab shown.
xdotool windowfocus "$wid"
xdotool type --delay 40 "printf '\\033]0;~/src/segmented-strip\\007'"
xdotool key Return
wait_for title 1
wait_for attention 1
sleep 1   # the new title's and the badge's glides
import -window "$wid" "$out/01-three-terminals.png"; shots+=("$out/01-three-terminals.png")
mark
xdotool key ctrl+shift+h
wait_for selected 4
shot 02-switched
mark
xdotool key ctrl+shift+j
shot 03-moved
# The x of the tab shown (from the last settled line) closes it: xterm exits.
x=$(grep '"event":"settled"' "$trace" | tail -1 | python3 -c 'import json,sys; s=json.loads(sys.stdin.read()); b=s["tabs"][s["selectedIndex"]]["closeButton"]; print(int(b["x"]+b["width"]/2), int(b["y"]+b["height"]/2))')
mark
xdotool mousemove --window "$strip" ${x% *} ${x#* } mousedown 1 sleep 0.08 mouseup 1
wait_for closed 1
shot 04-closed
# The tab shown, held until it lifts, then down over its terminal, 16 ms a step: its image follows the pointer.
x=$(grep '"event":"settled"' "$trace" | tail -1 | python3 -c 'import json,sys; s=json.loads(sys.stdin.read()); t=s["tabs"][s["selectedIndex"]]; print(int(t["x"]+t["width"]/2), int(t["y"]+t["height"]/2))')
xdotool mousemove --window "$strip" ${x% *} ${x#* } mousedown 1
wait_for lifted 1
for y in 60 100 140 180 220; do xdotool mousemove --window "$strip" $(( ${x% *} + (y - 60) / 2 )) $y; sleep 0.016; done
sleep 0.3
import -window root -crop 640x360+0+0 "$out/05-tearing-off.png"; shots+=("$out/05-tearing-off.png")
xdotool mouseup 1
wait_for closed 2
kill "$tabbed"
trap - EXIT
kill "${pids[@]}" 2>/dev/null || true
echo "tabbed-tour: trace in $trace" >&2
printf '%s\n' "${shots[@]}"
