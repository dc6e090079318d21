import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookPayload, verifyWebhookSignature } from "./webhook-signature";

const secret = "whsec_test";
const body = '{"type":"purchase.completed","id":"evt_1"}';
const t = 1_800_000_000;
/** Computed independently of the helper: HMAC-SHA256 of "t.body", hex. */
const expectedV1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

describe("webhook signatures", () => {
  it("signs as t=<unix>,v1=<hex HMAC-SHA256 of t.body>", () => {
    expect(signWebhookPayload(body, secret, t)).toBe(`t=${t},v1=${expectedV1}`);
  });

  it("accepts a genuine delivery within the tolerance, as string or bytes", () => {
    const header = `t=${t},v1=${expectedV1}`;
    expect(verifyWebhookSignature({ payload: body, header, secret, nowSeconds: t + 299 })).toEqual({
      valid: true,
      timestamp: t,
    });
    expect(
      verifyWebhookSignature({ payload: Buffer.from(body), header, secret, nowSeconds: t - 299 }).valid,
    ).toBe(true);
  });

  it("signs with several secrets as the marketplace does during a rotation, each verifiable", () => {
    const header = signWebhookPayload(body, ["whsec_new", secret], t);
    expect(header.endsWith(`,v1=${expectedV1}`)).toBe(true);
    for (const s of ["whsec_new", secret])
      expect(verifyWebhookSignature({ payload: body, header, secret: s, nowSeconds: t }).valid).toBe(true);
  });

  it("accepts when any of several v1 matches (secret rotation)", () => {
    const header = `t=${t},v1=${"0".repeat(64)},v1=${expectedV1}`;
    expect(verifyWebhookSignature({ payload: body, header, secret, nowSeconds: t }).valid).toBe(true);
  });

  it("refuses a changed body, a wrong secret or a moved timestamp", () => {
    const header = `t=${t},v1=${expectedV1}`;
    const check = (payload: string, key: string, h = header) =>
      verifyWebhookSignature({ payload, header: h, secret: key, nowSeconds: t });
    expect(check(`${body} `, secret)).toEqual({ valid: false, reason: "mismatch" });
    expect(check(body, "whsec_other")).toEqual({ valid: false, reason: "mismatch" });
    expect(check(body, secret, `t=${t + 1},v1=${expectedV1}`)).toEqual({ valid: false, reason: "mismatch" });
  });

  it("refuses a delivery outside the tolerance", () => {
    const header = `t=${t},v1=${expectedV1}`;
    expect(verifyWebhookSignature({ payload: body, header, secret, nowSeconds: t + 301 })).toEqual({
      valid: false,
      reason: "expired",
    });
    expect(
      verifyWebhookSignature({ payload: body, header, secret, nowSeconds: t + 60, toleranceSeconds: 30 })
        .valid,
    ).toBe(false);
  });

  it("refuses malformed headers", () => {
    for (const header of [
      undefined,
      null,
      "",
      `v1=${expectedV1}`,
      `t=${t}`,
      `t=abc,v1=${expectedV1}`,
      `t=${t},v1=zz`,
    ]) {
      expect(verifyWebhookSignature({ payload: body, header, secret, nowSeconds: t })).toEqual({
        valid: false,
        reason: "malformed",
      });
    }
  });
});
