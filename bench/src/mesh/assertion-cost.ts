import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hash,
  type JsonWebKey,
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
 * What authenticating one gRPC call costs, bound to its method and accepted once, in µs of CPU per call
 * (caller and service together), for the designs considered (docs/adr/0008). Run with
 * `pnpm bench:mesh [iterations]`; each design runs warm-up rounds first, then the median of five rounds
 * is printed. Single-threaded: the figure is the cost one call adds to the two processes together.
 */
const iterations = Number(process.argv[2] ?? 5_000);
const CATALOGUE = serviceSigner("catalogue");
const PUBLISHING = serviceSigner("publishing");
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

const keys = await generateMeshKeys([GATEWAY_SIGNER, CATALOGUE, PUBLISHING]);
const gatewayJwk = keys.privateKeys[GATEWAY_SIGNER]!;
const results: { name: string; us: number }[] = [];

// The design chosen: a per-call token MACed under the caller's and callee's ECDH-derived pairwise key, the
// gateway's user assertion reused and its verification remembered (what @mp/grpc does on every call).
{
  const signer = createMeshSigner(gatewayJwk, { jwks: keys.jwks });
  const verifier = createMeshVerifier({ privateKey: keys.privateKeys[CATALOGUE]!, jwks: keys.jwks });
  results.push(
    await measure("pairwise MAC per call (chosen), gateway with a user: sign + verifyCall", async () => {
      const credentials = signer.sign({
        audience: CATALOGUE,
        method: METHOD,
        requestId: "r",
        subject: { user },
      });
      await verifier.verifyCall({ ...credentials, method: METHOD, requestId: "r" });
    }),
  );
  const service = createMeshSigner(keys.privateKeys[PUBLISHING]!, { jwks: keys.jwks });
  results.push(
    await measure("pairwise MAC per call (chosen), a service as itself: sign + verifyCall", async () => {
      const credentials = service.sign({ audience: CATALOGUE, method: METHOD, requestId: "r", subject: {} });
      await verifier.verifyCall({ ...credentials, method: METHOD, requestId: "r" });
    }),
  );
}

// The design it replaces (item 4 as first built): a fresh ES256 assertion per call over node:crypto,
// signed and verified with its payload parsed (the claim checks and replay guard, a few µs, left out).
{
  const privateKey = createPrivateKey({ key: gatewayJwk as JsonWebKey, format: "jwk" });
  const publicKey = createPublicKey({
    key: keys.jwks.keys.find((k) => k.kid === gatewayJwk.kid)! as JsonWebKey,
    format: "jwk",
  });
  const header = Buffer.from(JSON.stringify({ alg: "ES256", kid: gatewayJwk.kid, typ: "JWT" })).toString(
    "base64url",
  );
  results.push(
    await measure("ES256 per call, node:crypto (replaced): sign + verify + parse", () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: GATEWAY_SIGNER,
        aud: CATALOGUE,
        sub: user.subject,
        kind: "user",
        org: user.organisationId,
      };
      const payload = {
        ...claims,
        roles: user.roles,
        via: user.via,
        rid: "r",
        mth: METHOD,
        jti: randomUUID(),
      };
      const input = `${header}.${Buffer.from(JSON.stringify({ ...payload, iat: now, exp: now + 60 })).toString("base64url")}`;
      const signature = sign("sha256", Buffer.from(input), { key: privateKey, dsaEncoding: "ieee-p1363" });
      const token = `${input}.${signature.toString("base64url")}`;
      const last = token.lastIndexOf(".");
      const ok = verify(
        "sha256",
        Buffer.from(token.slice(0, last)),
        { key: publicKey, dsaEncoding: "ieee-p1363" },
        Buffer.from(token.slice(last + 1), "base64url"),
      );
      if (!ok) throw new Error("does not verify");
      return JSON.parse(Buffer.from(token.slice(token.indexOf(".") + 1, last), "base64url").toString());
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
  // A secret per pair of processes, the primitive under the chosen design: the floor of a per-call proof.
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
