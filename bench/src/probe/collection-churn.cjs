/**
 * A preload that finds the Maps and Sets a process adds to and deletes from all the time (the tables a full
 * collection leaves in the old generation and that then promote everything after them; docs/benchmarks.md,
 * thirteenth stop): `NODE_OPTIONS="--require <this file>" COLLECTION_CHURN_LOG=<file>`, in the processes
 * whose command line contains COLLECTION_CHURN_IN (default `gateway/src/main`). It counts the deletions of
 * every Map and Set of the program and its libraries, and of Node's own internal tables (SafeMap, SafeSet:
 * frozen prototypes, so counted per instance, those reachable from the active handles and the HTTP/2
 * sessions COLLECTION_CHURN_SCAN_MS, default 6000, after start). Where a table's 1,000th deletion happened
 * is noted, and after COLLECTION_CHURN_MS (default 15000) those tables are appended to the log, busiest
 * first, with their size and that stack. Slows every Map and Set: for finding, not for measuring.
 */
"use strict";
const log = process.env.COLLECTION_CHURN_LOG;
const only = process.env.COLLECTION_CHURN_IN ?? "gateway/src/main";
if (log && process.argv.some((arg) => arg.includes(only))) {
  const { appendFileSync } = require("node:fs");
  const { isMap, isSet } = require("node:util").types;
  const counts = new WeakMap();
  /** The busy collections (held weakly) with the stack of their 1,000th deletion. */
  const busy = [];
  const note = (collection) => {
    const count = (counts.get(collection) ?? 0) + 1;
    counts.set(collection, count);
    if (count === 1000) {
      busy.push({
        ref: new WeakRef(collection),
        stack: new Error().stack.split("\n").slice(2, 12).join("\n"),
      });
    }
  };
  const count = (prototype) => {
    const original = prototype.delete;
    prototype.delete = function countedDelete(key) {
      note(this);
      return original.call(this, key);
    };
  };
  count(Map.prototype);
  count(Set.prototype);
  const http2 = require("node:http2");
  const connect = http2.connect;
  const sessions = [];
  http2.connect = function connectRecording(...args) {
    const session = connect.apply(this, args);
    sessions.push(session);
    return session;
  };
  // Node's own tables (SafeMap, SafeSet: frozen prototypes) are counted per instance: those reachable from
  // the process's active handles (servers, sockets, HTTP/2 sessions) get a counting `delete` of their own.
  const paths = new WeakMap();
  setTimeout(
    () => {
      const seen = new Set();
      const roots = [...process._getActiveHandles(), ...sessions];
      const queue = roots.map((root) => [root, root.constructor?.name ?? "handle", 0]);
      let patched = 0;
      // Breadth first through an index, not shift(): shift() copies the queue each time.
      for (let next = 0; next < queue.length && seen.size < 500000; next++) {
        const [value, path, depth] = queue[next];
        if (seen.has(value)) continue;
        seen.add(value);
        if ((isMap(value) || isSet(value)) && !Object.hasOwn(value, "delete")) {
          // The program's own tables already count through the patched prototypes.
          const original = value.delete;
          if (original !== Map.prototype.delete && original !== Set.prototype.delete) {
            paths.set(value, path);
            patched += 1;
            Object.defineProperty(value, "delete", {
              value: function countedDelete(key) {
                note(this);
                return original.call(this, key);
              },
            });
          }
        }
        if (depth >= 8) continue;
        for (const key of Reflect.ownKeys(value)) {
          let child;
          try {
            const descriptor = Object.getOwnPropertyDescriptor(value, key);
            child = descriptor && "value" in descriptor ? descriptor.value : undefined;
          } catch {
            continue;
          }
          if (child !== null && typeof child === "object")
            queue.push([child, `${path}.${String(key)}`, depth + 1]);
        }
      }
      appendFileSync(
        log,
        `pid ${process.pid}: scanned ${seen.size} objects, counting ${patched} internal tables\n`,
      );
    },
    Number(process.env.COLLECTION_CHURN_SCAN_MS ?? 6000),
  ).unref();
  setTimeout(
    () => {
      const lines = busy
        .map(({ ref, stack }) => ({ collection: ref.deref(), stack }))
        .filter(({ collection }) => collection !== undefined)
        .map(({ collection, stack }) => ({
          count: counts.get(collection),
          size: collection.size,
          kind: `${isMap(collection) ? "Map" : "Set"} ${paths.get(collection) ?? ""}`,
          stack,
        }))
        .sort((a, b) => b.count - a.count)
        .map(({ count, size, kind, stack }) => `${kind} deletions=${count} size=${size}\n${stack}\n`);
      appendFileSync(log, `pid ${process.pid}: ${lines.length} busy collections\n${lines.join("\n")}\n`);
    },
    Number(process.env.COLLECTION_CHURN_MS ?? 15000),
  ).unref();
}
