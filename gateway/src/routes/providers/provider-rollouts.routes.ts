import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { ListRolloutEventsResponse__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ListRolloutEventsResponse";
import { z } from "zod";
import type { PurchasesClient } from "../../clients";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import { toRollout, toRolloutDevicePage, toRolloutPage, toServerSentEvent } from "./provider-rollouts.mapper";
import {
  Rollout,
  RolloutBody,
  RolloutDevicePage,
  RolloutDevicesQuery,
  RolloutEventsHeaders,
  RolloutEventsQuery,
  RolloutPage,
  RolloutParams,
  RolloutsQuery,
} from "./provider-rollouts.schemas";

/** How often an open events stream asks purchases for new events while none came. */
const EVENTS_POLL_MS = 500;
/** A comment line after this long without an event, so proxies keep the connection. */
const KEEP_ALIVE_MS = 15_000;
/** A stream ends after this long; the client reconnects with `Last-Event-ID` and loses nothing. */
const STREAM_MAX_MS = 10 * 60_000;
/** Creating reads every device of the organisation from the platform (pages of 100): up to a minute. */
const CREATE_DEADLINE_MS = 60_000;
/** Events asked for per call. */
const EVENTS_PAGE = 500;

const ELIGIBLE =
  "Eligible devices are the caller's devices with a completed purchase of the item (the deployment's default payment mode) and a release of the version for their board; the others are listed `skipped` with `not-purchased` (also any device the caller does not own), `release-incompatible` or `already-installed`.";

/**
 * Rollouts: an item version installed over many of the provider's devices in growing waves, each device
 * through the single install (provider role; the caller's organisation only: another's rollout is 404).
 */
export function providerRolloutsRoutes(app: ZodApp, deps: { purchases: PurchasesClient }): void {
  const route = routeOptions("provider", ["Provider rollouts"]);
  const call = deps.purchases.call.bind(deps.purchases);

  app.post(
    "/marketplace/providers/rollouts",
    route(
      "createRollout",
      "Roll an item version out over many devices",
      `Creates a rollout and answers 201 with its \`Location\`. Devices: \`deviceIds\`, or every device of the caller's organisation on \`boardId\`, or (neither given) every device of the organisation; at most 10,000. ${ELIGIBLE} Eligible devices are installed in waves (wave n has \`firstWave * growth^(n-1)\` devices); the next wave starts when the current one has finished; at most \`maxInFlight\` installs are in flight. When failed installs among the finished ones exceed \`failureThresholdPercent\`, the rollout is \`paused\`. Each device's install is the single install (\`POST .../install\`): an install of the same device, item and version already in flight is followed instead of a second one. 404 when the version has no release on the platform. A rollout without an eligible device is \`completed\` at once. A creation is done once per request id: repeating the request with the same \`X-Request-Id\` (an ingress resending it after a gateway failed, a client retrying after an unclear answer) answers 201 with the rollout the first one created, as it is now; the same \`X-Request-Id\` with other values is 409 \`request-id-reused\` (with \`rolloutId\`).`,
      {
        body: RolloutBody,
        response: responses(
          { 201: Rollout },
          { body: true, notFound: true, conflicts: ["request-id-reused"] },
        ),
      },
    ),
    async (request, reply) => {
      const { deviceIds, boardId, ...rest } = request.body;
      const rollout = toRollout(
        await callUpstream(request, (ctx) =>
          call("createRollout", { ...rest, deviceIds: deviceIds ?? [], boardId: boardId ?? "" }, ctx, {
            deadlineMs: CREATE_DEADLINE_MS,
          }),
        ),
      );
      return reply
        .code(201)
        .header("location", `/marketplace/providers/rollouts/${rollout.rolloutId}`)
        .send(rollout);
    },
  );

  app.get(
    "/marketplace/providers/rollouts",
    route(
      "listRollouts",
      "List the organisation's rollouts",
      "The caller's organisation's rollouts, newest first by default, each with its counts by device status.",
      { querystring: RolloutsQuery, response: responses({ 200: RolloutPage }) },
    ),
    async (request) => {
      const { status, ...page } = request.query;
      return toRolloutPage(
        await callUpstream(request, (ctx) => call("listRollouts", { ...page, status: status ?? "" }, ctx)),
      );
    },
  );

  app.get(
    "/marketplace/providers/rollouts/:rolloutId",
    route(
      "getRollout",
      "Read a rollout",
      "The rollout's status, counts by device status and current wave. Another organisation's rollout is 404.",
      { params: RolloutParams, response: responses({ 200: Rollout }, { notFound: true }) },
    ),
    async (request) =>
      toRollout(await callUpstream(request, (ctx) => call("getRollout", request.params, ctx))),
  );

  app.get(
    "/marketplace/providers/rollouts/:rolloutId/devices",
    route(
      "listRolloutDevices",
      "List a rollout's devices",
      "Every device of the rollout in its order (`direction=desc`: last first), with its status, wave, skip reason or failure code, and its install (`rpcId` for `GET /marketplace/providers/rpc/{rpcId}`).",
      {
        params: RolloutParams,
        querystring: RolloutDevicesQuery,
        response: responses({ 200: RolloutDevicePage }, { notFound: true }),
      },
    ),
    async (request) =>
      toRolloutDevicePage(
        await callUpstream(request, (ctx) =>
          call(
            "listRolloutDevices",
            {
              ...request.params,
              page: request.query.page,
              pageSize: request.query.pageSize,
              direction: request.query.direction,
              status: request.query.status ?? "",
            },
            ctx,
          ),
        ),
      ),
  );

  for (const [action, summary, description] of [
    [
      "resume",
      "Resume a paused rollout",
      "A `paused` rollout runs again; the threshold then counts only installs finishing after the resume. 409 `invalid-state` in any other status.",
    ],
    [
      "cancel",
      "Cancel a rollout",
      "Queued devices are cancelled and never started; installs in flight finish and are reported (the events stream ends once they have). 409 `invalid-state` when already cancelled or completed.",
    ],
  ] as const)
    app.post(
      `/marketplace/providers/rollouts/:rolloutId/${action}`,
      route(`${action}Rollout`, summary, description, {
        params: RolloutParams,
        response: responses({ 200: Rollout }, { notFound: true, conflicts: ["invalid-state"] }),
      }),
      async (request) =>
        toRollout(
          await callUpstream(request, (ctx) =>
            call(action === "resume" ? "resumeRollout" : "cancelRollout", request.params, ctx),
          ),
        ),
    );

  app.get(
    "/marketplace/providers/rollouts/:rolloutId/events",
    {
      config: { access: "provider" },
      schema: {
        operationId: "streamRolloutEvents",
        tags: ["Provider rollouts"],
        summary: "Follow a rollout's progress (Server-Sent Events)",
        description: `A \`text/event-stream\` of the rollout's progress events, oldest first, from the first one or after \`Last-Event-ID\`: each has an \`id\` (1, 2, 3... per rollout), an \`event\` (\`rollout-created\`, \`wave-started\`, \`device-updated\`, \`rollout-paused\`, \`rollout-resumed\`, \`rollout-cancelled\`, \`rollout-completed\`) and one JSON \`data\` line (with its \`at\`). Events are stored, so a client resumes on any gateway replica without losing one. The stream ends once the rollout is cancelled or completed, no install of it is in flight and every event was sent; it also ends after ${STREAM_MAX_MS / 60_000} minutes (reconnect with \`Last-Event-ID\`). A comment line keeps a quiet stream open every ${KEEP_ALIVE_MS / 1000} s. Another organisation's rollout is 404 (a problem, before any event).`,
        params: RolloutParams,
        querystring: RolloutEventsQuery,
        headers: RolloutEventsHeaders,
        produces: ["text/event-stream"],
        response: responses(
          {
            200: z
              .string()
              .describe(
                'Server-Sent Events, e.g. `id: 4` / `event: device-updated` / `data: {"deviceId":"a1b2c3d4e5f60001","status":"succeeded",...}`.',
              ),
          },
          { notFound: true },
        ),
      },
    },
    async (request, reply) => {
      const { rolloutId } = request.params;
      let after = Number(request.headers["last-event-id"] ?? request.query.lastEventId ?? 0);
      const page = (afterId: number) =>
        callUpstream(request, (ctx) =>
          call("listRolloutEvents", { rolloutId, afterId, limit: EVENTS_PAGE }, ctx),
        );
      // The first page (or the refusal: 404, 400) decides the status before any header is sent.
      const first = await page(after);
      const signal = request.abortSignal;
      async function* events(): AsyncGenerator<string> {
        const opened = Date.now();
        let lastWrite = Date.now();
        let current: ListRolloutEventsResponse__Output = first;
        yield "retry: 2000\n\n";
        for (;;) {
          for (const e of current.items) {
            yield toServerSentEvent(e);
            after = Number(e.id);
            lastWrite = Date.now();
          }
          if (current.ended || signal.aborted || Date.now() - opened > STREAM_MAX_MS) return;
          if (current.items.length < EVENTS_PAGE) {
            if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
              yield ": keep-alive\n\n";
              lastWrite = Date.now();
            }
            await sleep(EVENTS_POLL_MS, undefined, { signal }).catch(() => undefined);
            if (signal.aborted) return;
          }
          current = await page(after);
        }
      }
      return reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-store")
        .header("x-accel-buffering", "no")
        .send(Readable.from(events(), { objectMode: false }));
    },
  );
}
