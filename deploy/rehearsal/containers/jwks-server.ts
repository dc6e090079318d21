/**
 * The identity provider's JWKS for the rehearsal's gateways, which run with NODE_ENV=production and so
 * accept only an https AUTH_JWKS_URL: serves JWKS_FILE at /jwks.json over TLS (TLS_CERT, TLS_KEY, signed by
 * the rehearsal's own CA, which the gateways trust through NODE_EXTRA_CA_CERTS) on 127.0.0.1:JWKS_PORT.
 * Runs on Node's type stripping, no loader. SIGTERM stops it.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:https";

const env = process.env;
const server = createServer(
  { cert: readFileSync(env.TLS_CERT as string), key: readFileSync(env.TLS_KEY as string) },
  (request, response) => {
    if (request.url !== "/jwks.json") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" });
    response.end(readFileSync(env.JWKS_FILE as string));
  },
);
server.listen(Number(env.JWKS_PORT ?? 8443), "127.0.0.1", () => {
  process.stdout.write(`JWKS on https://127.0.0.1:${env.JWKS_PORT ?? 8443}/jwks.json\n`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
