import { describe, expect, it } from "vitest";
import { natsConnectOptions, redactNatsUrl } from "./url-credentials";

describe("NATS URL credentials", () => {
  it("moves user and password out of the URL into connect options", () => {
    expect(natsConnectOptions("nats://catalogue:s%40cret@nats:4222")).toEqual({
      servers: "nats://nats:4222",
      user: "catalogue",
      pass: "s@cret",
    });
    expect(natsConnectOptions("nats://a:b@n1:4222,nats://n2:4222")).toEqual({
      servers: "nats://n1:4222,nats://n2:4222",
      user: "a",
      pass: "b",
    });
    expect(natsConnectOptions("nats://127.0.0.1:4222")).toEqual({ servers: "nats://127.0.0.1:4222" });
  });

  it("never logs a password", () => {
    expect(redactNatsUrl("nats://catalogue:secret@nats:4222")).toBe("nats://catalogue:***@nats:4222");
    expect(redactNatsUrl("nats://nats:4222")).toBe("nats://nats:4222");
  });
});
