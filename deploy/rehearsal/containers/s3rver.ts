/**
 * The rehearsal's S3-compatible store: s3rver (npm) in a container of the Node base image, the repository
 * mounted read-only at /repo, objects under /data (tmpfs). S3_PORT (default 4579), S3_BUCKET (default
 * marketplace). Runs on Node's type stripping, no loader. SIGTERM stops it.
 */
import S3rver from "s3rver";

const port = Number(process.env.S3_PORT ?? 4579);
const bucket = process.env.S3_BUCKET ?? "marketplace";
const server = new S3rver({
  port,
  address: "127.0.0.1",
  silent: true,
  directory: "/data",
  configureBuckets: [{ name: bucket, configs: [] }],
});
await server.run();
process.stdout.write(`s3rver listening on 127.0.0.1:${port}, bucket ${bucket}\n`);
process.once("SIGTERM", () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
