// cardtable: app.wasm's traceback tables. `make wasm` moves the tables Go's
// runtime only prints from (function names, files, lines) out of app.wasm
// into app.tables (app/wasmpack, tables.go), so the first download is
// smaller. Until they are back, a trace has no frames; the page writes them
// into the running module's memory once the app is ready, and only when
// that memory is the build they were made for (its SHA-256 over their
// bounds). The page's JavaScript runs only while Go waits, so Go never sees
// the tables half written.
var cardtableTables = (function () {
  "use strict";
  var memory = null;

  function u32(v, p) {
    return v.getUint32(p, true);
  }

  // restore writes a tables file (its bytes) into a WebAssembly memory; it
  // resolves to false, writing nothing, when the file is not for this
  // memory or is damaged.
  async function restore(mem, bytes) {
    var raw = new Uint8Array(bytes);
    var v = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    var magic = String.fromCharCode.apply(null, raw.subarray(0, 8));
    if (raw.length < 52 || magic !== "CTTBLS01") {
      return false;
    }
    var lo = u32(v, 8), hi = u32(v, 12), n = u32(v, 48);
    var buf = new Uint8Array(mem.buffer);
    if (lo > hi || hi > buf.length) {
      return false;
    }
    var sum = new Uint8Array(await crypto.subtle.digest("SHA-256", buf.slice(lo, hi)));
    for (var i = 0; i < 32; i++) {
      if (sum[i] !== raw[16 + i]) {
        return false;
      }
    }
    var writes = [], p = 52;
    for (var k = 0; k < n; k++) {
      if (p + 8 > raw.length) {
        return false;
      }
      var at = u32(v, p), size = u32(v, p + 4);
      p += 8;
      if (p + size > raw.length || at < lo || at + size > hi) {
        return false;
      }
      writes.push([at, raw.subarray(p, p + size)]);
      p += size;
    }
    if (p !== raw.length) {
      return false;
    }
    // The digest was awaited: the memory may have grown since (a new buffer).
    buf = new Uint8Array(mem.buffer);
    for (var w = 0; w < writes.length; w++) {
      buf.set(writes[w][1], writes[w][0]);
    }
    return true;
  }

  // watch keeps the memory of the first Go module the page instantiates
  // (go-app's app.js instantiates app.wasm after this script has run).
  function watch() {
    ["instantiateStreaming", "instantiate"].forEach(function (name) {
      var orig = WebAssembly[name];
      if (!orig) {
        return;
      }
      WebAssembly[name] = function () {
        return orig.apply(WebAssembly, arguments).then(function (res) {
          var inst = res && res.instance;
          if (!memory && inst && inst.exports.mem instanceof WebAssembly.Memory) {
            memory = inst.exports.mem;
          }
          return res;
        });
      };
    });
  }

  // cached is url from the service worker's cache, once the worker has
  // installed (it caches the tables with the app): a first visit then
  // downloads them once, not once for the worker and once for the page.
  // Nothing when there is no worker, or it has not installed within a
  // minute.
  async function cached(url) {
    if (!navigator.serviceWorker || !window.caches) {
      return null;
    }
    var ready = await Promise.race([navigator.serviceWorker.ready,
      new Promise(function (done) { setTimeout(done, 60000); })]);
    return ready ? caches.match(url) : null;
  }

  // load restores url into the watched module's memory, from the service
  // worker's cache or else the network; document.documentElement.dataset
  // .tables says how it went.
  async function load(url) {
    var root = document.documentElement;
    try {
      if (!memory || !window.crypto || !crypto.subtle) {
        root.dataset.tables = "skipped";
        return;
      }
      var hit = await cached(url), ok = hit && await restore(memory, await hit.arrayBuffer());
      if (!ok) {
        var resp = await fetch(url);
        if (!resp.ok) {
          root.dataset.tables = "missing";
          return;
        }
        ok = await restore(memory, await resp.arrayBuffer());
      }
      root.dataset.tables = ok ? "loaded" : "refused";
      if (ok) {
        performance.mark("cardtable-tables");
      }
    } catch (err) {
      root.dataset.tables = "failed";
      console.warn("traceback tables:", err);
    }
  }

  return { restore: restore, watch: watch, load: load };
})();
