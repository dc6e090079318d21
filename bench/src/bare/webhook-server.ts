import Fastify from "fastify";
import pg from "pg";
import Stripe from "stripe";
import { serveBare } from "./serve";

/**
 * The baseline of scenario E: a bare fastify + pg process that does what payment intake must do and no
 * more. It verifies `Stripe-Signature` over the raw body with the `stripe` package (400 otherwise) and
 * INSERTs the event into a table of the stack's database (`bench_baseline.webhook_events`, keyed by the
 * event id, ON CONFLICT DO NOTHING) before answering 204. No gateway, no gRPC, no mesh assertion, no
 * NOTIFY. Prints its URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!databaseUrl || !secret) throw new Error("DATABASE_URL and STRIPE_WEBHOOK_SECRET are required");
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
pool.on("error", () => {});
await pool.query(`CREATE SCHEMA IF NOT EXISTS bench_baseline;
  CREATE TABLE IF NOT EXISTS bench_baseline.webhook_events (
    id text PRIMARY KEY, type text NOT NULL, payload bytea NOT NULL, received_at timestamptz NOT NULL DEFAULT now())`);

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
  done(null, body),
);

app.post("/marketplace/webhooks/stripe", async (request, reply) => {
  const payload = request.body as Buffer;
  const header = request.headers["stripe-signature"];
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, typeof header === "string" ? header : "", secret, 300);
  } catch {
    return reply.code(400).send({ code: "invalid-signature" });
  }
  await pool.query(
    "INSERT INTO bench_baseline.webhook_events (id, type, payload) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING",
    [event.id, event.type, payload],
  );
  return reply.code(204).send();
});

await serveBare(app, pool);
