import { useState } from "react";
import { type components, unwrap, useAction, useSession } from "../api";
import { ErrorNote, Field } from "../ui/field";
import { ItemIcon } from "../ui/icon";
import { uploadAsset } from "../upload";

type Item = components["schemas"]["DeveloperItem"];

/** Icon and gallery: a local preview as soon as a file is chosen, then the asset flow. */
export function ItemMedia(props: { item: Item; onItem: (item: Item) => void; reload: () => void }) {
  const { api } = useSession();
  const { item } = props;
  const icon = useAction();
  const gallery = useAction();
  const [iconPreview, setIconPreview] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [pending, setPending] = useState<string[]>([]);
  const path = { params: { path: { id: item.id } } };

  return (
    <section className="panel" aria-labelledby="media">
      <h2 id="media">Icon and gallery</h2>
      <div className="split">
        <div>
          <h3>Icon</h3>
          <div className="row-title">
            {iconPreview ? (
              <img className="icon" src={iconPreview} alt="Chosen icon" width={96} height={96} />
            ) : (
              <ItemIcon url={item.icon?.url} name={item.metadata.displayName ?? "?"} size={96} />
            )}
          </div>
          <Field
            label="Upload an icon"
            hint="Square PNG or JPEG, 128 to 1024 px, at most 1 MiB."
            error={icon.error ? errorText(icon.error) : undefined}
          >
            {(input) => (
              <input
                {...input}
                type="file"
                accept="image/png,image/jpeg"
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  if (!file) return;
                  setIconPreview(URL.createObjectURL(file));
                  const next = await icon.run(async () => {
                    const assetId = await uploadAsset(api, "icon", file, setProgress);
                    return unwrap(
                      api.POST("/marketplace/developers/marketplace-items/{id}/icon", {
                        ...path,
                        body: { assetId },
                      }),
                    );
                  });
                  setProgress(undefined);
                  if (next) props.onItem(next);
                  else setIconPreview(undefined);
                }}
              />
            )}
          </Field>
          {progress !== undefined ? <progress value={progress} max={1} aria-label="Icon upload" /> : null}
          {icon.busy ? <p role="status">Uploading the icon…</p> : null}
          {!icon.busy && iconPreview && !icon.error ? (
            <p role="status" className="ok">
              Icon saved.
            </p>
          ) : null}
        </div>
        <div>
          <h3>Gallery</h3>
          <ul className="gallery" aria-label="Gallery images">
            {item.images.map((image) => (
              <li key={image.assetId}>
                <img src={image.url} alt={`Screenshot ${image.position + 1}`} />
                <button
                  type="button"
                  className="link"
                  onClick={async () => {
                    await gallery.run(() =>
                      unwrap(
                        api.DELETE("/marketplace/developers/marketplace-items/{id}/images/{assetId}", {
                          params: { path: { id: item.id, assetId: image.assetId } },
                        }),
                      ),
                    );
                    props.reload();
                  }}
                >
                  Remove image {image.position + 1}
                </button>
              </li>
            ))}
            {pending.map((url) => (
              <li key={url} className="pending">
                <img src={url} alt="Uploading" />
              </li>
            ))}
          </ul>
          <Field
            label="Add gallery images"
            hint="PNG or JPEG, 320 to 4096 px per side, at most 5 MiB."
            error={gallery.error ? errorText(gallery.error) : undefined}
          >
            {(input) => (
              <input
                {...input}
                type="file"
                multiple
                accept="image/png,image/jpeg"
                onChange={async (event) => {
                  const files = [...(event.target.files ?? [])];
                  setPending(files.map((f) => URL.createObjectURL(f)));
                  await gallery.run(async () => {
                    for (const file of files) {
                      const assetId = await uploadAsset(api, "image", file);
                      await unwrap(
                        api.POST("/marketplace/developers/marketplace-items/{id}/images", {
                          ...path,
                          body: { assetId },
                        }),
                      );
                    }
                  });
                  setPending([]);
                  props.reload();
                }}
              />
            )}
          </Field>
        </div>
      </div>
    </section>
  );
}

/** Asset rejections carry their reasons; name them. */
function errorText(error: unknown): string {
  const reasons = (error as { problem?: { reasons?: unknown } }).problem?.reasons;
  const base =
    error instanceof Error && "detail" in error
      ? String((error as { detail: string }).detail)
      : String((error as Error).message ?? error);
  return Array.isArray(reasons) && reasons.length
    ? `${base.replace(/\.$/, "")}: ${reasons.join(", ")}.`
    : /[.!?]$/.test(base)
      ? base
      : `${base}.`;
}

export { ErrorNote };
