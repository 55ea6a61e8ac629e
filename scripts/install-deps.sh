#!/usr/bin/env bash
# Installs the Debian packages the demo and the tests need, if any is missing.
# Runs apt-get as root, or through sudo otherwise.
set -euo pipefail

# Extra packages may be named on the command line (make bench adds libgtk-3-dev).
packages=(
  pkg-config libx11-dev libxft-dev libfontconfig-dev libxi-dev libxtst-dev   # build: Xlib, Xft, fontconfig, XInput 2, XTest
  libstdc++-12-dev                                                   # release link: libstdc++.a (scripts/static-libstdc++)
  libharfbuzz-dev libfribidi-dev                                     # build: shaping (HarfBuzz) and bidi (FriBidi)
  pango1.0-tools                                                     # tests: pango-view draws the reference pictures
  fontconfig fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji   # Latin (DejaVu, and Noto Sans, which many desktops make sans-serif), CJK and a color emoji font
  xvfb x11-utils x11-xserver-utils xdotool imagemagick               # headless display, xrdb, input, screenshots
  libatk1.0-dev libatk-bridge2.0-dev                                 # accessibility: ATK's headers, the AT-SPI bridge (loaded only when a bus runs)
  dbus-daemon at-spi2-core python3-pyatspi                           # accessibility tests: a private session bus, the accessibility bus, the pyatspi client
  gcc libc6-dev libgtk-3-dev                                         # accessibility tests build the GtkNotebook peer to compare with
  "$@"
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo="sudo"; else
      echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1
    fi
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
  echo "install-deps: the Swift toolchain (swift) is not on PATH; install Swift 6 from swift.org first" >&2
  exit 1
fi
