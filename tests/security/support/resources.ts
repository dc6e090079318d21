import { expect } from "vitest";
import { pngBytes } from "../../e2e/images";
import { jsonRequest, send, type WireResponse } from "./http";

/** Demo applications of the developer organisation in the Infuse-IoT simulator's seed. */
export const DEMO_APPLICATION_IDS = {
  assetTracker: 0x1001,
  coldChain: 0x1002,
  vibration: 0x2001,
  beacon: 0x1003,
};

/**
 * Creates an organisation's resources through the API, the way a client would, and fails loudly when a
 * step does not answer as the contract says (a fixture that silently failed would make every later 404
 * meaningless).
 */
export class Resources {
  constructor(
    private readonly gatewayUrl: string,
    private readonly token: string,
  ) {}

  async call(method: string, path: string, body?: unknown, query?: string): Promise<WireResponse> {
    return send(this.gatewayUrl, jsonRequest(method, path, this.token, body, query));
  }

  private async ok(method: string, path: string, body?: unknown, query?: string) {
    const response = await this.call(method, path, body, query);
    expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
    return response.json as Record<string, unknown>;
  }

  async instance(name: string): Promise<string> {
    const created = await this.ok("POST", "/marketplace/instances", {
      name,
      defaultCurrency: "EUR",
      platformFeeBps: 1000,
    });
    return created.id as string;
  }

  /**
   * Publishing learns of a new instance from catalogue's event, a moment after the instance is created;
   * until then linking answers 404, so the link is retried (with a deadline) while that is the answer.
   */
  async linkItem(applicationId: number, marketplaceInstanceId: string): Promise<string> {
    const path = `/marketplace/developers/infuse-iot/applications/${applicationId}/marketplace-item`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await this.call("POST", path, { marketplaceInstanceId });
      if (response.status !== 404 || Date.now() > deadline) {
        expect(response.status, `POST ${path}: ${response.text}`).toBe(200);
        return (response.json as { id: string }).id;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** An upload session whose object was never sent: a pending asset. */
  async pendingAsset(assetType: "icon" | "image" = "image") {
    const session = await this.ok("POST", "/assets/upload-session", {
      assetType,
      mimeType: "image/png",
      fileName: `${assetType}.png`,
    });
    return session as { assetId: string; uploadUri: string; uploadHeaders: Record<string, string> };
  }

  /** An uploaded and finalised PNG: square 256 px for an icon, 320 px for a gallery image. */
  async readyAsset(assetType: "icon" | "image"): Promise<string> {
    const size = assetType === "icon" ? 256 : 320;
    const bytes = pngBytes(size, size);
    const session = await this.pendingAsset(assetType);
    const put = await fetch(session.uploadUri, {
      method: "PUT",
      headers: session.uploadHeaders,
      body: bytes,
    });
    expect(put.status).toBe(200);
    await this.ok("POST", `/assets/${session.assetId}/finalise`, {
      assetId: session.assetId,
      sizeBytes: bytes.length,
      width: size,
      height: size,
    });
    return session.assetId;
  }

  async apiKey(name: string): Promise<{ id: string; key: string }> {
    const created = await this.ok("POST", "/marketplace/api-keys", { name, roles: ["developer"] });
    return { id: created.id as string, key: created.key as string };
  }

  async iotReleases(applicationId: number): Promise<{ releaseId: string; version: string }[]> {
    const path = `/marketplace/developers/infuse-iot/applications/${applicationId}/releases`;
    const page = await this.ok("GET", path, undefined, "limit=20&offset=0");
    return page.items as { releaseId: string; version: string }[];
  }
}
