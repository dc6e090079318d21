import { describe, expect, it } from "vitest";
import { serviceNameOf } from "./service-name";

describe("serviceNameOf", () => {
  it("names a service from its TypeScript entry and from its compiled bundle", () => {
    expect(serviceNameOf("/repo/services/iot-adapter/src/main.ts")).toBe("iot-adapter");
    expect(serviceNameOf("/app/services/catalogue/dist/main.mjs")).toBe("catalogue");
  });

  it("names the gateway from its TypeScript entry and from its compiled bundle", () => {
    expect(serviceNameOf("/repo/gateway/src/main.ts")).toBe("gateway");
    expect(serviceNameOf("/app/gateway/dist/main.mjs")).toBe("gateway");
  });

  it("falls back to the file's name", () => {
    expect(serviceNameOf("/somewhere/tool.mjs")).toBe("tool");
  });
});
