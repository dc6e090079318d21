import type { Command } from "commander";
import type { Context } from "../context";
import { EXIT } from "../exit-codes";
import { readImageFile, readMetadataFile } from "../local-files";
import { currency, integer, seconds } from "../options";
import { byteProgress, formatBytes } from "../progress";
import { putWithProgress } from "../transfer";
import { waitUntil } from "../wait";

import type { Run } from "./run";

interface DeveloperItem {
  id: string;
  status: string;
  metadata: { displayName: string | null };
  readiness: { ready: boolean; unmet: string[] };
}

const itemLine = (item: DeveloperItem) =>
  `${item.id}  ${item.status}  ${item.metadata.displayName ?? "(no name)"}${
    item.readiness.ready ? "" : `  (to publish: ${item.readiness.unmet.join(", ")})`
  }`;

/** Upload a file through an upload session and finalise it: the asset id, ready to attach. */
async function uploadAsset(ctx: Context, path: string, assetType: "icon" | "image"): Promise<string> {
  const image = await readImageFile(path);
  const session = await ctx.call(
    ctx.client.POST("/assets/upload-session", {
      body: { assetType, mimeType: image.mimeType, fileName: image.fileName },
    }),
  );
  const progress = byteProgress(`uploading ${image.fileName}`, ctx.io.progressStream);
  try {
    await putWithProgress(session.uploadUri, session.uploadHeaders, image.bytes, progress);
  } finally {
    progress.stop();
  }
  await ctx.call(
    ctx.client.POST("/assets/{assetId}/finalise", {
      params: { path: { assetId: session.assetId } },
      body: {
        assetId: session.assetId,
        sizeBytes: image.bytes.length,
        width: image.width,
        height: image.height,
      },
    }),
  );
  ctx.note(`uploaded ${image.fileName} (${formatBytes(image.bytes.length)}, ${image.width}x${image.height})`);
  return session.assetId;
}

/** Developers: link, describe, upload-icon, upload-image, select-release, price, publish (and finding apps). */
export function developerCommands(program: Command, run: Run): void {
  run(
    program
      .command("apps")
      .description("list your organisation's IoT applications (with their item in an instance)")
      .option("--instance <id>", "report item links in this instance")
      .option("--limit <n>", "applications to show, 1..100", integer(1, 100), 20)
      .option("--offset <n>", "applications to skip", integer(0, 100_000), 0),
    async (ctx, options: { instance?: string; limit: number; offset: number }) => {
      const list = await ctx.call(
        ctx.client.GET("/marketplace/developers/infuse-iot/applications", {
          params: {
            query: {
              limit: options.limit,
              offset: options.offset,
              ...(options.instance ? { marketplaceInstanceId: options.instance } : {}),
            },
          },
        }),
      );
      ctx.print(
        list,
        () =>
          list.items
            .map(
              (a) =>
                `${a.applicationId}  ${a.name}${a.marketplaceItemId ? `  item ${a.marketplaceItemId}` : ""}`,
            )
            .join("\n") || "no applications",
      );
    },
  );

  run(
    program
      .command("app-releases <applicationId>")
      .description("list an IoT application's releases (the ids select-release takes)")
      .option("--limit <n>", "releases to show, 1..100", integer(1, 100), 20)
      .option("--offset <n>", "releases to skip", integer(0, 100_000), 0),
    async (ctx, applicationId: string, options: { limit: number; offset: number }) => {
      const list = await ctx.call(
        ctx.client.GET("/marketplace/developers/infuse-iot/applications/{applicationId}/releases", {
          params: {
            path: { applicationId: integer(1, 2_147_483_647)(applicationId) },
            query: { limit: options.limit, offset: options.offset },
          },
        }),
      );
      ctx.print(
        list,
        () =>
          list.items.map((r) => `${r.releaseId}  ${r.version}  ${r.board.name}`).join("\n") || "no releases",
      );
    },
  );

  run(
    program
      .command("link <applicationId>")
      .description("create the marketplace item of an IoT application in an instance")
      .requiredOption("--instance <id>", "the developer instance to create the item in")
      .option("--type <type>", "app or algorithm (default app)"),
    async (ctx, applicationId: string, options: { instance: string; type?: "app" | "algorithm" }) => {
      const item = await ctx.call(
        ctx.client.POST("/marketplace/developers/infuse-iot/applications/{applicationId}/marketplace-item", {
          params: { path: { applicationId: integer(1, 2_147_483_647)(applicationId) } },
          body: { marketplaceInstanceId: options.instance, ...(options.type ? { type: options.type } : {}) },
        }),
      );
      ctx.print(item, () => itemLine(item));
    },
  );

  run(
    program
      .command("describe <itemId>")
      .description("set an item's metadata from a JSON or YAML file")
      .requiredOption("-f, --file <path>", "displayName, description, algorithmType, licenseUrl, eulaUrl"),
    async (ctx, itemId: string, options: { file: string }) => {
      const body = await readMetadataFile(options.file);
      const item = await ctx.call(
        ctx.client.POST("/marketplace/developers/marketplace-items/{id}/metadata", {
          params: { path: { id: itemId } },
          // The file's members go as they are: the API checks them and names any it refuses.
          body: body as never,
        }),
      );
      ctx.print(item, () => itemLine(item));
    },
  );

  run(
    program
      .command("upload-icon <itemId> <file>")
      .description("upload a PNG or JPEG (square, 128..1024 px, <= 1 MiB) and make it the item's icon"),
    async (ctx, itemId: string, file: string) => {
      const assetId = await uploadAsset(ctx, file, "icon");
      const item = await ctx.call(
        ctx.client.POST("/marketplace/developers/marketplace-items/{id}/icon", {
          params: { path: { id: itemId } },
          body: { assetId },
        }),
      );
      ctx.print(item, () => `icon ${assetId} set on ${itemLine(item)}`);
    },
  );

  run(
    program
      .command("upload-image <itemId> <file>")
      .description("upload a PNG or JPEG (320..4096 px a side, <= 5 MiB) to the end of the item's gallery"),
    async (ctx, itemId: string, file: string) => {
      const assetId = await uploadAsset(ctx, file, "image");
      const gallery = await ctx.call(
        ctx.client.POST("/marketplace/developers/marketplace-items/{id}/images", {
          params: { path: { id: itemId } },
          body: { assetId },
        }),
      );
      ctx.print(gallery, () => `image ${assetId} added; gallery of ${gallery.length}`);
    },
  );

  run(
    program
      .command("select-release <itemId> <releaseId>")
      .description("select an IoT release for the item; --wait until its binary is stored")
      .option("--wait", "wait until the release is available (or failed)")
      .option("--timeout <seconds>", "how long --wait waits, 1..3600", seconds, 300),
    async (ctx, itemId: string, releaseId: string, options: { wait?: boolean; timeout: number }) => {
      const selected = await ctx.call(
        ctx.client.POST("/marketplace/developers/marketplace-items/{id}/infuse-iot-releases", {
          params: { path: { id: itemId } },
          body: { releaseId },
        }),
      );
      let release: typeof selected = selected;
      if (options.wait && selected.status === "preparing") {
        ctx.note(`waiting for release ${selected.version} to be stored...`);
        release = await waitUntil(`release ${selected.version}`, options.timeout, async () => {
          const page = await ctx.call(
            ctx.client.GET("/marketplace/developers/marketplace-items/{id}/releases", {
              params: { path: { id: itemId }, query: { page: 1, pageSize: 100 } },
            }),
          );
          const found = page.items.find((r) => r.id === selected.id);
          return found && found.status !== "preparing" ? found : undefined;
        });
      }
      ctx.print(
        release,
        () => `release ${release.version} (${release.infuseIotReleaseId}) ${release.status}`,
      );
      // A release whose copy failed is final: select another one (exit 3, like a failed job).
      return release.status === "failed" ? EXIT.failed : EXIT.ok;
    },
  );

  run(
    program
      .command("price <itemId>")
      .description("set the item's base price (what you earn per sale), in minor units")
      .requiredOption(
        "--amount <minor>",
        "integer amount in the currency's minor unit (1999 = 19.99); 0 is free",
        integer(0),
      )
      .requiredOption("--currency <code>", "ISO 4217 code, e.g. EUR", currency),
    async (ctx, itemId: string, options: { amount: number; currency: string }) => {
      const price = await ctx.call(
        ctx.client.POST("/marketplace/developers/marketplace-items/{id}/price", {
          params: { path: { id: itemId } },
          body: { amount: options.amount, currency: options.currency as never },
        }),
      );
      ctx.print(price, () => `base price ${price.amount} ${price.currency} from ${price.effectiveFrom}`);
    },
  );

  run(
    program
      .command("publish <itemId>")
      .description("publish the item (it needs a name, a base price and an available release)"),
    async (ctx, itemId: string) => {
      const item = await ctx.call(
        ctx.client.POST("/marketplace/developers/marketplace-items/{id}/publish", {
          params: { path: { id: itemId } },
        }),
      );
      ctx.print(item, () => itemLine(item));
    },
  );
}
