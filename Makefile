# timerd — the two commands of the quick start:
#   make run    install what is missing, build, start the daemon and a real 5 s timer
#   make test   run the whole test suite (unit and integration, against a real notification server)
# and the usual others:
#   make install     the release build, manual pages, shell completions, systemd user units and
#                    autostart entry, into PREFIX
#   make uninstall   remove exactly what `make install` put there (its manifest lists it)
#   make deb         the Debian package timerd_VERSION_ARCH.deb, from the release build
#   make test-package  check it with lintian and install, use and purge it in a clean Debian 12
#                    made with debootstrap (as root; a minute or two; not part of `make test`)
#   make man         the manual pages, into .build/man (`man -l .build/man/timerctl.1`)
#   make sanitize-address, make sanitize-thread
#                    the test suite built with AddressSanitizer (and LeakSanitizer) or
#                    ThreadSanitizer, in .build-asan or .build-tsan; fails on any report
#   make bench       measure timerd against sleep && notify-send, at and sleep && paplay; writes
#                    bench/results.md
#   make fuzz        the hostile-input tests for minutes (FUZZ_SECONDS, default 300) instead of the
#                    seconds `make test` gives them, and 250 rounds of kill -9 during a write
#                    storm instead of 30; see docs/security.md

SWIFT ?= swift
RELEASE_BIN = .build/release

# Where `make install` puts things: ~/.local for a user, /usr/local for root. DESTDIR, if
# given, is put before every path (for packaging); the manifest records paths without it.
PREFIX ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share
MANDIR = $(DATADIR)/man
MANIFEST = $(DATADIR)/timerd/install-manifest
# systemd's user manager looks for units in /usr/lib/systemd/user and /usr/local/lib/systemd/user,
# and in the XDG data directories (~/.local/share/systemd/user, $XDG_DATA_DIRS/systemd/user).
USER_UNIT_DIR = $(if $(filter /usr /usr/local,$(PREFIX)),$(PREFIX)/lib/systemd/user,$(DATADIR)/systemd/user)
# zsh's own place for completions; Debian's zsh looks in /usr/share/zsh/vendor-completions
# instead (`make deb` installs there).
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/site-functions

# The programs to install, and to make the manual pages and completions with. BIN=DIR takes
# them from DIR instead of building a release (the tests install their debug build so).
BIN ?=
PROGRAMS = $(if $(BIN),$(BIN),$(RELEASE_BIN))
BUILD_PROGRAMS = $(if $(BIN),,release)

# What the build generates (not committed).
OUT ?= .build
MAN_OUT = $(OUT)/man
COMPLETIONS_OUT = $(OUT)/completions
AUTOSTART_OUT = $(OUT)/autostart
MAN_PAGES = timerctl.1 timerd.1 timerd.conf.5

# What `make install` installs: MODE SOURCE DESTINATION, one a line. To install something
# more, add its line here (and, if it is generated, a target that makes it before install).
define INSTALL_FILES
755 $(PROGRAMS)/timerd $(BINDIR)/timerd
755 $(PROGRAMS)/timerctl $(BINDIR)/timerctl
644 $(MAN_OUT)/timerctl.1 $(MANDIR)/man1/timerctl.1
644 $(MAN_OUT)/timerd.1 $(MANDIR)/man1/timerd.1
644 $(MAN_OUT)/timerd.conf.5 $(MANDIR)/man5/timerd.conf.5
644 $(COMPLETIONS_OUT)/timerctl.bash $(DATADIR)/bash-completion/completions/timerctl
644 $(COMPLETIONS_OUT)/_timerctl $(ZSH_COMPLETION_DIR)/_timerctl
644 $(COMPLETIONS_OUT)/timerctl.fish $(DATADIR)/fish/vendor_completions.d/timerctl.fish
644 $(AUTOSTART_OUT)/timerd.socket $(USER_UNIT_DIR)/timerd.socket
644 $(AUTOSTART_OUT)/timerd.service $(USER_UNIT_DIR)/timerd.service
644 $(AUTOSTART_OUT)/timerd.desktop $(DATADIR)/timerd/timerd.desktop
endef
export INSTALL_FILES

.PHONY: run test sanitize sanitize-address sanitize-thread bench fuzz build release deps test-deps man completions autostart-files install uninstall deb test-package clean

run: deps release
	@scripts/demo $(RELEASE_BIN)

test: test-deps
	$(SWIFT) build --build-tests
	scripts/with-desktop $(SWIFT) test --skip-build
	@# The release build too (what `make run` and `make install` use): whole-module
	@# optimisation compiles differently, and once broke where the debug build did not.
	$(SWIFT) build -c release

bench:
	bench/run

# The hostile-input tests (Tests/IntegrationTests/Hostile/HostileInputTests.swift) for FUZZ_SECONDS of
# generated input, a new seed each run; the seed is printed, and TIMERD_FUZZ_SEED=… repeats a run.
# The slow client writes one byte a second here, so it takes a minute more than FUZZ_SECONDS.
# Then 250 rounds of kill -9 during a write storm (Persistence/KillStormTests.swift; 30 in `make test`): a
# few minutes more.
FUZZ_SECONDS ?= 300
fuzz: test-deps
	$(SWIFT) build --build-tests
	TIMERD_FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/with-desktop $(SWIFT) test --skip-build --filter 'HostileInputTests|KillStormTests'

# The whole suite under a sanitizer, built in a directory of its own (the normal build is left
# alone). Every process that reports (the test runner, timerd, timerctl) writes its report to
# $(SANITIZER_OUT)/reports; the run fails if one did, even when the tests passed. Heavy: run
# one at a time. LeakSanitizer ignores the toolchain's own leaks (scripts/lsan-suppressions).
SANITIZER_OUT = $(if $(filter thread,$(SANITIZER)),.build-tsan,.build-asan)
SANITIZER_OPTIONS = log_path=$(CURDIR)/$(SANITIZER_OUT)/reports/report
sanitize-address:
	@$(MAKE) --no-print-directory sanitize SANITIZER=address
sanitize-thread:
	@$(MAKE) --no-print-directory sanitize SANITIZER=thread
sanitize: test-deps
	$(SWIFT) build --build-tests --sanitize=$(SANITIZER) --scratch-path $(SANITIZER_OUT)
	@rm -rf $(SANITIZER_OUT)/reports && mkdir -p $(SANITIZER_OUT)/reports
	@status=0; \
	ASAN_OPTIONS="$(SANITIZER_OPTIONS)" TSAN_OPTIONS="$(SANITIZER_OPTIONS)" \
	LSAN_OPTIONS="suppressions=$(CURDIR)/scripts/lsan-suppressions:print_suppressions=0" \
	  scripts/with-desktop $(SWIFT) test --skip-build --sanitize=$(SANITIZER) --scratch-path $(SANITIZER_OUT) || status=$$?; \
	if [ -n "$$(ls $(SANITIZER_OUT)/reports)" ]; then \
	  echo "$(SANITIZER) sanitizer reports, in $(SANITIZER_OUT)/reports:"; cat $(SANITIZER_OUT)/reports/*; exit 1; \
	fi; \
	exit $$status

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

deps:
	@scripts/deps build

test-deps:
	@scripts/deps test

# The manual pages, by scdoc(1) from docs/man/*.scd with the version put in and, in place of
# timerctl(1)'s {{commands}} line, the commands as timerctl's own help describes them
# (`timerctl __man`); scdoc's errors name lines of $(MAN_OUT)/PAGE.scd, the source so filled in.
# The version is the programs' own, which every build (plain `swift build` too) stamps from
# `git describe` when it can (Plugins/VersionStamp), else the fallback in
# Sources/Protocol/Wire/Version.swift; the date is SOURCE_DATE_EPOCH, else that of the source's last
# commit, else its mtime. scripts/man-ascii.sed keeps what the pages show plain ASCII, to copy
# and type.
man: $(BUILD_PROGRAMS)
	@mkdir -p $(MAN_OUT)
	$(PROGRAMS)/timerctl __man > $(MAN_OUT)/timerctl-commands.scd
	@version=$$($(PROGRAMS)/timerctl --version) && version=$${version#timerctl } && \
	for page in $(MAN_PAGES); do \
	  source=docs/man/$$page.scd; \
	  echo "scdoc < $(MAN_OUT)/$$page.scd > $(MAN_OUT)/$$page"; \
	  date=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct -- $$source 2>/dev/null)}; \
	  sed -e "s|{{version}}|$$version|" -e '/^{{commands}}$$/r $(MAN_OUT)/timerctl-commands.scd' \
	    -e '/^{{commands}}$$/d' $$source > $(MAN_OUT)/$$page.scd && \
	  SOURCE_DATE_EPOCH=$${date:-$$(stat -c %Y $$source)} scdoc < $(MAN_OUT)/$$page.scd > $(MAN_OUT)/$$page.tmp && \
	  sed -f scripts/man-ascii.sed $(MAN_OUT)/$$page.tmp > $(MAN_OUT)/$$page && rm $(MAN_OUT)/$$page.tmp || exit 1; \
	done

# The shell completion scripts, as the built timerctl prints them.
completions: $(BUILD_PROGRAMS)
	@mkdir -p $(COMPLETIONS_OUT)
	$(PROGRAMS)/timerctl completion bash > $(COMPLETIONS_OUT)/timerctl.bash
	$(PROGRAMS)/timerctl completion zsh > $(COMPLETIONS_OUT)/_timerctl
	$(PROGRAMS)/timerctl completion fish > $(COMPLETIONS_OUT)/timerctl.fish

# The systemd user units and the XDG autostart entry, as `timerctl autostart enable` writes them,
# starting timerd where it is installed (BINDIR, without DESTDIR). The entry is installed as a
# template, not into /etc/xdg/autostart: there it would start timerd for every user unasked.
autostart-files: $(BUILD_PROGRAMS)
	@mkdir -p $(AUTOSTART_OUT)
	@for file in socket service desktop; do \
	  echo "timerctl __unit $$file --timerd $(BINDIR)/timerd > $(AUTOSTART_OUT)/timerd.$$file"; \
	  $(PROGRAMS)/timerctl __unit $$file --timerd "$(BINDIR)/timerd" > $(AUTOSTART_OUT)/timerd.$$file || exit 1; \
	done

install: $(BUILD_PROGRAMS) man completions autostart-files
	@printf '%s\n' "$$INSTALL_FILES" | scripts/install-files install "$(DESTDIR)" "$(MANIFEST)"

uninstall:
	@scripts/install-files uninstall "$(DESTDIR)" "$(MANIFEST)"

# The Debian package, in this directory: `make install` into $(DEB_OUT)/root as Debian lays
# things out, then scripts/deb makes it a package with dpkg's tools (packaging/debian holds
# the control data, copyright, changelog and README.Debian).
DEB_OUT = $(OUT)/deb
deb: release
	@scripts/deps deb
	@rm -rf $(DEB_OUT) && mkdir -p $(DEB_OUT)
	@$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR=$(abspath $(DEB_OUT))/root \
	  ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions BIN=$(RELEASE_BIN)
	@scripts/deb $(DEB_OUT) .

# lintian on the package, then scripts/test-package installs it into a clean Debian 12
# (debootstrap, cached in ~/.cache/timerd-debootstrap), runs it and purges it. Root only.
test-package: deb
	scripts/test-package "$$(cat $(DEB_OUT)/package)"

clean:
	rm -rf .build .build-asan .build-tsan
