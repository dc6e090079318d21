import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedS3Request {
  method: string;
  /** The decoded path: `/<bucket>/<key>` with path-style addressing. */
  path: string;
  /** `x-amz-copy-source` of a CopyObject, decoded. */
  copySource: string | undefined;
}

/**
 * A pass-through HTTP proxy in front of the test's object store that records every request the service
 * makes, so a test can prove what never happened (no copy, no write under a key) rather than hope a
 * listing caught it at the right moment. Headers go through unchanged (Host included), so signatures a
 * real S3-compatible store checks stay valid.
 */
export async function startRecordingS3Proxy(target: string) {
  const upstream = new URL(target);
  const requests: RecordedS3Request[] = [];
  const server = createServer((req, res) => {
    const copySource = req.headers["x-amz-copy-source"];
    requests.push({
      method: req.method ?? "GET",
      path: decodeURIComponent(new URL(req.url ?? "/", "http://proxy").pathname),
      copySource: typeof copySource === "string" ? decodeURIComponent(copySource) : undefined,
    });
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
