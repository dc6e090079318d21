import { headers } from "@nats-io/nats-core";
import { describe, expect, it } from "vitest";
import { untrustedReason } from "./source-check";

const owners: Record<string, string> = {
  catalogue: "catalogue",
  settlements: "settlements",
  iot: "iot-adapter",
};
const ownerOf = (subject: string) => owners[subject.split(".")[0] ?? ""];

describe("untrustedReason", () => {
  it("trusts an event whose source owns its subject and type", () => {
    const event = { source: "iot-adapter", type: "iot.install.status-changed.v1" };
    expect(untrustedReason(ownerOf, "iot.install.status-changed.v1", event, headers())).toBeUndefined();
    expect(untrustedReason(ownerOf, event.type, event, undefined)).toBeUndefined();
  });

  it("refuses another service's name in source", () => {
    const event = { source: "settlements", type: "catalogue.instance.created.v1" };
    expect(untrustedReason(ownerOf, event.type, event, undefined)).toBe(
      'source "settlements" is not catalogue, the owner of catalogue.instance.created.v1',
    );
  });

  it("refuses another service's type carried on the publisher's own subject", () => {
    const event = { source: "catalogue", type: "settlements.payment.updated.v1" };
    expect(untrustedReason(ownerOf, "catalogue.instance.created.v1", event, undefined)).toBe(
      "type settlements.payment.updated.v1 does not belong to catalogue",
    );
  });

  it("refuses a subject no service owns", () => {
    const event = { source: "catalogue", type: "catalogue.instance.created.v1" };
    expect(untrustedReason(ownerOf, "forged.instance.created.v1", event, undefined)).toBe(
      "no service owns subject forged.instance.created.v1",
    );
  });

  it.each(["Nats-Stream", "Nats-Stream-Source"])("refuses a message a stream copied (%s)", (header) => {
    const event = { source: "settlements", type: "settlements.payment.updated.v1" };
    const copied = headers();
    copied.set(header, "CATALOGUE");
    expect(untrustedReason(ownerOf, event.type, event, copied)).toBe(
      `copied by a stream (${header}: CATALOGUE), not published by settlements`,
    );
  });
});
