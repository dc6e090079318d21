import type { FastifyInstance } from "fastify";
import type pg from "pg";

/**
 * Starts a bare baseline server as the runner expects it: listening on a free port of 127.0.0.1, its URL
 * printed as one JSON line, and on SIGTERM or SIGINT the app and its pool closed before the process exits.
 */
export async function serveBare(app: FastifyInstance, pool: pg.Pool): Promise<void> {
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  process.stdout.write(`${JSON.stringify({ url: address })}\n`);
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
