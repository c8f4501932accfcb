// The dealer-less deal's worker: one page of a blind room (app/mentalworker,
// built as /web/mental.wasm) in a Web Worker, so that its proofs never hold
// up the table. The page posts JSON strings to it and reads JSON strings
// back (the protocol is rtc/mentalwire's); this script only
// starts the program and relays, keeping what the page sends before the
// program is ready.
"use strict";
importScripts("/wasm_exec.js");

const early = [];
let receive = null;

self.onmessage = (e) => {
  if (receive) receive(e.data);
  else early.push(e.data);
};

// Called by mental.wasm once it is running, with its receiving function.
self.mentalReady = (f) => {
  receive = f;
  for (const m of early.splice(0)) f(m);
};

const go = new Go();
WebAssembly.instantiateStreaming(fetch("/web/mental.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => self.postMessage(JSON.stringify({ error: "mental.wasm: " + err })));
