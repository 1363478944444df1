# timerd — the two commands of the quick start:
#   make run    install what is missing, build, start the daemon and a real 5 s timer
#   make test   run the whole test suite (unit and integration, against a real notification server)

SWIFT ?= swift
RELEASE_BIN = .build/release

.PHONY: run test build release deps test-deps clean

run: deps release
	@scripts/demo $(RELEASE_BIN)

test: test-deps
	$(SWIFT) build --build-tests
	scripts/with-desktop $(SWIFT) test --skip-build

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

deps:
	@scripts/deps build

test-deps:
	@scripts/deps test

clean:
	rm -rf .build
