import type { Command } from "commander";
import { currency, integer, type PageOptions } from "../options";
import type { Run } from "./run";

/** A `...Utc` instant: an ISO 8601 date-time with an offset, or a bare date meaning midnight UTC. */
function instant(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value;
}

/** Admins: instances (list, create), offer, statements close. */
export function adminCommands(program: Command, run: Run, statements: Command): void {
  const instances = program.command("instances").description("marketplace instances (admin)");
  run(
    instances
      .command("list", { isDefault: true })
      .description("the instances you can see (the default)")
      .option("--page <n>", "page number, 1..10000", integer(1, 10_000), 1)
      .option("--page-size <n>", "items per page, 1..100", integer(1, 100), 20),
    async (ctx, options: PageOptions) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/instances", {
          params: { query: { page: options.page, pageSize: options.pageSize } },
        }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map((i) => `${i.id}  ${i.name}  ${i.defaultCurrency}  fee ${i.platformFeeBps} bps`),
          `page ${page.page} of ${page.totalPages} (${page.totalCount} in all)`,
        ].join("\n"),
      );
    },
  );
  run(
    instances
      .command("create")
      .description("create an instance your organisation owns")
      .requiredOption("--name <name>", "1..120 characters")
      .requiredOption("--currency <code>", "default currency, e.g. EUR", currency)
      .requiredOption(
        "--fee-bps <n>",
        "platform fee in basis points, 0..5000 (1000 = 10%)",
        integer(0, 5000),
      ),
    async (ctx, options: { name: string; currency: string; feeBps: number }) => {
      const instance = await ctx.call(
        ctx.client.POST("/marketplace/instances", {
          body: {
            name: options.name,
            defaultCurrency: options.currency as never,
            platformFeeBps: options.feeBps,
          },
        }),
      );
      ctx.print(instance, () => `${instance.id}  ${instance.name}`);
    },
  );

  run(
    program
      .command("offer <itemId>")
      .description("offer a published item of an instance for providers to list (admin)")
      .requiredOption("--instance <id>", "the instance (yours) the item is published in"),
    async (ctx, itemId: string, options: { instance: string }) => {
      const offering = await ctx.call(
        ctx.client.POST("/marketplace/instances/{instanceId}/offerings", {
          params: { path: { instanceId: options.instance } },
          body: { marketplaceItemId: itemId },
        }),
      );
      ctx.print(offering, () => `offering ${offering.id} of item ${offering.marketplaceItemId}`);
    },
  );

  run(
    statements
      .command("close")
      .description("close a period: finalize its statements in one batch (the platform operator)")
      .requiredOption(
        "--start <instant>",
        "period start (inclusive): 2026-03-01 or an ISO date-time",
        instant,
      )
      .requiredOption("--end <instant>", "period end (exclusive): 2026-04-01 or an ISO date-time", instant)
      .option("--live", "close live statements (default: test)"),
    async (ctx, options: { start: string; end: string; live?: boolean }) => {
      const batch = await ctx.call(
        ctx.client.POST("/marketplace/earnings/statements/batches", {
          body: { periodStartUtc: options.start, periodEndUtc: options.end, livemode: Boolean(options.live) },
        }),
      );
      ctx.print(batch, () => `batch ${batch.batchId}: ${batch.statementCount} statements`);
    },
  );
}
