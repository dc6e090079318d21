import {
  createHmac,
  generateKeyPairSync,
  hash,
  randomBytes,
  randomUUID,
  sign,
  timingSafeEqual,
  verify,
} from "node:crypto";
import {
  createMeshSigner,
  createMeshVerifier,
  GATEWAY_SIGNER,
  generateMeshKeys,
  serviceSigner,
} from "@mp/auth";
import type { Principal } from "@mp/contracts";
import { importJWK, jwtVerify, SignJWT } from "jose";

/**
 * What binding an assertion to one call costs: a fresh assertion signed by the caller and verified by the
 * service for every gRPC call, in µs of CPU per call, for the designs considered (docs/adr/0008). Run with
 * `pnpm bench:mesh [iterations]`; each design runs warm-up rounds first, then the median of five rounds
 * is printed. Single-threaded: the figure is the cost one call adds to the two processes together.
 */
const iterations = Number(process.argv[2] ?? 5_000);
const CATALOGUE = serviceSigner("catalogue");
const METHOD = "/marketplace.catalogue.v1.CatalogueService/ListInstances";
const user: Principal = {
  subject: "auth0|bench-user",
  organisationId: "0193a1b2-0000-7000-8000-000000000001",
  roles: ["admin"],
  via: "jwt",
};

async function measure(name: string, perCall: () => unknown): Promise<{ name: string; us: number }> {
  for (let i = 0; i < Math.min(iterations, 1_000); i++) await perCall();
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = process.cpuUsage();
    for (let i = 0; i < iterations; i++) await perCall();
    const used = process.cpuUsage(started);
    rounds.push((used.user + used.system) / iterations);
  }
  rounds.sort((a, b) => a - b);
  return { name, us: rounds[2]! };
}

const keys = await generateMeshKeys([GATEWAY_SIGNER, CATALOGUE]);
const gatewayJwk = keys.privateKeys[GATEWAY_SIGNER]!;
const results: { name: string; us: number }[] = [];

// The design chosen: node:crypto ES256, a fresh assertion per call, the verifier's full checks and its
// replay guard (what @mp/grpc does on every call).
{
  const signer = createMeshSigner(gatewayJwk);
  const verifier = createMeshVerifier({ self: CATALOGUE, jwks: keys.jwks });
  results.push(
    await measure("ES256, node:crypto, per call (chosen): sign + verifyCall", async () => {
      const assertion = await signer.sign({
        audience: CATALOGUE,
        method: METHOD,
        requestId: "r",
        subject: { user },
      });
      await verifier.verifyCall({ assertion, method: METHOD });
    }),
  );
}

// The same algorithm through jose (WebCrypto on Node), as the mesh signed and verified before.
{
  const privateKey = await importJWK(gatewayJwk, "ES256");
  const publicKey = await importJWK(keys.jwks.keys.find((k) => k.kid === gatewayJwk.kid)!, "ES256");
  results.push(
    await measure("ES256, jose (WebCrypto), per call: sign + jwtVerify", async () => {
      const token = await new SignJWT({ kind: "user", org: user.organisationId, rid: "r", mth: METHOD })
        .setProtectedHeader({ alg: "ES256", kid: gatewayJwk.kid!, typ: "JWT" })
        .setIssuer(GATEWAY_SIGNER)
        .setAudience(CATALOGUE)
        .setSubject(user.subject)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime("60s")
        .sign(privateKey);
      await jwtVerify(token, publicKey, { algorithms: ["ES256"], audience: CATALOGUE });
    }),
  );
}

// Alternatives at the primitive level (a 400-byte signing input, about an assertion's size).
const input = Buffer.from("x".repeat(400));
{
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
  results.push(
    await measure("ES256 primitive, node:crypto: sign + verify", () => {
      const signature = sign("sha256", input, { key: ec.privateKey, dsaEncoding: "ieee-p1363" });
      verify("sha256", input, { key: ec.publicKey, dsaEncoding: "ieee-p1363" }, signature);
    }),
  );
}
{
  const ed = generateKeyPairSync("ed25519");
  results.push(
    await measure("EdDSA (Ed25519) primitive, node:crypto: sign + verify", () => {
      verify(null, input, ed.publicKey, sign(null, input, ed.privateKey));
    }),
  );
}
{
  // Needs a secret per pair of processes (no third party can check it, so a forwarded user assertion
  // could not be verified downstream): measured as the floor any per-call proof could reach.
  const secret = randomBytes(32);
  results.push(
    await measure("HS256 primitive (pairwise secret), node:crypto: mac + check", () => {
      const mac = createHmac("sha256", secret).update(input).digest();
      timingSafeEqual(mac, createHmac("sha256", secret).update(input).digest());
    }),
  );
}

// What a call cost before binding: a reused assertion (a cache hit at the signer) and a remembered one
// at the verifier (its SHA-256 digest looked up).
{
  const token = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).sign(randomBytes(32));
  const reused = new Map([[`${CATALOGUE} user`, token]]);
  const remembered = new Map([[hash("sha256", token, "base64"), true]]);
  results.push(
    await measure("before: reused assertion + remembered verification (digest)", () => {
      const assertion = reused.get(`${CATALOGUE} user`)!;
      return remembered.get(hash("sha256", assertion, "base64"));
    }),
  );
}

process.stdout.write(`mesh assertion cost per call, ${iterations} calls per round, median of 5 rounds\n`);
process.stdout.write(`Node ${process.version}\n\n| design | CPU per call |\n|---|---|\n`);
for (const { name, us } of results) process.stdout.write(`| ${name} | ${us.toFixed(1)} µs |\n`);
