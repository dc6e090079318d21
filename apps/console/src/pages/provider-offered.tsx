import { useState } from "react";
import { type components, unwrap, useAction, useLoad, useSession } from "../api";
import { ErrorNote, Field, Loading } from "../ui/field";
import { money, toMinorUnits } from "../ui/format";
import { ItemIcon } from "../ui/icon";
import { Pager } from "../ui/pager";

type Offered = components["schemas"]["OfferedItem"];

/** Items admins offer in the provider's instances, and listing one for sale. */
export function ProviderOffered() {
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const offered = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/providers/marketplace-items", { params: { query: { page, pageSize: 20 } } }),
      ),
    [page],
  );
  return (
    <>
      <h1>Offered items</h1>
      <ErrorNote error={offered.error} />
      {offered.loading && !offered.data ? <Loading what="offered items" /> : null}
      <ul className="rows" aria-label="Offered items">
        {offered.data?.items.map((item) => (
          <li key={`${item.marketplaceInstanceId}/${item.id}`} className="panel">
            <div className="card-head">
              <ItemIcon url={item.iconUrl} name={item.displayName} />
              <div>
                <h2 className="card-title">{item.displayName}</h2>
                <p className="muted small">
                  Base price {money(item.basePrice)} · {item.latestVersion ?? "no release"} ·{" "}
                  {item.listed ? "listed by you" : "not listed"}
                </p>
              </div>
            </div>
            <ListForm item={item} onListed={offered.reload} />
          </li>
        ))}
      </ul>
      {offered.data ? (
        <Pager page={offered.data.page} totalPages={offered.data.totalPages} onPage={setPage} />
      ) : null}
    </>
  );
}

function ListForm({ item, onListed }: { item: Offered; onListed: () => void }) {
  const { api } = useSession();
  const currency = item.basePrice?.currency ?? "EUR";
  const [amount, setAmount] = useState("");
  const [visibility, setVisibility] = useState<"public" | "private">("public");
  const [local, setLocal] = useState<string>();
  const action = useAction();
  return (
    <form
      className="inline-form"
      aria-label={`List ${item.displayName}`}
      onSubmit={async (event) => {
        event.preventDefault();
        const minor = toMinorUnits(amount, currency);
        if (minor === undefined) return setLocal("Price: enter a number such as 9.99.");
        setLocal(undefined);
        const done = await action.run(() =>
          unwrap(
            api.POST("/marketplace/providers/listings/{marketplaceItemId}", {
              params: { path: { marketplaceItemId: item.id } },
              body: {
                marketplaceInstanceId: item.marketplaceInstanceId,
                price: { amount: minor, currency },
                visibility,
              },
            }),
          ),
        );
        if (done) {
          setAmount("");
          onListed();
        }
      }}
    >
      <Field
        label={`Price (${currency})`}
        error={local ?? action.fields["price.amount"] ?? action.fields.price}
      >
        {(input) => (
          <input {...input} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        )}
      </Field>
      <Field label="Visibility" error={action.fields.visibility}>
        {(input) => (
          <select
            {...input}
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as "public" | "private")}
          >
            <option value="public">public</option>
            <option value="private">private</option>
          </select>
        )}
      </Field>
      <button type="submit" disabled={action.busy}>
        {item.listed ? "Replace listing" : "List for sale"}
      </button>
      {Object.keys(action.fields).length === 0 ? <ErrorNote error={action.error} /> : null}
    </form>
  );
}
