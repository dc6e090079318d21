import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { authHeader, notRun, type ScenarioOutcome } from "../scenario";

/**
 * A local HTTP receiver that answers 204 to every POST and hands each body, with the event id it carries,
 * to `onEvent` once answered. Listens on a free port of 127.0.0.1.
 */
export async function startWebhookReceiver(
  onEvent: (id: string, body: string) => void,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      res.writeHead(204).end();
      onEvent((JSON.parse(body) as { id: string }).id, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * Registers a `statement.paid` endpoint at `url` through the gateway as the demo provider (`token`):
 * its id, or the scenario's not-run outcome naming the refusal.
 */
export async function registerStatementPaidEndpoint(
  gatewayUrl: string,
  token: string,
  body: { url: string; description?: string },
): Promise<{ endpointId: string } | { refused: ScenarioOutcome }> {
  const registered = await fetch(`${gatewayUrl}/marketplace/webhook-endpoints`, {
    method: "POST",
    headers: { ...authHeader(token), "content-type": "application/json" },
    body: JSON.stringify({ ...body, events: ["statement.paid"] }),
  });
  if (registered.status !== 201)
    return {
      refused: notRun(`registering the endpoint answered ${registered.status}: ${await registered.text()}`),
    };
  return { endpointId: ((await registered.json()) as { id: string }).id };
}

/** Deletes the endpoint again; a failure is ignored (the run's figures stand without it). */
export async function deleteEndpoint(gatewayUrl: string, token: string, endpointId: string): Promise<void> {
  await fetch(`${gatewayUrl}/marketplace/webhook-endpoints/${endpointId}`, {
    method: "DELETE",
    headers: authHeader(token),
  }).catch(() => undefined);
}

/** A pool on the stack's database with search_path settlements, to commit events into its outbox. */
export function settlementsPool(databaseUrl: string, max: number): pg.Pool {
  const db = new pg.Pool({ connectionString: databaseUrl, max, options: "-c search_path=settlements" });
  db.on("error", () => {});
  return db;
}
