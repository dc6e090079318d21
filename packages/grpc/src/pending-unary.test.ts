import type * as grpc from "@grpc/grpc-js";
import { describe, expect, it, vi } from "vitest";
import type { Cancellable, CancelScope } from "./metadata";
import { PendingUnary } from "./pending-unary";

function fakeCall() {
  return { cancel: vi.fn() } as unknown as grpc.ClientUnaryCall & { cancel: ReturnType<typeof vi.fn> };
}

function scope(): CancelScope & { watched: Cancellable[] } {
  const watched: Cancellable[] = [];
  return {
    cancelled: false,
    watched,
    watch: (call) => watched.push(call),
    unwatch: (call) => watched.splice(watched.indexOf(call), 1),
  };
}

describe("PendingUnary", () => {
  it("settles with the answer, leaves its scope and lets go of the call", async () => {
    const calls = scope();
    const pending = new PendingUnary<string>(calls, undefined);
    const call = fakeCall();
    const promise = pending.start(() => call);
    expect(calls.watched).toEqual([pending]);

    pending.callback(null, "answer");

    await expect(promise).resolves.toBe("answer");
    expect(calls.watched).toEqual([]);
    expect(pending.call).toBeUndefined();
    pending.cancel();
    expect(call.cancel).not.toHaveBeenCalled();
  });

  it("rejects with the error and removes its abort listener", async () => {
    const controller = new AbortController();
    const pending = new PendingUnary<string>(undefined, controller.signal);
    const call = fakeCall();
    const promise = pending.start(() => call);

    const failure = new Error("unavailable") as grpc.ServiceError;
    pending.callback(failure);
    controller.abort();

    await expect(promise).rejects.toBe(failure);
    expect(pending.call).toBeUndefined();
    expect(call.cancel).not.toHaveBeenCalled();
  });

  it("cancels the call in flight when its signal aborts", () => {
    const controller = new AbortController();
    const pending = new PendingUnary<string>(undefined, controller.signal);
    const call = fakeCall();
    void pending.start(() => call);

    controller.abort();

    expect(call.cancel).toHaveBeenCalledTimes(1);
  });
});
