PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
STRIP ?= strip
# The one release build every install path uses (make install, the GitHub Action, the GitLab, Bitrise and Xcode
# Cloud recipes in docs/ci.md, the release workflow, the Homebrew formula): the same flags, so that one
# .build folder serves them all (switching between `-c release` and `-c release --static-swift-stdlib`
# recompiles everything).
# --static-swift-stdlib (swiftc -static-stdlib) links the Swift runtime and Foundation into the binary, so that it carries no RUNPATH
# into the toolchain and runs where the toolchain is not installed (it needs libyaml and glibc; on Linux
# `--online` loads libcurl.so.4 with dlopen when it is used, so neither the link nor other runs need libcurl).
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path 2>/dev/null)/shipcheck
INSTALLED = $(DESTDIR)$(PREFIX)/bin/shipcheck

.PHONY: build release test install uninstall clean

build:
	$(SWIFT) build

release:
	$(SWIFT) build $(RELEASE_FLAGS) --product shipcheck

test:
	$(SWIFT) test

# Installs a stripped copy (the build keeps its symbols for debugging; stripping takes the binary from
# about 88 MB to 62 MB) and says how big it is.
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$(BIN)" "$(INSTALLED)"
	$(STRIP) "$(INSTALLED)"
	@echo "installed $(INSTALLED): $$(wc -c < "$(INSTALLED)" | awk '{ printf "%.1f MB", $$1 / 1000000 }'), stripped"
	install -d "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	"$(INSTALLED)" completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/shipcheck"
	"$(INSTALLED)" completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_shipcheck"
	"$(INSTALLED)" completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/shipcheck.fish"

uninstall:
	rm -f "$(INSTALLED)" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/shipcheck" \
	      "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_shipcheck" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/shipcheck.fish"

clean:
	$(SWIFT) package clean
