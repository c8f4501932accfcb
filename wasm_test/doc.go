// Package wasmtest holds the tests that need WebAssembly or a real browser:
// game records replayed as WebAssembly must give the same results as native
// replay, and end-to-end tests drive headless Chromium (chromedp) against
// `app serve` on 127.0.0.1.
//
// Under CI=true a missing Chromium is a failure; elsewhere those tests skip
// with a message. Screenshots go to wasm_test/test-output (not committed), or
// to $CARDTABLE_TEST_OUT.
package wasmtest
