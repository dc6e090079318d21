import type { CallContext } from "@mp/grpc";
import { describe, expect, it } from "vitest";
import type { IotDevice } from "../domain/device";
import { makeGetDevice } from "./devices";
import type { DevicePlatform } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-0000000000d1";
const OTHER = "0193a1b2-0000-7000-8000-0000000000d2";
const device: IotDevice = {
  deviceId: "00112233445566aa",
  organisationId: ORG,
  board: { id: "0193a1b2-0000-7000-8000-0000000000b1", name: "board" },
  metadata: {},
  lastSeenAt: null,
  application: null,
  lastRoute: null,
};
const platform = {
  getDevice: async (id: string) => (id === device.deviceId ? device : null),
} as unknown as DevicePlatform;
const getDevice = makeGetDevice({ platform });

const asService = (service: string, organisationId?: string) =>
  ({ service: { service, organisationId }, requestId: "r" }) as unknown as CallContext;
const asUser = (organisationId: string, roles: string[]) =>
  ({
    principal: { subject: "u", organisationId, roles, via: "jwt" },
    requestId: "r",
  }) as unknown as CallContext;

describe("GetDevice", () => {
  it("serves a provider of the owning organisation, and hides the device from another", async () => {
    expect(await getDevice(device.deviceId.toUpperCase(), asUser(ORG, ["provider"]))).toEqual(device);
    await expect(getDevice(device.deviceId, asUser(OTHER, ["provider"]))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(getDevice(device.deviceId, asUser(ORG, ["developer"]))).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("serves purchases acting for the owning organisation (a rollout has no user), no other service", async () => {
    expect(await getDevice(device.deviceId, asService("purchases", ORG))).toEqual(device);
    await expect(getDevice(device.deviceId, asService("purchases", OTHER))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(getDevice(device.deviceId, asService("purchases"))).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(getDevice(device.deviceId, asService("publishing", ORG))).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
