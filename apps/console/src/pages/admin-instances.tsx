import { useState } from "react";
import { type components, unwrap, useAction, useLoad, useSession } from "../api";
import { ErrorNote, Field, Loading } from "../ui/field";
import { date, MAX_PLATFORM_FEE_BPS, percentToBps } from "../ui/format";

type Instance = components["schemas"]["Instance"];
type Currency = components["schemas"]["CurrencyCodeInput"];

/** Marketplace instances (create one) and each one's offerings (offer a published item, withdraw). */
export function AdminInstances() {
  const { api } = useSession();
  const instances = useLoad(
    () => unwrap(api.GET("/marketplace/instances", { params: { query: { page: 1, pageSize: 100 } } })),
    [],
  );
  const [open, setOpen] = useState<string>();
  return (
    <>
      <h1>Instances</h1>
      <NewInstance onCreated={instances.reload} />
      <ErrorNote error={instances.error} />
      {instances.loading && !instances.data ? <Loading what="instances" /> : null}
      <ul className="rows" aria-label="Instances">
        {instances.data?.items.map((instance) => (
          <li key={instance.id} className="panel">
            <h2 className="card-title">{instance.name}</h2>
            <p className="muted small">
              {instance.defaultCurrency} · platform fee {(instance.platformFeeBps / 100).toFixed(2)} % ·
              created {date(instance.createdAt)} · <span className="mono">{instance.id}</span>
            </p>
            <button
              type="button"
              aria-expanded={open === instance.id}
              onClick={() => setOpen(open === instance.id ? undefined : instance.id)}
            >
              Offerings of {instance.name}
            </button>
            {open === instance.id ? <Offerings instance={instance} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function NewInstance({ onCreated }: { onCreated: () => void }) {
  const { api } = useSession();
  const [name, setName] = useState("");
  const [currency, setCurrency] = useState<Currency>("EUR");
  const [fee, setFee] = useState("10");
  const [feeError, setFeeError] = useState<string>();
  const action = useAction();
  return (
    <section className="panel" aria-labelledby="new-instance">
      <h2 id="new-instance">New instance</h2>
      <form
        className="inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const platformFeeBps = percentToBps(fee);
          if (platformFeeBps === undefined) {
            return setFeeError(
              `Enter a percentage from 0 to ${MAX_PLATFORM_FEE_BPS / 100}, such as 10 or 12.5.`,
            );
          }
          setFeeError(undefined);
          const made = await action.run(() =>
            unwrap(
              api.POST("/marketplace/instances", {
                body: { name, defaultCurrency: currency, platformFeeBps },
              }),
            ),
          );
          if (made) {
            setName("");
            onCreated();
          }
        }}
      >
        <Field label="Name" error={action.fields.name}>
          {(input) => <input {...input} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Currency" error={action.fields.defaultCurrency}>
          {(input) => (
            <select {...input} value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
              {["EUR", "USD", "GBP"].map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Platform fee (%)" error={feeError ?? action.fields.platformFeeBps}>
          {(input) => (
            <input {...input} inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />
          )}
        </Field>
        <button type="submit" disabled={action.busy}>
          Create instance
        </button>
      </form>
      {Object.keys(action.fields).length === 0 ? <ErrorNote error={action.error} /> : null}
    </section>
  );
}

function Offerings({ instance }: { instance: Instance }) {
  const { api } = useSession();
  const [itemId, setItemId] = useState("");
  const offer = useAction();
  const withdraw = useAction();
  const offerings = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/instances/{instanceId}/offerings", {
          params: { path: { instanceId: instance.id }, query: { page: 1, pageSize: 100 } },
        }),
      ),
    [instance.id],
  );
  return (
    <div>
      <form
        className="inline-form"
        aria-label={`Offer an item in ${instance.name}`}
        onSubmit={async (event) => {
          event.preventDefault();
          const made = await offer.run(() =>
            unwrap(
              api.POST("/marketplace/instances/{instanceId}/offerings", {
                params: { path: { instanceId: instance.id } },
                body: { marketplaceItemId: itemId.trim() },
              }),
            ),
          );
          if (made) {
            setItemId("");
            offerings.reload();
          }
        }}
      >
        <Field label="Published item id" error={offer.fields.marketplaceItemId}>
          {(input) => (
            <input {...input} value={itemId} onChange={(e) => setItemId(e.target.value)} className="mono" />
          )}
        </Field>
        <button type="submit" disabled={offer.busy}>
          Offer item
        </button>
      </form>
      {Object.keys(offer.fields).length === 0 ? <ErrorNote error={offer.error} /> : null}
      <ErrorNote error={offerings.error ?? withdraw.error} />
      <ul className="plain" aria-label={`Offerings of ${instance.name}`}>
        {offerings.data?.items.map((o) => (
          <li key={o.id}>
            <span className="mono">{o.marketplaceItemId}</span> offered {date(o.createdAt)}
            {o.withdrawnAt ? (
              ` · withdrawn ${date(o.withdrawnAt)}`
            ) : (
              <>
                {" "}
                <button
                  type="button"
                  className="link"
                  onClick={async () => {
                    await withdraw.run(() =>
                      unwrap(
                        api.DELETE("/marketplace/instances/{instanceId}/offerings/{offeringId}", {
                          params: { path: { instanceId: instance.id, offeringId: o.id } },
                        }),
                      ),
                    );
                    offerings.reload();
                  }}
                >
                  Withdraw
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
