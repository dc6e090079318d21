import { type InstallStatusChangedV1, installStatusChangedV1 } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeApplyInstallStatus } from "../application/apply-install-status";

/** Purchases's subscription to iot.install.status-changed.v1: the installs projection. */
export function installStatusConsumer(apply: ReturnType<typeof makeApplyInstallStatus>): RegisteredConsumer {
  return defineConsumer<InstallStatusChangedV1>({
    durable: "purchases-installs",
    stream: installStatusChangedV1.stream,
    eventTypes: [installStatusChangedV1.type],
    schema: installStatusChangedV1.data,
    handle: apply,
  });
}
