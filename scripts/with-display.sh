#!/usr/bin/env bash
# Runs a command with an X display: $DISPLAY when it answers, otherwise a
# private Xvfb (24-bit, on the first free display number) that is stopped
# when the command ends. The command's exit status is kept.
set -uo pipefail

# A server that accepts but never answers counts as not answering.
if [ -n "${DISPLAY:-}" ] && timeout 5 xdpyinfo >/dev/null 2>&1; then
  exec "$@"
fi

dir=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
xvfb=$!
cleanup() { kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT
for _ in $(seq 100); do
  [ -s "$dir/display" ] && break
  if ! kill -0 "$xvfb" 2>/dev/null; then echo "with-display: Xvfb failed:" >&2; cat "$dir/xvfb.log" >&2; exit 1; fi
  sleep 0.05
done
if [ ! -s "$dir/display" ]; then echo "with-display: Xvfb did not start" >&2; exit 1; fi
export DISPLAY=":$(head -n1 "$dir/display")"
echo "with-display: started Xvfb on $DISPLAY" >&2
"$@"
