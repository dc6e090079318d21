import type { components } from "@mp/sdk";
import { type Command, InvalidArgumentError } from "commander";
import {
  type PageOptions,
  type PageStatusOptions,
  pageLine,
  pageOptions,
  pageStatusOptions,
  pageStatusQuery,
} from "../options";
import type { Run } from "./run";

type EventType = components["schemas"]["WebhookEventTypeInput"];
type Endpoint = components["schemas"]["WebhookEndpoint"];

const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

/** A comma-separated list of event types; the API checks the names (a 400 naming `body.events.n`). */
function eventList(value: string): EventType[] {
  const events = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (events.length === 0) throw new InvalidArgumentError("Expected event types such as install.failed.");
  return events as EventType[];
}

const endpointLine = (e: Endpoint) =>
  `${e.id}  ${e.url}  ${e.events.join(",")}  ${e.enabled ? "enabled" : `disabled${e.disabledReason ? ` (${e.disabledReason})` : ""}`}`;

/**
 * Everyone: the organisation's outbound webhook endpoints (docs/webhooks.md). A secret is printed by
 * `create` and `rotate-secret` only: the API never shows it again.
 */
export function webhookCommands(program: Command, run: Run): void {
  const webhooks = program
    .command("webhooks")
    .description("your organisation's webhook endpoints and their deliveries");
  run(
    webhooks
      .command("create")
      .description("register an endpoint; prints its signing secret, shown only this once")
      .requiredOption("--url <url>", "where deliveries are POSTed (https in production)")
      .requiredOption(
        "--events <types>",
        "comma-separated event types, e.g. purchase.completed,install.failed",
        eventList,
      )
      .option("--description <text>", "a note for people"),
    async (ctx, options: { url: string; events: EventType[]; description?: string }) => {
      const endpoint = await ctx.call(
        ctx.client.POST("/marketplace/webhook-endpoints", {
          body: {
            url: options.url,
            events: options.events,
            ...(options.description ? { description: options.description } : {}),
          },
        }),
      );
      ctx.print(endpoint, () => `${endpointLine(endpoint)}\nsecret ${endpoint.secret}`);
      ctx.note("Store the secret now: it is not shown again (rotate-secret makes a new one).");
    },
  );
  run(
    pageOptions(webhooks.command("list").description("your endpoints, without their secrets")),
    async (ctx, options: PageOptions) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/webhook-endpoints", {
          params: { query: { page: options.page, pageSize: options.pageSize } },
        }),
      );
      ctx.print(page, () => [...page.items.map(endpointLine), pageLine(page)].join("\n"));
    },
  );
  run(
    webhooks.command("delete <endpointId>").description("delete an endpoint and its delivery log"),
    async (ctx, id: string) => {
      await ctx.call(ctx.client.DELETE("/marketplace/webhook-endpoints/{id}", { params: { path: { id } } }));
      // The API answers 204 without a body: `--json` prints what was done.
      ctx.print({ id, deleted: true }, () => `deleted webhook endpoint ${id}`);
    },
  );
  run(
    webhooks
      .command("rotate-secret <endpointId>")
      .description("a new signing secret, shown only now; the previous one signs for 24 hours more"),
    async (ctx, id: string) => {
      const endpoint = await ctx.call(
        ctx.client.POST("/marketplace/webhook-endpoints/{id}/rotate-secret", { params: { path: { id } } }),
      );
      ctx.print(
        endpoint,
        () =>
          `${endpointLine(endpoint)}\nsecret ${endpoint.secret}\nprevious secret valid until ${endpoint.previousSecretExpiresAt}`,
      );
    },
  );
  run(
    pageStatusOptions(
      webhooks.command("deliveries <endpointId>").description("an endpoint's delivery log, newest first"),
      DELIVERY_STATUSES,
    ),
    async (ctx, id: string, options: PageStatusOptions<(typeof DELIVERY_STATUSES)[number]>) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/webhook-endpoints/{id}/deliveries", {
          params: { path: { id }, query: pageStatusQuery(options) },
        }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map((d) =>
            [
              d.id,
              d.createdAt,
              d.eventType,
              d.status,
              `${d.attempts} attempts`,
              d.responseStatus === null ? "" : `HTTP ${d.responseStatus}`,
              d.lastError ?? "",
            ]
              .filter(Boolean)
              .join("  "),
          ),
          pageLine(page),
        ].join("\n"),
      );
    },
  );
}
