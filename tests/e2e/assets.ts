import { expect } from "vitest";
import type { httpClient } from "./http";
import { jpegBytes, pngBytes } from "./images";

export interface UploadSession {
  assetId: string;
  uploadUri: string;
  uploadHeaders: Record<string, string>;
}

type Call = ReturnType<typeof httpClient>;

/** Asset steps through the gateway and real presigned URLs, as `token`'s organisation. */
export function assetSteps(call: Call, token: string) {
  /** Upload session -> PUT the bytes to the presigned address -> returns the session. */
  async function upload(
    assetType: "icon" | "image",
    mimeType: "image/png" | "image/jpeg",
    bytes: Buffer,
  ): Promise<UploadSession> {
    const session = await call<UploadSession & { uploadMethod: string }>("POST", "/assets/upload-session", {
      token,
      body: { assetType, mimeType, fileName: `${assetType}.${mimeType === "image/png" ? "png" : "jpg"}` },
    });
    expect(session.status).toBe(200);
    expect(session.body.uploadMethod).toBe("PUT");
    const put = await fetch(session.body.uploadUri, {
      method: "PUT",
      headers: session.body.uploadHeaders,
      body: bytes,
    });
    expect(put.status).toBe(200);
    return session.body;
  }

  function finalise(asset: UploadSession, dims: { sizeBytes: number; width: number; height: number }) {
    return call("POST", `/assets/${asset.assetId}/finalise`, {
      token,
      body: { assetId: asset.assetId, ...dims },
    });
  }

  /** A finalised (`ready`) asset of the given kind and size; returns its id. */
  async function readyAsset(
    assetType: "icon" | "image",
    mimeType: "image/png" | "image/jpeg",
    width: number,
    height: number,
  ): Promise<string> {
    const bytes = mimeType === "image/png" ? pngBytes(width, height) : jpegBytes(width, height);
    const asset = await upload(assetType, mimeType, bytes);
    const done = await finalise(asset, { sizeBytes: bytes.length, width, height });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("ready");
    return asset.assetId;
  }

  return { upload, finalise, readyAsset };
}
