# The two commands for a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
RELEASE_BIN := .build/release/segmented-demo

.PHONY: deps build run tour docs test clean

deps:
	@scripts/install-deps.sh

build: deps
	swift build -c release --product segmented-demo

# On a desktop: open the window. With no $DISPLAY: a scripted tour on a
# private Xvfb that saves screenshots to ./screenshots.
run: build
	@if [ -n "$$DISPLAY" ]; then $(RELEASE_BIN) $(ARGS); else scripts/with-display.sh scripts/tour.sh $(RELEASE_BIN) screenshots $(ARGS); fi

tour: build
	scripts/with-display.sh scripts/tour.sh $(RELEASE_BIN) screenshots $(ARGS)

# The README's picture: three moments of the tour, stacked.
docs: tour
	mkdir -p docs
	convert screenshots/01-start.png screenshots/03-selected-right.png screenshots/06-dragged.png \
	  -crop 400x200+0+0 +repage -bordercolor '#bbbbbb' -border 1 -append docs/demo.png
	@echo docs/demo.png

test: deps
	swift build --build-tests
	scripts/with-display.sh swift test --skip-build --disable-swift-testing

clean:
	rm -rf .build screenshots
