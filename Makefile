PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# --static-swift-stdlib (swiftc -static-stdlib) links the Swift runtime and Foundation into the binary, so that it carries no RUNPATH
# into the toolchain and runs where the toolchain is not installed (it needs libyaml and glibc; on Linux
# `--online` loads libcurl.so.4 with dlopen when it is used, so neither the link nor other runs need libcurl).
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path 2>/dev/null)/shipcheck

.PHONY: build release test install uninstall clean

build:
	$(SWIFT) build

release:
	$(SWIFT) build $(RELEASE_FLAGS) --product shipcheck

test:
	$(SWIFT) test

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$(BIN)" "$(DESTDIR)$(PREFIX)/bin/shipcheck"
	install -d "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	"$(BIN)" completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/shipcheck"
	"$(BIN)" completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_shipcheck"
	"$(BIN)" completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/shipcheck.fish"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/shipcheck" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/shipcheck" \
	      "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_shipcheck" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/shipcheck.fish"

clean:
	$(SWIFT) package clean
