/**
 * A reproduction, outside the stack, of why one full collection under load can leave a process promoting
 * for good: `node --expose-gc bench/src/probe/set-churn.mjs [set|map] [gc at second=4, 0 for none]`.
 * A long-lived Set (or Map) gets about 2,000 entries a second, each deleted 5-25 ms later, each holding
 * 10 KB, as grpc-js's set of active calls or Node's map of HTTP/2 streams do. The program prints, every
 * second, how much the old generation grew.
 *
 * Without the forced collection nothing is promoted. After it, the old generation grows in bursts until
 * the end. When such a table rehashes, V8 keeps a pointer from the old, now unused table to the new one,
 * so that iterators can follow. A full collection moves the live table into the old generation. From its
 * next rehash on, the dead table in the old generation points to a young one, which therefore survives
 * every scavenge and is promoted in turn; and so on for every later table, with the entries each one held.
 */
import v8 from "node:v8";

const kind = process.argv[2] === "map" ? "map" : "set";
const gcAt = Number(process.argv[3] ?? 4);
const live = kind === "map" ? new Map() : new Set();
let id = 0;

const oldUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space").space_used_size;

function start() {
  for (let i = 0; i < 4; i++) {
    const call = { id: ++id, payload: Array.from({ length: 200 }, (_, j) => ({ j, s: `x${j}` })) };
    if (kind === "map") live.set(call.id, call);
    else live.add(call);
    setTimeout(() => (kind === "map" ? live.delete(call.id) : live.delete(call)), 5 + (id % 20));
  }
}

const load = setInterval(start, 2);
let last = oldUsed();
let second = 0;
const report = setInterval(() => {
  const now = oldUsed();
  second += 1;
  console.log(
    `${second} s: old generation ${(now / 1e6).toFixed(1)} MB, ${((now - last) / 1e6).toFixed(1)} MB more`,
  );
  last = now;
  if (second === gcAt) {
    console.log("full collection");
    globalThis.gc();
    last = oldUsed();
  }
  if (second === 16) {
    clearInterval(load);
    clearInterval(report);
  }
}, 1000);
