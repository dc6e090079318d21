import { describe, expect, it } from "vitest";
import { findSecrets, urlPassword } from "./secret-scan";

const JWT =
  "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJvcmciOiIwMTkzYTVkMC1kZTAwIiwicm9sZXMiOlsiYWRtaW4iXX0.c2lnbmF0dXJlc2lnbmF0dXJlc2ln";

describe("findSecrets", () => {
  it.each([
    ["JSON web token", `{"msg":"refused","authorization":"Bearer ${JWT}"}`],
    ["API key", '{"key":"mk_test_0123456789abcdefABCDEF0123456789ab"}'],
    ["Stripe secret", "STRIPE_API_KEY=sk_live_51Habcdefgh"],
    ["Stripe secret", '{"secret":"whsec_dev_local_marketplace_0000000000"}'],
    ["private key", '{"kty":"EC","crv":"P-256","d":"q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6"}'],
    ["private key", "-----BEGIN PRIVATE KEY-----"],
    ["URL with a password", "connecting to postgres://marketplace:hunter22@db:5432/marketplace"],
  ])("finds a %s", (kind, line) => {
    const findings = findSecrets(["an ordinary line", line]);
    expect(findings.map((f) => [f.kind, f.line])).toContainEqual([kind, 1]);
    for (const finding of findings) expect(finding.excerpt).toContain("<secret at");
  });

  it("finds values it is told are secret, and ignores too-short ones", () => {
    const lines = ["s3 key TopSecretS3Value here", "postgres started"];
    expect(findSecrets(lines, ["TopSecretS3Value", "postgres"])).toEqual([
      { kind: "known secret", line: 0, excerpt: "s3 key <secret at 7>" },
    ]);
  });

  it("leaves ordinary log lines, key prefixes and password-less URLs alone", () => {
    const lines = [
      '{"level":"info","msg":"request","url":"/marketplace/api-keys","statusCode":201}',
      '{"msg":"api key created","prefix":"mk_test_AbCd"}',
      '{"msg":"connecting to NATS","url":"nats://127.0.0.1:4222"}',
      '{"url":"https://s3.local/bucket/key?X-Amz-Credential=AKIA123%2F20261128&X-Amz-Signature=abc"}',
      '{"kid":"service:catalogue","crv":"P-256","x":"q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6"}',
    ];
    expect(findSecrets(lines)).toEqual([]);
  });
});

describe("urlPassword", () => {
  it("reads a connection URL's password, decoded", () => {
    expect(urlPassword("postgres://u:p%40ss@h:5432/db")).toBe("p@ss");
    expect(urlPassword("postgres://u@h/db")).toBeUndefined();
    expect(urlPassword("not a url")).toBeUndefined();
  });
});
