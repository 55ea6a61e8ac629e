#!/usr/bin/env bash
# One screenshot per style of the gallery (docs/styles.md): the demo started with each
# style's flags, shot at rest (or half-way through a slowed tween for the
# animations), cropped to the strip. Writes OUTPUT_DIR/NN-name.png and prints
# a Markdown table of them.
# usage: scripts/styles.sh BINARY OUTPUT_DIR   (needs $DISPLAY)
set -euo pipefail
bin=${1:?usage: styles.sh BINARY OUTPUT_DIR}
out=${2:?usage: styles.sh BINARY OUTPUT_DIR}

short=docs/styles/short-titles.json   # run from the repository root (make styles)
long=docs/styles/long-titles.json
icons=docs/styles/icon-titles.json
mkdir -p "$out"
table=()

# shot NAME "caption" WIDTHxHEIGHT MID_TWEEN_SECONDS|- FLAGS...
shot() {
  local name=$1 caption=$2 size=$3 wait=$4
  shift 4
  local trace="$out/.trace"
  "$bin" --trace --geometry "$size" "$@" >"$trace" &
  local demo=$!
  for _ in $(seq 200); do grep -q '"firstFrame"' "$trace" 2>/dev/null && break; sleep 0.05; done
  grep -q '"firstFrame"' "$trace" || { echo "styles: $name drew no frame" >&2; kill $demo; exit 1; }
  local wid
  wid=$(grep -m1 '"ready"' "$trace" | sed -E 's/.*"window":([0-9]+).*/\1/')
  xdotool mousemove 1279 799
  if [ "$wait" != "-" ]; then
    # Half-way through a slowed tween from the selected segment to the fourth one.
    xdotool mousemove --window "$wid" 300 22 click 1 mousemove 1279 799
    sleep "$wait"
  else
    sleep 0.3
  fi
  import -window "$wid" "$out/$name.png"
  kill $demo; wait $demo 2>/dev/null || true
  table+=("| \`${*:-(defaults)}\` | $caption | ![$name](styles/$name.png) |")
}

shot 01-default "The design: 30 x 3 underline, bold red selected title" 400x45 - --select 2
shot 02-title-top "Indicator as wide as the title + 8, at the top, rounded" 400x45 - --select 2 --indicator-width title+8 --indicator-location top --indicator-radius 2
shot 03-box "Translucent rounded box behind the title" 400x45 - --select 2 --indicator-shape box --indicator-opacity 0.15 --indicator-radius 8 --indicator-width title+16
shot 04-segment-blue "Full-segment underline in another accent" 400x45 - --select 2 --indicator-width segment --accent-color '#1E88E5'
shot 05-dark "Dark theme: every color is a flag or an X resource" 400x45 - --select 2 --background-color '#121212' --text-color '#9E9E9E' --hover-text-color '#E0E0E0' --accent-color '#FFB300' --separator-color '#333333'
shot 06-fill-start "Few titles, spare room after them (start, the default)" 400x45 - --titles-file "$short" --select 1
shot 07-fill-center "Spare room: center" 400x45 - --titles-file "$short" --select 1 --fill center
shot 08-fill-spread "Spare room: spread among the gaps" 400x45 - --titles-file "$short" --select 1 --fill spread
shot 09-fill-stretch "Spare room: stretch the segments (segment-wide indicator)" 400x45 - --titles-file "$short" --select 1 --fill stretch --indicator-width segment
shot 10-elided "Long titles elided at 120 px with the same font chain" 400x45 - --titles-file "$long" --select 1 --max-segment-width 120
shot 11-scale-2 "Scale 2 (Xft.dpi 192 or --scale 2): every metric doubled, text rasterized at 30/34 px" 800x90 - --select 2 --scale 2
shot 12-rtl "Right to left: the first title at the right" 400x45 - --select 2 --rtl
shot 13-blend-mid "Title blend half-way: color in linear light, 16 px between 15 and 17" 400x45 1.0 --select 2 --duration 2 --easing linear
shot 14-switch-mid "Switch at start, half-way: the new title is already selected" 400x45 1.0 --select 2 --duration 2 --easing linear --title-transition switch
shot 15-elastic-mid "Elastic indicator half-way (stretched between the two titles)" 400x45 1.0 --select 0 --duration 2 --easing linear --indicator-animation elastic
shot 16-lengthen-mid "Lengthen indicator half-way (grown toward the target)" 400x45 1.0 --select 0 --duration 2 --easing linear --indicator-animation lengthen
shot 17-items "Items (Resources/items.json): count, dot, text and 99+ badges, a theme icon, a disabled item" 400x45 - --titles-file Resources/items.json --select 0
shot 18-icons-before "Symbolic theme icons in the title's color, before the titles (the default)" 400x45 - --titles-file "$icons" --select 0
shot 19-icons-after "Icons after the titles" 400x45 - --titles-file "$icons" --select 0 --icon-position after
shot 20-icons-above "Icons above the titles: the strip grows to its preferred height" 400x59 - --titles-file "$icons" --select 0 --icon-position above
shot 21-icons-rtl "Icons right to left: before the title is to its right" 400x45 - --titles-file "$icons" --select 0 --rtl
rm -f "$out/.trace"

echo "| Flags | Style | Screenshot |"
echo "|---|---|---|"
printf '%s\n' "${table[@]}"
