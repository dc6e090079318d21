import { createWriteStream } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Readable } from "node:stream";
import { UnavailableError } from "./exit-codes";
import type { Progress } from "./progress";

const CHUNK = 64 * 1024;

/**
 * PUT bytes to a presigned object-storage address with `Content-Length` (object stores refuse chunked
 * uploads), reporting progress per chunk written. node:http rather than fetch: fetch cannot send a
 * streamed body with a length, nor report how much of it left.
 */
export function putWithProgress(
  url: string,
  headers: Record<string, string>,
  bytes: Uint8Array,
  progress: Progress,
): Promise<void> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      { method: "PUT", headers: { ...headers, "content-length": String(bytes.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve();
          const body = Buffer.concat(chunks).toString("utf8").slice(0, 300);
          reject(new UnavailableError(`The object store refused the upload (${status}): ${body}`));
        });
      },
    );
    req.on("error", (error) => reject(new UnavailableError(`The upload failed: ${error.message}.`)));
    let offset = 0;
    const writeMore = () => {
      while (offset < bytes.length) {
        const end = Math.min(offset + CHUNK, bytes.length);
        const ok = req.write(bytes.subarray(offset, end));
        offset = end;
        progress.update(offset, bytes.length);
        if (!ok) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

/** Stream a response body into a file, reporting bytes written; returns the byte count. */
export async function streamToFile(
  body: ReadableStream<Uint8Array>,
  path: string,
  total: number,
  progress: Progress,
): Promise<number> {
  const file = createWriteStream(path);
  let written = 0;
  try {
    for await (const chunk of body as unknown as Readable) {
      const bytes = chunk as Uint8Array;
      if (!file.write(bytes)) await new Promise<void>((resolve) => file.once("drain", () => resolve()));
      written += bytes.length;
      progress.update(written, total);
    }
  } finally {
    await new Promise<void>((resolve, reject) => {
      file.once("error", reject);
      file.end(() => resolve());
    });
  }
  return written;
}
