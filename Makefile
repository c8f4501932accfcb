SHELL := /bin/bash
# cardtable: build, run, test and measure the PWA.
#   make run     build web/app.wasm, then serve on http://127.0.0.1:8000
#   make test    vet, native tests, WebAssembly tests (node + headless Chromium), browser end-to-end tests
#   make bench   engine and dealer-less deal benchmarks (native, wasm, and in Web Workers in headless Chromium), peer latency and signaling memory, app.wasm and mental.wasm sizes, load timings in headless Chromium

GO      ?= go
ADDR    ?= 127.0.0.1:8000
WASMEXEC := $(shell $(GO) env GOROOT)/lib/wasm
WBT     := $(CURDIR)/wasm_test/bin/go_js_wasm_exec
WASMPACK := $(CURDIR)/wasm_test/bin/wasmpack

.PHONY: all build wasm wasmpack run test vet test-native test-wasm test-browser test-e2e bench clean

all: build

# The browser build: app.wasm, its data segments packed (app/wasmpack: the
# same memory in far fewer segments) and its traceback tables (function
# names, files, lines) moved to web/app.tables, which the page writes back
# into the running module once the app is ready (web/tables.js), plus brotli
# and gzip copies for `app serve`. The linked module stays in .build: go
# build leaves a file it finds up to date as it is, and the tables can be
# moved out of a module only once.
# WASMGCFLAGS: the page's own packages (the pages, components, the games'
# UIs, the messages, the statistics) and peer play's plumbing (rtc: the
# table core, links, the joint draw) are compiled without inlining. Their
# code runs once per render, event or message, never in a loop a bot or a
# search waits on, and each inlined call costs app.wasm its copy of the
# callee and the line tables that place it: about 53 kB of brotli in all.
# So are the libraries the page alone calls, per render, message or error:
# go-app, fmt, encoding/json, regexp, mime, math/big, log and net/url (about
# 63 kB more), and the text, time and encoding helpers (strings, strconv,
# bytes, unicode, bufio, sort, html, time, path, base64, binary: about 16 kB
# more; in the engines they only format and parse actions, and no engine or
# bot function that a playout or a search runs changes). Not crypto, net,
# reflect or pion: without inlining the linker keeps more of their unused
# code and app.wasm grows. The engines, the bots and the runtime keep their
# inlining. wasm_test builds app.wasm with
# the same flags (wasmGCFlags, checked against this line).
WASMGCFLAGS := -gcflags=cardtable/app=-l -gcflags=cardtable/components/...=-l -gcflags=cardtable/ui/...=-l -gcflags=cardtable/msg/...=-l -gcflags=cardtable/stats/...=-l -gcflags=cardtable/rtc/...=-l -gcflags=github.com/maxence-charriere/go-app/v10/...=-l -gcflags=fmt=-l -gcflags=encoding/json=-l -gcflags=regexp/...=-l -gcflags=mime=-l -gcflags=math/big=-l -gcflags=log=-l -gcflags=net/url=-l -gcflags=strings=-l -gcflags=strconv=-l -gcflags=bytes=-l -gcflags=unicode/...=-l -gcflags=bufio=-l -gcflags=sort=-l -gcflags=html=-l -gcflags=internal/fmtsort=-l -gcflags=encoding/base64=-l -gcflags=encoding/binary=-l -gcflags=time=-l -gcflags=path=-l
# mental.wasm: the dealer-less deal's worker (app/mentalworker, run by
# web/mentalworker.js in a Web Worker), a program of its own so that app.wasm
# carries no games/mental; packed the same way. Its code keeps the
# compiler's inlining: a shuffle's proof is its hot loop.
wasm:
	@mkdir -p .build
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' $(WASMGCFLAGS) -o .build/app.linked.wasm ./app
	$(GO) run ./app/wasmpack -tables web/app.tables -o web/app.wasm .build/app.linked.wasm
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o web/mental.wasm ./app/mentalworker
	$(GO) run ./app/wasmpack web/mental.wasm

build: wasm
	$(GO) run ./app/precompress web/app.wasm
	$(GO) run ./app/precompress web/app.tables
	$(GO) run ./app/precompress web/mental.wasm

run: build
	$(GO) run ./app serve -addr $(ADDR)

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./app ./app/mentalworker ./app/deflate ./components ./ui/... ./rtc/... ./games/...

test: vet test-native test-wasm test-browser test-e2e

# Every native test except the browser end-to-end ones (run last).
test-native:
	$(GO) test -count=1 -timeout 30m $$($(GO) list ./... | grep -v '/wasm_test$$')

# wasmpack as a program, for go test -exec: every test binary compiled to
# WebAssembly is packed as app.wasm is before it runs.
wasmpack:
	$(GO) build -o $(WASMPACK) ./app/wasmpack

# Engines and the local session under node (node has no DOM and no WebRTC:
# the peer links are tested in Chromium by their own tests); records replayed
# as WebAssembly must match native replay byte for byte
# (TestWasmReplayMatchesNative drives it); app.wasm packed starts with the
# memory it had as linked (TestWasmPackedAppStartsTheSame) and stays within
# its size budget, brotli (TestWasmSizeBudget).
test-wasm: wasmpack
	PATH="$(WASMEXEC):$$PATH" GOOS=js GOARCH=wasm $(GO) test -exec '$(WASMPACK) -run go_js_wasm_exec' -count=1 -timeout 30m ./games/...
	PATH="$(WASMEXEC):$$PATH" GOOS=js GOARCH=wasm $(GO) test -exec '$(WASMPACK) -run go_js_wasm_exec' -count=1 -timeout 30m -run '^TestLocal' ./rtc
	PATH="$(WASMEXEC):$$PATH" $(GO) test -count=1 -timeout 30m -run 'TestWasmReplay|TestWasmPacked|TestWasmSizeBudget' ./wasm_test

$(WBT): wasm_test/tools/go.mod wasm_test/tools/go.sum
	cd wasm_test/tools && $(GO) build -o $(WBT) github.com/agnivade/wasmbrowsertest

# Component tests compiled to WebAssembly (packed), run in headless Chromium;
# so are the replay link's DEFLATE tests, which there use the browser's own.
test-browser: $(WBT) wasmpack
	PATH="$(dir $(WBT)):$$PATH" GOOS=js GOARCH=wasm $(GO) test -exec '$(WASMPACK) -run $(WBT)' -count=1 -timeout 30m ./components/... ./app/deflate

# Real-browser end-to-end tests against `app serve` (builds its own app.wasm).
test-e2e:
	$(GO) test -count=1 -timeout 60m -run 'TestE2E' -v ./wasm_test 2>&1 | grep -v 'unknown IPAddressSpace'; exit $${PIPESTATUS[0]}

bench: build wasmpack
	$(GO) test -run '^$$' -bench . -benchtime 500ms ./games/...
	PATH="$(WASMEXEC):$$PATH" GOOS=js GOARCH=wasm $(GO) test -exec '$(WASMPACK) -run go_js_wasm_exec' -run '^$$' -bench . -benchtime 3x ./games/mental
	$(GO) run ./app bench
	$(GO) test -run '^$$' -bench 'HostFanOut' -benchtime 200x ./rtc
	$(GO) test -run '^$$' -bench 'ReplaySeekBack' -benchtime 2000x ./rtc
	$(GO) test -run '^$$' -bench 'ReplayLink' -benchtime 20x ./app
	$(GO) test -run '^$$' -bench 'JointSeedDraw' -benchtime 50x ./rtc
	$(GO) test -run '^$$' -bench 'BlindRoomDeal' -benchtime 3x ./rtc/blindroom
	$(GO) test -run '^$$' -bench 'Hint' -benchtime 10x ./rtc
	$(GO) test -run '^$$' -bench 'PionActionToPeerView' -benchtime 200x ./rtc/pion
	$(GO) test -run '^$$' -bench 'PionJointSeedDraw' -benchtime 20x ./rtc/pion
	$(GO) test -run '^$$' -bench 'PionLinkToSeat' -benchtime 10x ./rtc/pion
	$(GO) test -run '^$$' -bench 'JoinUnderFlood' -benchtime 1x ./rtc/pion
	$(GO) test -run '^$$' -bench 'IdleConns' -benchtime 10000x ./signaling
	$(GO) test -run '^$$' -bench 'RoomSetup|RelayLatency' -benchtime 2s ./signaling
	CARDTABLE_BENCH=1 $(GO) test -count=1 -timeout 60m -run 'TestLoadTimings|TestLanguageCost|TestLongTasks|TestWasmSizeByLayer|TestBlindRoomWorkerTimings|TestNoDealerRoomStartTimings' -v ./wasm_test

clean:
	rm -rf .build wasm_test/bin web/app.wasm web/app.wasm.br web/app.wasm.gz web/app.tables web/app.tables.br web/app.tables.gz web/mental.wasm web/mental.wasm.br web/mental.wasm.gz wasm_test/test-output
