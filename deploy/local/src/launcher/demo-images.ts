import { type DemoCall, expectStatus } from "./demo-api";
import { type DemoPicture, demoGallery, demoIcon } from "./demo-art";

const ITEMS = "/marketplace/developers/marketplace-items";

interface ItemMedia {
  metadata: { displayName: string | null };
  icon: { id: string } | null;
  images: unknown[];
}

/**
 * Give a demo item an icon and a gallery through the normal asset flow (upload session, PUT to the
 * presigned address, finalise, attach), unless it already has them: restarts change nothing.
 */
export async function giveDemoPictures(call: DemoCall, token: string, itemId: string): Promise<void> {
  const item = await call<ItemMedia>("GET", `${ITEMS}/${itemId}`, token);
  expectStatus(`reading item ${itemId}`, item, 200);
  const name = item.body.metadata.displayName ?? "Demo item";
  if (!item.body.icon) {
    const assetId = await uploadPicture(call, token, "icon", demoIcon(name));
    expectStatus(
      "attaching the icon",
      await call("POST", `${ITEMS}/${itemId}/icon`, token, { assetId }),
      200,
    );
  }
  if (item.body.images.length === 0) {
    for (const picture of demoGallery(name)) {
      const assetId = await uploadPicture(call, token, "image", picture);
      const added = await call("POST", `${ITEMS}/${itemId}/images`, token, { assetId });
      expectStatus("adding a gallery image", added, 200);
    }
  }
}

async function uploadPicture(
  call: DemoCall,
  token: string,
  assetType: "icon" | "image",
  picture: DemoPicture,
): Promise<string> {
  const session = await call<{ assetId: string; uploadUri: string; uploadHeaders: Record<string, string> }>(
    "POST",
    "/assets/upload-session",
    token,
    { assetType, mimeType: "image/png", fileName: `${assetType}.png` },
  );
  expectStatus("opening an upload session", session, 200);
  const put = await fetch(session.body.uploadUri, {
    method: "PUT",
    headers: session.body.uploadHeaders,
    body: new Uint8Array(picture.png),
  });
  if (!put.ok) throw new Error(`demo data: uploading a picture answered ${put.status}`);
  const { assetId } = session.body;
  const done = await call("POST", `/assets/${assetId}/finalise`, token, {
    assetId,
    sizeBytes: picture.png.length,
    width: picture.width,
    height: picture.height,
  });
  expectStatus("finalising a picture", done, 200);
  return assetId;
}
