import { join } from "node:path";
import type { Command } from "commander";
import { UsageError } from "../exit-codes";
import { currency, integer, oneOf, type PageOptions, seconds } from "../options";
import { byteProgress, formatBytes } from "../progress";
import { streamToFile } from "../transfer";
import { waitUntil } from "../wait";
import type { Run } from "./run";

const pageOptions = (command: Command) =>
  command
    .option("--page <n>", "page number, 1..10000", integer(1, 10_000), 1)
    .option("--page-size <n>", "items per page, 1..100", integer(1, 100), 20);

const pageLine = (page: { page: number; totalPages: number; totalCount: number }) =>
  `page ${page.page} of ${page.totalPages} (${page.totalCount} in all)`;

const FINAL_INSTALL = new Set(["succeeded", "failed", "cancelled", "expired", "already_installed"]);

/** Providers: catalogue search, list, listings, checkout, purchases, install, statements list/export. */
export function providerCommands(program: Command, run: Run, statements: Command): void {
  const catalogue = program.command("catalogue").description("the catalogue buyers see");
  run(
    pageOptions(
      catalogue
        .command("search [terms...]")
        .description("search the listed items (all of them without terms)")
        .option("--instance <id>", "the instance whose catalogue to search")
        .option("--type <type>", "app or algorithm", oneOf(["app", "algorithm"] as const)),
    ),
    async (
      ctx,
      terms: string[],
      options: PageOptions & { instance?: string; type?: "app" | "algorithm" },
    ) => {
      const search = terms.join(" ").trim();
      const page = await ctx.call(
        ctx.client.GET("/marketplace/marketplace-items", {
          params: {
            query: {
              page: options.page,
              pageSize: options.pageSize,
              ...(search ? { search } : {}),
              ...(options.instance ? { marketplaceInstanceId: options.instance } : {}),
              ...(options.type ? { type: options.type } : {}),
            },
          },
        }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map(
            (i) =>
              `${i.id}  ${i.displayName}  from ${i.fromPrice.amount} ${i.fromPrice.currency}  (${i.type})`,
          ),
          pageLine(page),
        ].join("\n"),
      );
    },
  );

  run(
    program
      .command("list <itemId>")
      .description("list an offered item for sale at your price")
      .requiredOption("--instance <id>", "the instance the item is offered in")
      .requiredOption("--amount <minor>", "price in the currency's minor unit (1999 = 19.99)", integer(0))
      .requiredOption("--currency <code>", "the item's base price currency, e.g. EUR", currency)
      .option("--private", "leave it out of catalogues (buyable through its id)"),
    async (
      ctx,
      itemId: string,
      options: { instance: string; amount: number; currency: string; private?: boolean },
    ) => {
      const listing = await ctx.call(
        ctx.client.POST("/marketplace/providers/listings/{marketplaceItemId}", {
          params: { path: { marketplaceItemId: itemId } },
          body: {
            marketplaceInstanceId: options.instance,
            price: { amount: options.amount, currency: options.currency as never },
            visibility: options.private ? "private" : "public",
          },
        }),
      );
      ctx.print(
        listing,
        () =>
          `listing ${listing.id}: ${listing.price.amount} ${listing.price.currency} ${listing.visibility}`,
      );
    },
  );

  run(
    pageOptions(
      program
        .command("listings")
        .description("your listings")
        .option("--instance <id>", "only listings in this instance"),
    ),
    async (ctx, options: PageOptions & { instance?: string }) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/providers/listings", {
          params: {
            query: {
              page: options.page,
              pageSize: options.pageSize,
              ...(options.instance ? { marketplaceInstanceId: options.instance } : {}),
            },
          },
        }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map(
            (l) =>
              `${l.id}  ${l.displayName}  ${l.price.amount} ${l.price.currency}  ${l.visibility}${l.disabled ? " disabled" : ""}  item ${l.marketplaceItemId}`,
          ),
          pageLine(page),
        ].join("\n"),
      );
    },
  );

  run(
    program
      .command("checkout <itemId>")
      .description("make a payment page for one of your devices to buy a listed item")
      .requiredOption("--instance <id>", "the instance of your listing")
      .requiredOption("--device <deviceId>", "your device the purchase is for (16 hex)")
      .requiredOption("--success-url <url>", "where the buyer goes after paying")
      .requiredOption("--cancel-url <url>", "where the buyer goes when they leave")
      .option("--email <address>", "prefill the payment page's email"),
    async (
      ctx,
      itemId: string,
      options: { instance: string; device: string; successUrl: string; cancelUrl: string; email?: string },
    ) => {
      const session = await ctx.call(
        ctx.client.POST("/marketplace/providers/listings/{marketplaceItemId}/checkout-sessions", {
          params: { path: { marketplaceItemId: itemId } },
          body: {
            marketplaceInstanceId: options.instance,
            deviceId: options.device,
            successUrl: options.successUrl,
            cancelUrl: options.cancelUrl,
            ...(options.email ? { customerEmail: options.email } : {}),
          },
        }),
      );
      ctx.print(
        session,
        () =>
          `${session.url}\n(${session.amount.amount} ${session.amount.currency}, until ${session.expiresAt})`,
      );
    },
  );

  run(
    pageOptions(
      program
        .command("purchases")
        .description("purchases of your listings, newest first")
        .option("--device <deviceId>", "only this device's purchases"),
    ),
    async (ctx, options: PageOptions & { device?: string }) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/providers/purchases", {
          params: {
            query: {
              page: options.page,
              pageSize: options.pageSize,
              ...(options.device ? { deviceId: options.device } : {}),
            },
          },
        }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map(
            (p) =>
              `${p.id}  ${p.purchasedAt}  ${p.displayName}  device ${p.deviceId}  ${p.amount.amount} ${p.amount.currency}  ${p.status}`,
          ),
          pageLine(page),
        ].join("\n"),
      );
    },
  );

  run(
    program
      .command("install <deviceId> <itemId>")
      .description("install a purchased item's release on a device; --wait follows it to the end")
      .requiredOption("--version <version>", "the release version to install")
      .option("--wait", "wait until the install succeeds or fails")
      .option("--timeout <seconds>", "how long --wait waits, 1..3600", seconds, 300),
    async (
      ctx,
      deviceId: string,
      itemId: string,
      options: { version: string; wait?: boolean; timeout: number },
    ) => {
      const install = await ctx.call(
        ctx.client.POST("/marketplace/providers/devices/{deviceId}/purchases/{marketplaceItemId}/install", {
          params: { path: { deviceId, marketplaceItemId: itemId } },
          body: { version: options.version },
        }),
      );
      if (!options.wait || FINAL_INSTALL.has(install.status)) {
        ctx.print(install, () => `install ${install.installId} (rpc ${install.rpcId}) ${install.status}`);
        return;
      }
      let last = "";
      const status = await waitUntil(`install ${install.installId}`, options.timeout, async () => {
        const rpc = await ctx.call(
          ctx.client.GET("/marketplace/providers/rpc/{rpcId}", {
            params: { path: { rpcId: install.rpcId } },
          }),
        );
        if (rpc.status !== last) {
          last = rpc.status;
          ctx.note(`install ${install.installId}: ${last}`);
        }
        return FINAL_INSTALL.has(rpc.status) ? rpc : undefined;
      });
      ctx.print(
        status,
        () => `install ${status.installId} ${status.status}${status.detail ? `: ${status.detail}` : ""}`,
      );
      return status.status === "succeeded" || status.status === "already_installed" ? 0 : 3;
    },
  );

  run(
    pageOptions(
      statements
        .command("list")
        .description("settlement statements")
        .option(
          "--role <role>",
          "developer, provider or any",
          oneOf(["developer", "provider", "any"] as const),
          "any",
        )
        .option(
          "--status <status>",
          "open, finalized, paid or any",
          oneOf(["open", "finalized", "paid", "any"] as const),
          "any",
        )
        .option("--organisation <id>", "another organisation's (the platform operator only)"),
    ),
    async (
      ctx,
      options: PageOptions & {
        role: "developer" | "provider" | "any";
        status: "open" | "finalized" | "paid" | "any";
        organisation?: string;
      },
    ) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/earnings/statements", {
          params: {
            query: {
              role: options.role,
              status: options.status,
              page: options.page,
              pageSize: options.pageSize,
              ...(options.organisation ? { organisationId: options.organisation } : {}),
            },
          },
        }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map(
            (s) =>
              `${s.id}  ${s.periodStartUtc.slice(0, 7)}  ${s.role}  ${s.currency}  net ${s.totals.net}  ${s.status}  ${s.lineCount} lines`,
          ),
          pageLine(page),
        ].join("\n"),
      );
    },
  );

  run(
    statements
      .command("export <statementId>")
      .description("download a statement as CSV or PDF, streamed to a file")
      .option("--csv", "RFC 4180 CSV (the default)")
      .option("--pdf", "a PDF document")
      .option("-o, --output <path>", "the file to write (default statement-<id>.<csv|pdf> here)"),
    async (ctx, statementId: string, options: { csv?: boolean; pdf?: boolean; output?: string }) => {
      if (options.csv && options.pdf) throw new UsageError("Choose one of --csv and --pdf.");
      const format = options.pdf ? "pdf" : "csv";
      const path = options.output ?? join(process.cwd(), `statement-${statementId}.${format}`);
      const url =
        format === "pdf"
          ? ("/marketplace/earnings/statements/{statementId}/export.pdf" as const)
          : ("/marketplace/earnings/statements/{statementId}/export.csv" as const);
      const { data, response } = await ctx.send(
        ctx.client.GET(url, { params: { path: { statementId } }, parseAs: "stream" }),
      );
      const body = data as unknown as ReadableStream<Uint8Array>;
      const total = Number(response.headers.get("content-length") ?? 0);
      const progress = byteProgress(`exporting ${format.toUpperCase()}`, ctx.io.progressStream);
      let bytes: number;
      try {
        bytes = await streamToFile(body, path, total, progress);
      } finally {
        progress.stop();
      }
      ctx.print({ statementId, format, path, bytes }, () => `wrote ${path} (${formatBytes(bytes)})`);
    },
  );
}
