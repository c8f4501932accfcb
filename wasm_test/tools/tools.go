// Module tools pins the helper programs the test suite builds, apart from the
// main module because their dependencies (an older chromedp) would clash with
// it: wasmbrowsertest runs Go tests compiled to WebAssembly in headless
// Chromium. Build it with
//
//	cd wasm_test/tools && go build -o ../../bin/go_js_wasm_exec github.com/agnivade/wasmbrowsertest
package tools
