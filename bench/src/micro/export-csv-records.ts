import { randomUUID } from "node:crypto";
import { Parser } from "csv-parse";
import { stringify } from "csv-stringify/sync";
import { CopyCsvRecords } from "../../../services/settlements/src/infra/csv-copy-records";
import { CSV_OPTIONS } from "../../../services/settlements/src/infra/export-csv";
import { alternate } from "./alternate";

/**
 * The statement export's byte-level rewriter (`CopyCsvRecords`: COPY's CSV records passed on with the
 * currency column and CRLF added, the amounts summed from the bytes) against the library way of doing the
 * same (csv-parse's parser over the same COPY bytes, the currency pushed onto each record, csv-stringify
 * with the export's options, the amounts summed as BigInts), on the same 100,000 lines as PostgreSQL's
 * `COPY ... (FORMAT csv)` writes them, in 64 KiB reads. Checks that both write the same bytes and sums first.
 */
const LINES = Number(process.argv[3] ?? 100_000);
const READ_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;

function copyOutput(lines: number): Buffer[] {
  const items = Array.from({ length: 40 }, (_, n) => ({
    id: randomUUID(),
    // one name in ten needs quoting, as COPY quotes it
    name:
      n % 10 === 3
        ? `"Sorter, ""pro"" ${n}"`
        : n % 10 === 7
          ? `"Line\nscanner ${n}"`
          : `Conveyor vision ${n}`,
  }));
  let text = "";
  for (let n = 0; n < lines; n++) {
    const item = items[n % items.length]!;
    const refund = n % 25 === 0;
    const gross = (1_990 + (n % 50) * 100) * (refund ? -1 : 1);
    const fee = Math.trunc(gross * 0.15);
    const occurred = new Date(Date.UTC(2026, 5, 1) + n * 1_000).toISOString();
    const device = n % 5 ? (n * 7919).toString(16).padStart(16, "0") : "";
    text += `${occurred},${refund ? "refund" : "sale"},${randomUUID()},${item.id},${item.name},${device},${gross},${fee},${gross - fee}\n`;
  }
  const bytes = Buffer.from(text, "utf8");
  const reads: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += READ_BYTES) reads.push(bytes.subarray(at, at + READ_BYTES));
  return reads;
}

interface Result {
  bytes: Buffer[];
  sums: string[];
}

function handWritten(reads: Buffer[]): Result {
  const records = new CopyCsvRecords("EUR", CHUNK_BYTES);
  const bytes: Buffer[] = [];
  for (const read of reads) for (const chunk of records.push(read)) bytes.push(chunk);
  bytes.push(records.finish());
  return { bytes, sums: records.sums.sums() };
}

function library(reads: Buffer[]): Result {
  const parser = new Parser({});
  const sums = [0n, 0n, 0n];
  const bytes: Buffer[] = [];
  const drain = () => {
    const batch: string[][] = [];
    for (let record = parser.read(); record !== null; record = parser.read()) {
      const fields = record as string[];
      sums[0]! += BigInt(fields[6]!);
      sums[1]! += BigInt(fields[7]!);
      sums[2]! += BigInt(fields[8]!);
      fields.push("EUR");
      batch.push(fields);
    }
    if (batch.length) bytes.push(Buffer.from(stringify(batch, CSV_OPTIONS), "utf8"));
  };
  for (const read of reads) {
    parser.write(read);
    drain();
  }
  parser.end();
  drain();
  return { bytes, sums: sums.map(String) };
}

const reads = copyOutput(LINES);
const ours = handWritten(reads);
const theirs = library(reads);
if (!Buffer.concat(ours.bytes).equals(Buffer.concat(theirs.bytes))) throw new Error("the two ways differ");
if (ours.sums.join() !== theirs.sums.join()) throw new Error("the sums differ");

const rounds = Number(process.argv[2] ?? 15);
await alternate(
  `Statement export of ${LINES.toLocaleString("en")} lines (${(Buffer.concat(reads).length / 1024 / 1024).toFixed(1)} MB of COPY output)`,
  [
    { name: "byte-level rewriter (CopyCsvRecords)", run: () => handWritten(reads) },
    { name: "csv-parse + csv-stringify", run: () => library(reads) },
  ],
  { rounds, ops: 1, allocOps: 1 },
);
