# The two commands for a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
RELEASE_BIN := .build/release/segmented-demo

.PHONY: deps build run tour test clean

deps:
	@scripts/install-deps.sh

build: deps
	swift build -c release --product segmented-demo

# On a desktop: open the window. With no $DISPLAY: a scripted tour on a
# private Xvfb that saves screenshots to ./screenshots.
run: build
	@if [ -n "$$DISPLAY" ]; then $(RELEASE_BIN) $(ARGS); else scripts/with-display.sh scripts/tour.sh $(RELEASE_BIN) screenshots; fi

tour: build
	scripts/with-display.sh scripts/tour.sh $(RELEASE_BIN) screenshots

test: deps
	swift build --build-tests
	scripts/with-display.sh swift test --skip-build --disable-swift-testing

clean:
	rm -rf .build screenshots
