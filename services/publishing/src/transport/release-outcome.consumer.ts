import {
  type ReleaseCopyFailedV1,
  type ReleaseStoredV1,
  releaseCopyFailedV1,
  releaseStoredV1,
} from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type {
  makeRecordReleaseCopyFailed,
  makeRecordReleaseStored,
} from "../application/record-release-copy-outcome";

/** Publishing's durable subscription to stored binaries: item releases become `available`. */
export function releaseStoredConsumer(
  recordStored: ReturnType<typeof makeRecordReleaseStored>,
): RegisteredConsumer {
  return defineConsumer<ReleaseStoredV1>({
    durable: "publishing-release-stored",
    stream: releaseStoredV1.stream,
    eventTypes: [releaseStoredV1.type],
    schema: releaseStoredV1.data,
    handle: recordStored,
  });
}

/** Publishing's durable subscription to failed copies: item releases become `failed`. */
export function releaseCopyFailedConsumer(
  recordFailed: ReturnType<typeof makeRecordReleaseCopyFailed>,
): RegisteredConsumer {
  return defineConsumer<ReleaseCopyFailedV1>({
    durable: "publishing-release-copy-failed",
    stream: releaseCopyFailedV1.stream,
    eventTypes: [releaseCopyFailedV1.type],
    schema: releaseCopyFailedV1.data,
    handle: recordFailed,
  });
}
