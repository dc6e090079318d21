import { type MarketplaceClient, unwrap } from "@mp/sdk/browser";

export type AssetType = "icon" | "image";

/** The pixel size of an image file, read by the browser (the server checks it against the stored bytes). */
export async function imageSize(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/**
 * The asset flow: an upload session, the bytes PUT straight to the presigned address (with progress),
 * then finalise, which checks size, type and pixels. Resolves to the ready asset's id.
 */
export async function uploadAsset(
  api: MarketplaceClient,
  assetType: AssetType,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  if (file.type !== "image/png" && file.type !== "image/jpeg") throw new Error("choose a PNG or JPEG image");
  const { width, height } = await imageSize(file);
  const session = await unwrap(
    api.POST("/assets/upload-session", {
      body: { assetType, mimeType: file.type, fileName: file.name.slice(0, 200) || `${assetType}.png` },
    }),
  );
  await put(session.uploadUri, session.uploadHeaders as Record<string, string>, file, onProgress);
  await unwrap(
    api.POST("/assets/{assetId}/finalise", {
      params: { path: { assetId: session.assetId } },
      body: { assetId: session.assetId, sizeBytes: file.size, width, height },
    }),
  );
  return session.assetId;
}

/** A PUT with upload progress (fetch reports none). */
function put(
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`the object store answered ${request.status}`));
    request.onerror = () => reject(new Error("the object store could not be reached"));
    request.send(file);
  });
}
