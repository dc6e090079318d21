import { createHmac } from "node:crypto";
import { verifyWebhookSignature } from "@mp/sdk";
import { describe, expect, it } from "vitest";
import { signatureHeader } from "./signature";

const body = '{"id":"0193a1b2-0000-7000-8000-000000000001","type":"purchase.completed"}';
const t = 1_800_000_000;
/** Computed here independently: hex HMAC-SHA256 of "t.body" under the whole secret string. */
const v1 = (secret: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

describe("Marketplace-Signature", () => {
  it("is t=<unix>,v1=<hex HMAC-SHA256 of t.body>", () => {
    expect(signatureHeader(body, ["whsec_a"], t)).toBe(`t=${t},v1=${v1("whsec_a")}`);
  });

  it("carries one v1 per live secret, the current one first, each verifiable alone", () => {
    const header = signatureHeader(body, ["whsec_new", "whsec_old"], t);
    expect(header).toBe(`t=${t},v1=${v1("whsec_new")},v1=${v1("whsec_old")}`);
    for (const secret of ["whsec_new", "whsec_old"])
      expect(verifyWebhookSignature({ payload: body, header, secret, nowSeconds: t }).valid).toBe(true);
    expect(
      verifyWebhookSignature({ payload: body, header, secret: "whsec_other", nowSeconds: t }).valid,
    ).toBe(false);
  });

  it("refuses to sign without a secret", () => {
    expect(() => signatureHeader(body, [], t)).toThrow();
  });
});
