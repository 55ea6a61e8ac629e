#!/usr/bin/env bash
# Installs the Debian packages that are missing, for one of two uses:
#   install-deps.sh run    what building and running the demo need (make run, make build, make install),
#                          the scripted tour on a private Xvfb included;
#   install-deps.sh test   that and what the tests need (make test, test-sanitized, fuzz, soak, bench).
# Extra packages may follow the set's name. Runs apt-get as root, or through sudo otherwise.
# The lists are in the README ("The two commands"); --list prints a set's packages and installs nothing.
set -euo pipefail

list_only=false
if [ "${1:-}" = "--list" ]; then list_only=true; shift; fi
set_name=${1:-test}
case "$set_name" in
  run | test) shift || true ;;
  *) echo "usage: install-deps.sh [--list] run|test [PACKAGE...]" >&2; exit 2 ;;
esac

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; fi
fi
updated=false
apt_update() {
  if ! $updated; then
    if [ "$(id -u)" -ne 0 ] && [ -z "$sudo" ]; then return 0; fi
    $sudo apt-get update -qq
    updated=true
  fi
}

# The release link takes libstdc++.a (scripts/static-libstdc++) from the GCC
# installation that Swift's clang links against: the newest
# /usr/lib/gcc/<triple>/N that has crtbegin.o (libgcc-N-dev, which the Swift
# toolchain needs). Its libstdc++-N-dev is the one to have; on a machine with
# no GCC files yet, the one that goes with apt's default g++. The number is
# Debian's release's (12 on Debian 12, 14 on Debian 13), so it is looked up,
# never written down.
libstdcxx_dev() {
  local dir n=""
  stdcxx=g++
  for dir in /usr/lib/gcc/*-linux-gnu*/*/; do
    [ -e "${dir}crtbegin.o" ] || continue
    dir=${dir%/}
    dir=${dir##*/}
    [[ $dir =~ ^[0-9]+$ ]] || continue
    if [ -z "$n" ] || [ "$dir" -gt "$n" ]; then n=$dir; fi
  done
  if [ -z "$n" ]; then
    n=$(apt-cache depends g++ 2>/dev/null | sed -n 's/^ *Depends: g++-\([0-9][0-9]*\)$/\1/p' | head -n1)
    if [ -z "$n" ] && ! $list_only; then
      apt_update
      n=$(apt-cache depends g++ 2>/dev/null | sed -n 's/^ *Depends: g++-\([0-9][0-9]*\)$/\1/p' | head -n1)
    fi
  fi
  if [ -n "$n" ]; then stdcxx="libstdc++-$n-dev"; fi
}
libstdcxx_dev

run_packages=(
  pkg-config libx11-dev libxft-dev libfontconfig-dev libxi-dev libxtst-dev   # build: Xlib, Xft, fontconfig, XInput 2, XTest
  libharfbuzz-dev libfribidi-dev                                     # build: shaping (HarfBuzz) and bidi (FriBidi)
  libatk1.0-dev libatk-bridge2.0-dev                                 # build: ATK's headers; the AT-SPI bridge, loaded only when a bus runs
  libjansson-dev                                                     # build: jansson reads JSON titles files
  libpng-dev libpixman-1-dev                                         # build: headers of libpng (PNG icons) and pixman (fitting them), loaded when needed
  libgdk-pixbuf-2.0-dev librsvg2-common                              # build: gdk-pixbuf's headers (SVG icons, loaded with the first one)
  adwaita-icon-theme                                                 # the icon theme names are looked up in when the desktop names none
  "$stdcxx" binutils                                                # release link: libstdc++.a; make install strips the binary
  fontconfig fonts-dejavu-core fonts-noto-cjk                        # Latin, and CJK for the bundled (Chinese) titles
  xvfb x11-utils xdotool imagemagick                                 # make run with no display: the tour on a private Xvfb (xdpyinfo, XTest input, screenshots)
)
test_packages=(
  fonts-noto-core fonts-noto-color-emoji                             # text tests: Noto Sans (many desktops' sans-serif), the scripts' faces, color emoji
  pango1.0-tools                                                     # PangoReferenceTests: pango-view draws the reference pictures
  dbus-daemon at-spi2-core python3-pyatspi                           # accessibility tests: a private session bus, the accessibility bus, the pyatspi client
  gcc libc6-dev libgtk-3-dev                                         # the GtkNotebook peer (accessibility tests, make bench)
  x11-xserver-utils                                                  # xrdb, for theming by hand as the docs show; xrandr sets modes in RefreshRateTests
  xserver-xorg-core xserver-xorg-video-dummy                         # RefreshRateTests: Xorg with the dummy driver, whose modes have refresh rates
  groff-base                                                         # InstallTests: the installed man page is checked with groff
  xsettingsd                                                         # DemoIconTests: a desktop's XSETTINGS manager naming the icon theme
  xterm stterm rxvt-unicode suckless-tools                           # TabbedTests: real XEmbed clients (xterm -into, st -w, urxvt -embed) and tabbed itself
  x11-xkb-utils                                                      # TabbedTests: setxkbmap, a layout without Latin letters
  twm                                                                # TabbedAdoptTests: a minimal window manager whose windows are adopted
  valgrind                                                           # make bench: callgrind counts the first frame's instructions
)

packages=("${run_packages[@]}")
if [ "$set_name" = test ]; then packages+=("${test_packages[@]}"); fi
packages+=("$@")

if $list_only; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ] && [ -z "$sudo" ]; then
    echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1
  fi
  apt_update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
  echo "install-deps: the Swift toolchain (swift) is not on PATH; install Swift 6 from swift.org first" >&2
  exit 1
fi
