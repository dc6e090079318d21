import { useEffect, useState } from "react";
import { type components, MarketplaceError, unwrap, useAction, useLoad, useSession } from "../api";
import { ErrorNote, Field, Loading } from "../ui/field";
import { money, toMinorUnits } from "../ui/format";
import { ItemIcon } from "../ui/icon";
import { uploadAsset } from "../upload";
import { ItemMedia } from "./item-media";
import { ItemReleases } from "./item-releases";

type Item = components["schemas"]["DeveloperItem"];

/** One item: metadata with a live preview, icon and gallery, releases, price, publish / unpublish. */
export function ItemEditor({ itemId }: { itemId: string }) {
  const { api } = useSession();
  const loaded = useLoad(
    () =>
      unwrap(api.GET("/marketplace/developers/marketplace-items/{id}", { params: { path: { id: itemId } } })),
    [itemId],
  );
  const [item, setItem] = useState<Item>();
  useEffect(() => setItem(loaded.data), [loaded.data]);
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (!item) return <Loading what="the item" />;
  return (
    <>
      <h1>
        {item.metadata.displayName ?? "Untitled item"}{" "}
        <span className={`badge ${item.status}`}>{item.status}</span>
      </h1>
      <Publishing item={item} onItem={setItem} />
      <Metadata item={item} onItem={setItem} />
      <ItemMedia item={item} onItem={setItem} reload={loaded.reload} />
      <ItemReleases item={item} onChange={loaded.reload} />
      <Price item={item} onChange={loaded.reload} />
    </>
  );
}

function Publishing({ item, onItem }: { item: Item; onItem: (item: Item) => void }) {
  const { api } = useSession();
  const action = useAction();
  const path = { params: { path: { id: item.id } } };
  const unmet =
    action.error instanceof MarketplaceError && action.error.code === "item-not-ready"
      ? ((action.error.problem as { unmet?: string[] } | undefined)?.unmet ?? [])
      : (item.readiness?.unmet ?? []);
  return (
    <section className="panel" aria-labelledby="publishing">
      <h2 id="publishing">Publishing</h2>
      {item.status !== "published" && unmet.length > 0 ? (
        <p className="muted">Before it can be published: {unmet.join(", ")}.</p>
      ) : null}
      <div className="actions">
        {item.status === "published" ? (
          <button
            type="button"
            disabled={action.busy}
            onClick={async () => {
              const next = await action.run(() =>
                unwrap(api.POST("/marketplace/developers/marketplace-items/{id}/unpublish", path)),
              );
              if (next) onItem(next);
            }}
          >
            Unpublish
          </button>
        ) : item.status !== "retired" ? (
          <button
            type="button"
            className="primary"
            disabled={action.busy}
            onClick={async () => {
              const next = await action.run(() =>
                unwrap(api.POST("/marketplace/developers/marketplace-items/{id}/publish", path)),
              );
              if (next) onItem(next);
            }}
          >
            Publish
          </button>
        ) : null}
      </div>
      <ErrorNote error={action.error} />
    </section>
  );
}

function Metadata({ item, onItem }: { item: Item; onItem: (item: Item) => void }) {
  const { api } = useSession();
  const [draft, setDraft] = useState({
    displayName: item.metadata.displayName ?? "",
    description: item.metadata.description ?? "",
    licenseUrl: item.metadata.licenseUrl ?? "",
    eulaUrl: item.metadata.eulaUrl ?? "",
  });
  const save = useAction();
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof draft) => (event: { target: { value: string } }) => {
    setSaved(false);
    setDraft({ ...draft, [key]: event.target.value });
  };
  return (
    <section className="panel" aria-labelledby="metadata">
      <h2 id="metadata">Metadata</h2>
      <div className="split">
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const next = await save.run(() =>
              unwrap(
                api.POST("/marketplace/developers/marketplace-items/{id}/metadata", {
                  params: { path: { id: item.id } },
                  body: {
                    displayName: draft.displayName,
                    description: draft.description,
                    licenseUrl: draft.licenseUrl.trim() || null,
                    eulaUrl: draft.eulaUrl.trim() || null,
                  },
                }),
              ),
            );
            if (next) {
              onItem(next);
              setSaved(true);
            }
          }}
        >
          <Field label="Display name" error={save.fields.displayName}>
            {(input) => (
              <input {...input} value={draft.displayName} onChange={set("displayName")} maxLength={120} />
            )}
          </Field>
          <Field label="Description" error={save.fields.description}>
            {(input) => (
              <textarea {...input} rows={6} value={draft.description} onChange={set("description")} />
            )}
          </Field>
          <Field label="Licence URL" error={save.fields.licenseUrl} hint="An https address.">
            {(input) => (
              <input
                {...input}
                type="text"
                inputMode="url"
                value={draft.licenseUrl}
                onChange={set("licenseUrl")}
              />
            )}
          </Field>
          <Field label="EULA URL" error={save.fields.eulaUrl} hint="An https address.">
            {(input) => (
              <input {...input} type="text" inputMode="url" value={draft.eulaUrl} onChange={set("eulaUrl")} />
            )}
          </Field>
          <button type="submit" disabled={save.busy}>
            Save description
          </button>
          {saved ? (
            <span className="ok" role="status">
              {" "}
              Saved.
            </span>
          ) : null}
          {Object.keys(save.fields).length === 0 ? <ErrorNote error={save.error} /> : null}
        </form>
        <section aria-labelledby="preview-heading">
          <h3 id="preview-heading">Preview in the catalogue</h3>
          <article className="card preview" aria-live="polite">
            <div className="card-head">
              <ItemIcon url={item.icon?.url} name={draft.displayName || "?"} />
              <div>
                <h4 className="card-title">{draft.displayName || "Untitled"}</h4>
                <p className="muted small">
                  {item.type} · {item.latestVersion ?? "no release"}
                </p>
              </div>
            </div>
            <p className="clamp">{draft.description}</p>
            {item.images[0] ? <img className="shot" src={item.images[0].url} alt="" /> : null}
            <p className="price">from {money(item.basePrice)}</p>
          </article>
        </section>
      </div>
    </section>
  );
}

function Price({ item, onChange }: { item: Item; onChange: () => void }) {
  const { api } = useSession();
  const [amount, setAmount] = useState("");
  const [currency, setCurrency] = useState(item.basePrice?.currency ?? "EUR");
  const action = useAction();
  const [local, setLocal] = useState<string>();
  return (
    <section className="panel" aria-labelledby="price">
      <h2 id="price">Base price</h2>
      <p>Current: {money(item.basePrice)}</p>
      <form
        className="inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const minor = toMinorUnits(amount, currency);
          if (minor === undefined) return setLocal("Amount: enter a number such as 4.99.");
          setLocal(undefined);
          const done = await action.run(() =>
            unwrap(
              api.POST("/marketplace/developers/marketplace-items/{id}/price", {
                params: { path: { id: item.id } },
                body: { amount: minor, currency },
              }),
            ),
          );
          if (done) {
            setAmount("");
            onChange();
          }
        }}
      >
        <Field label="Amount" error={local ?? action.fields.amount}>
          {(input) => (
            <input
              {...input}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="4.99"
            />
          )}
        </Field>
        <Field label="Currency" error={action.fields.currency}>
          {(input) => (
            <select
              {...input}
              value={currency}
              onChange={(e) => setCurrency(e.target.value as typeof currency)}
            >
              {["EUR", "USD", "GBP"].map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" disabled={action.busy}>
          Set price
        </button>
      </form>
      {Object.keys(action.fields).length === 0 ? <ErrorNote error={action.error} /> : null}
    </section>
  );
}

export { uploadAsset };
