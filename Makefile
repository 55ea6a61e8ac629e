# The two commands for a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
RELEASE_BIN := .build/release/segmented-demo
TABBED_RELEASE_BIN := .build/release/segmented-tabbed

# The debug build of the library, the programs and the tests; a compiler
# warning fails it, so the suite is built warning-free.
DEBUG_BUILD := swift build --build-tests -Xswiftc -warnings-as-errors

.PHONY: deps test-deps build run tour tabbed tabbed-tour docs styles settings-table install uninstall test test-sanitized fuzz soak bench clean

# The Debian packages: `deps` what building and running need (the tour's Xvfb,
# xdotool and ImageMagick included), `test-deps` those and what the tests need.
deps:
	@scripts/install-deps.sh run

test-deps:
	@scripts/install-deps.sh test

# Release, with the Swift runtime and FoundationEssentials linked in statically (the
# dynamic loader has far less to relocate), libstdc++ and libgcc too
# (scripts/static-libstdc++), as a non-PIE executable (no load-time
# relocations). Each pays more than 1 ms or 1 MiB at the 10-title start; what
# each pays, and the tricks taken out, are in docs/performance.md.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -no-pie \
  -Xswiftc -Xclang-linker -Xswiftc -L$(CURDIR)/scripts/static-libstdc++ -Xswiftc -Xclang-linker -Xswiftc -static-libgcc

build: deps
	swift build $(RELEASE_FLAGS) --product segmented-demo
	swift build $(RELEASE_FLAGS) --product segmented-tabbed

# On a desktop: open the window. With no $DISPLAY, or one that does not
# answer (as scripts/with-display.sh decides for make test): a scripted tour on
# a private Xvfb that saves screenshots to ./screenshots.
run: build
	@if [ -n "$$DISPLAY" ] && timeout 5 xdpyinfo >/dev/null 2>&1; then $(RELEASE_BIN) $(ARGS); else \
	  if [ -n "$$DISPLAY" ]; then echo "make run: display $$DISPLAY does not answer; running the scripted tour on a private Xvfb" >&2; fi; \
	  scripts/with-display.sh scripts/tour.sh $(RELEASE_BIN) screenshots $(ARGS); fi

tour: build
	scripts/with-display.sh scripts/tour.sh $(RELEASE_BIN) screenshots $(ARGS)

# segmented-tabbed (release) with an xterm in it, on a desktop; with no
# display, or one that does not answer, a scripted tour on a private Xvfb
# (three xterms: one retitled, one asking for attention, a switch, a move, a
# close) that saves screenshots to screenshots/tabbed. ARGS go to segmented-tabbed.
tabbed: $(TABBED_RELEASE_BIN)
	@scripts/install-deps.sh run xterm
	@if [ -n "$$DISPLAY" ] && timeout 5 xdpyinfo >/dev/null 2>&1; then $(TABBED_RELEASE_BIN) $(ARGS) -r 2 xterm -into ''; else \
	  if [ -n "$$DISPLAY" ]; then echo "make tabbed: display $$DISPLAY does not answer; running the scripted tour on a private Xvfb" >&2; fi; \
	  scripts/with-display.sh scripts/tabbed-tour.sh $(TABBED_RELEASE_BIN) screenshots/tabbed $(ARGS); fi

tabbed-tour: $(TABBED_RELEASE_BIN)
	@scripts/install-deps.sh run xterm
	scripts/with-display.sh scripts/tabbed-tour.sh $(TABBED_RELEASE_BIN) screenshots/tabbed $(ARGS)

# The README's pictures: three moments of the tour, stacked; a swipe of the
# pages in four frames (at rest, held at 25 % and 60 % of a page, settled), side
# by side in pairs; and a move and a close, each mid-way and settled.
docs: tour tabbed-tour
	mkdir -p docs
	convert screenshots/tabbed/01-three-terminals.png -crop 640x200+0+0 +repage -bordercolor '#bbbbbb' -border 1 docs/tabbed.png
	convert screenshots/tabbed/05-tearing-off.png -crop 640x280+0+0 +repage -bordercolor '#bbbbbb' -border 1 docs/tabbed-tear-off.png
	convert screenshots/01-start.png screenshots/03-selected-right.png screenshots/06-dragged.png \
	  -crop 400x200+0+0 +repage -bordercolor '#bbbbbb' -border 1 -append docs/demo.png
	convert \( screenshots/13-swipe-start.png screenshots/14-swipe-25.png -crop 400x200+0+0 +repage \
	    -bordercolor '#bbbbbb' -border 1 +append \) \
	  \( screenshots/15-swipe-60.png screenshots/16-swipe-settled.png -crop 400x200+0+0 +repage \
	    -bordercolor '#bbbbbb' -border 1 +append \) -append docs/swipe.png
	convert \( screenshots/17-moving.png screenshots/18-moved.png -crop 400x200+0+0 +repage \
	    -bordercolor '#bbbbbb' -border 1 +append \) \
	  \( screenshots/19-closing.png screenshots/20-closed.png -crop 400x200+0+0 +repage \
	    -bordercolor '#bbbbbb' -border 1 +append \) -append docs/tabs.png
	@echo docs/demo.png docs/swipe.png docs/tabs.png docs/tabbed.png docs/tabbed-tear-off.png

# The style gallery: one screenshot per style in docs/styles, and its
# Markdown table spliced into docs/styles.md between the styles markers.
styles: build
	scripts/with-display.sh scripts/styles.sh $(RELEASE_BIN) docs/styles > docs/styles/gallery.md
	awk 'FNR == NR { table = table $$0 "\n"; next } /<!-- styles:end/ { printf "%s", table; skip = 0 } !skip { print } /<!-- styles:begin/ { skip = 1 }' \
	  docs/styles/gallery.md docs/styles.md > docs/styles.md.new && mv docs/styles.md.new docs/styles.md
	@echo "docs/styles/*.png and docs/styles.md's gallery remade"

# docs/settings.md's settings table, remade from StripSetting.all (the test that
# compares the two rewrites the block when asked to).
settings-table:
	$(DEBUG_BUILD)
	SEGMENTED_UPDATE_DOCS=1 swift test --skip-build --disable-swift-testing --filter StripSettingTests/testTheSettingsTableIsTheGeneratedOne
	@echo "docs/settings.md's settings table remade"

# make install: the stripped release demo, its bundled titles where it looks
# for them (share/segmented-strip/ one folder above its own, wherever the tree
# is moved), segmented-tabbed, and their man pages, which the installed
# binaries write themselves (--man, from the same tables as --help). DESTDIR
# stages the tree for a package. The release binaries are rebuilt only when a
# source is newer (`make build` makes both), so `make build && sudo make
# install` builds nothing as root. INSTALL_BIN and INSTALL_TABBED_BIN install
# other binaries (the install test gives them the debug ones: no release build).
PREFIX ?= /usr/local
INSTALL_BIN ?= $(RELEASE_BIN)
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share/segmented-strip
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1

$(RELEASE_BIN): Package.swift $(shell find Sources Resources -type f 2>/dev/null)
	$(MAKE) build
	touch $@

$(TABBED_RELEASE_BIN): Package.swift $(shell find Sources Resources -type f 2>/dev/null)
	$(MAKE) build
	touch $@

INSTALL_TABBED_BIN ?= $(TABBED_RELEASE_BIN)
install: $(INSTALL_BIN) $(INSTALL_TABBED_BIN)
	install -d "$(BINDIR)" "$(DATADIR)" "$(MAN1DIR)"
	install -m 755 -s "$(INSTALL_BIN)" "$(BINDIR)/segmented-demo"
	install -m 755 -s "$(INSTALL_TABBED_BIN)" "$(BINDIR)/segmented-tabbed"
	"$(BINDIR)/segmented-tabbed" --man > "$(MAN1DIR)/segmented-tabbed.1.new"
	chmod 644 "$(MAN1DIR)/segmented-tabbed.1.new" && mv "$(MAN1DIR)/segmented-tabbed.1.new" "$(MAN1DIR)/segmented-tabbed.1"
	install -m 644 Resources/titles.json "$(DATADIR)/titles.json"
	install -m 644 Resources/items.json "$(DATADIR)/items.json"
	"$(BINDIR)/segmented-demo" --man > "$(MAN1DIR)/segmented-demo.1.new"
	chmod 644 "$(MAN1DIR)/segmented-demo.1.new" && mv "$(MAN1DIR)/segmented-demo.1.new" "$(MAN1DIR)/segmented-demo.1"

# Removes exactly what make install wrote (with the same PREFIX and DESTDIR),
# and share/segmented-strip/ once it is empty.
uninstall:
	rm -f "$(BINDIR)/segmented-demo" "$(DATADIR)/titles.json" "$(DATADIR)/items.json" "$(MAN1DIR)/segmented-demo.1"
	rm -f "$(BINDIR)/segmented-tabbed" "$(MAN1DIR)/segmented-tabbed.1"
	if [ -d "$(DATADIR)" ]; then rmdir --ignore-fail-on-non-empty "$(DATADIR)"; fi

# The run ends with a summary (scripts/test-summary.sh): each failed test by
# name, then "N passed, M failed" as the last line; the whole output is kept in
# .build/test.log and the exit status is swift test's.
#
# The tests that draw or measure text run twice: under the machine's own fonts
# (with fonts-noto-core installed, sans-serif is Noto Sans) and under
# Tests/fonts/dejavu.conf (sans-serif is DejaVu Sans, as on a machine without
# it), so that no expected value leans on one font. The whole suite runs last.
test: test-deps
	$(DEBUG_BUILD)
	FONTCONFIG_FILE=$(CURDIR)/Tests/fonts/dejavu.conf scripts/test-summary.sh .build/test-dejavu.log \
	  scripts/with-display.sh swift test --skip-build --disable-swift-testing --filter 'SegmentedX11Tests|EndToEndTests' --skip 'SoakTests|OutputAndSignalTests'
	scripts/test-summary.sh .build/test.log scripts/with-display.sh swift test --skip-build --disable-swift-testing

# The whole suite again under AddressSanitizer (with LeakSanitizer) and
# ThreadSanitizer, each in its own build folder; the demo the end-to-end tests
# run is built with the same sanitizer.
test-sanitized: test-deps
	swift build --build-tests --sanitize=address --scratch-path .build/asan
	SEGMENTED_SANITIZED=1 LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp:print_suppressions=0 \
	  scripts/test-summary.sh .build/asan/test.log scripts/with-display.sh swift test --skip-build --sanitize=address --scratch-path .build/asan --disable-swift-testing
	swift build --build-tests --sanitize=thread --scratch-path .build/tsan
	SEGMENTED_SANITIZED=1 scripts/test-summary.sh .build/tsan/test.log \
	  scripts/with-display.sh swift test --skip-build --sanitize=thread --scratch-path .build/tsan --disable-swift-testing

# libFuzzer on the titles-file parser and the layout (Fuzz/), for FUZZ_SECONDS.
# New interesting inputs go to FUZZ_NEW (default: the kept corpus, Fuzz/corpus);
# a crashing input is saved under .build/fuzz-crashes/.
FUZZ_SECONDS ?= 300
FUZZ_NEW ?= Fuzz/corpus
fuzz: test-deps
	cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address
	mkdir -p .build/fuzz-crashes $(FUZZ_NEW)
	Fuzz/.build/release/titles-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	  -artifact_prefix=.build/fuzz-crashes/ $(FUZZ_NEW) Fuzz/corpus

# The soak test at full length: 20,000 random events (make test runs 2,000).
SOAK_EVENTS ?= 20000
soak: test-deps
	$(DEBUG_BUILD)
	SOAK_EVENTS=$(SOAK_EVENTS) scripts/test-summary.sh .build/soak.log \
	  scripts/with-display.sh swift test --skip-build --disable-swift-testing --filter SoakTests

# Speed and memory (release build) beside the Xft floor and GtkNotebook: one
# table on stdout, the same figures in bench-results/bench.json. The remote
# rows run the three through bench/delay-proxy (a 20 ms round trip, as over
# ssh -X to a nearby server), which also counts the round trips each makes.
# segmented-tabbed runs beside Debian's tabbed (test-deps installs it), both
# embedding Tests/xembed-client.
BENCH_RUNS ?= 9
bench: test-deps
	swift build $(RELEASE_FLAGS)
	mkdir -p .build/bench
	cc -O2 -o .build/bench/measure bench/peers/measure.c
	cc -O2 -o .build/bench/floor bench/peers/floor.c $$(pkg-config --cflags --libs xft x11)
	cc -O2 -o .build/bench/gtk-notebook bench/peers/gtk_notebook.c $$(pkg-config --cflags --libs gtk+-3.0)
	scripts/with-display.sh .build/release/segmented-bench --demo .build/release/segmented-demo --measure .build/bench/measure \
	  --floor .build/bench/floor --gtk .build/bench/gtk-notebook --proxy .build/release/delay-proxy \
	  --tabbed .build/release/segmented-tabbed --tabbed-peer "$$(command -v tabbed)" --client .build/release/xembed-client \
	  --runs $(BENCH_RUNS) --out bench-results/bench.json

clean:
	rm -rf .build Fuzz/.build screenshots bench-results
