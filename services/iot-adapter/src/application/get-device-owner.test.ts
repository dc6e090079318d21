import type { CallContext } from "@mp/grpc";
import { describe, expect, it } from "vitest";
import { FAKE_DEVICE, fakePlatform } from "../testing/fakes";
import { makeGetDeviceOwner } from "./get-device-owner";

const purchases = { service: { service: "purchases" }, requestId: "r" } as unknown as CallContext;
const publishing = { service: { service: "publishing" }, requestId: "r" } as unknown as CallContext;
const user = {
  principal: { subject: "u", organisationId: FAKE_DEVICE.organisationId, roles: ["provider"], via: "jwt" },
  requestId: "r",
} as unknown as CallContext;

describe("GetDeviceOwner", () => {
  const { platform, calls } = fakePlatform([]);
  const getOwner = makeGetDeviceOwner({ platform });

  it("answers the owning organisation and board of a known device (any case), null for an unknown one", async () => {
    expect(await getOwner(FAKE_DEVICE.deviceId.toUpperCase(), purchases)).toEqual({
      deviceId: FAKE_DEVICE.deviceId,
      owner: { organisationId: FAKE_DEVICE.organisationId, boardId: FAKE_DEVICE.boardId },
    });
    expect(await getOwner("ffffffffffffffff", purchases)).toEqual({
      deviceId: "ffffffffffffffff",
      owner: null,
    });
    expect(calls).toContain(`deviceOwner ${FAKE_DEVICE.deviceId}`);
  });

  it("serves purchases only, and refuses a malformed device id", async () => {
    await expect(getOwner(FAKE_DEVICE.deviceId, user)).rejects.toMatchObject({ code: "forbidden" });
    await expect(getOwner(FAKE_DEVICE.deviceId, publishing)).rejects.toMatchObject({ code: "forbidden" });
    await expect(getOwner("nope", purchases)).rejects.toMatchObject({ code: "validation-failed" });
  });
});
