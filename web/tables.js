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

  // The record fields the file carries by column (app/wasmpack's
  // funcFields): their offsets in a function's record, and the pcdata index
  // a record must have more of to hold the field (-1: every record has it).
  var FIELDS = [[4, -1], [20, -1], [24, -1], [44, 0], [52, 2]];
  var HEAD = 60;

  // restore writes a tables file (its bytes) into a WebAssembly memory; it
  // resolves to false, writing nothing, when the file is not for this
  // memory or is damaged (app/wasmpack's applyTables, in Go, is its twin).
  async function restore(mem, bytes) {
    var raw = new Uint8Array(bytes);
    var v = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    var magic = String.fromCharCode.apply(null, raw.subarray(0, 8));
    if (raw.length < HEAD || magic !== "CTTBLS02") {
      return false;
    }
    var lo = u32(v, 8), hi = u32(v, 12);
    var ftab = u32(v, 48), nfunc = u32(v, 52), pclntab = u32(v, 56);
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
    var p = HEAD + 4 * FIELDS.length * nfunc;
    if (p + 4 > raw.length) {
      return false;
    }
    // Every write is checked before the first is made. The digest was
    // awaited: Go may have grown its memory since (a new buffer).
    buf = new Uint8Array(mem.buffer);
    var m = new DataView(buf.buffer);
    var fields = [];
    if (nfunc > 0) {
      if (ftab < lo || ftab + 8 * (nfunc + 1) > hi) {
        return false;
      }
      var recs = [];
      for (var f = 0; f < nfunc; f++) {
        var at = pclntab + m.getUint32(ftab + 8 * f + 4, true);
        if (at + 32 > buf.length) {
          return false;
        }
        recs.push([at, m.getUint32(at + 28, true)]);
      }
      var col = HEAD;
      for (var k = 0; k < FIELDS.length; k++) {
        var val = 0;
        for (var r = 0; r < nfunc; r++) {
          val = (val + u32(v, col)) >>> 0;
          col += 4;
          if (FIELDS[k][1] >= 0 && FIELDS[k][1] >= recs[r][1]) {
            continue;
          }
          var fat = recs[r][0] + FIELDS[k][0];
          if (fat < lo || fat + 4 > hi) {
            return false;
          }
          fields.push([fat, val]);
        }
      }
    }
    var runs = [], n = u32(v, p);
    p += 4;
    for (var q = 0; q < n; q++) {
      if (p + 8 > raw.length) {
        return false;
      }
      var rat = u32(v, p), size = u32(v, p + 4);
      p += 8;
      if (p + size > raw.length || rat < lo || rat + size > hi) {
        return false;
      }
      runs.push([rat, raw.subarray(p, p + size)]);
      p += size;
    }
    if (p !== raw.length) {
      return false;
    }
    for (var a = 0; a < fields.length; a++) {
      m.setUint32(fields[a][0], fields[a][1], true);
    }
    for (var b = 0; b < runs.length; b++) {
      buf.set(runs[b][1], runs[b][0]);
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
