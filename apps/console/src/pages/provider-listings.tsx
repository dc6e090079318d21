import { useState } from "react";
import { type components, unwrap, useAction, useLoad, useSession } from "../api";
import { absolute } from "../router";
import { ErrorNote, Field, Loading } from "../ui/field";
import { date, money } from "../ui/format";
import { ItemIcon } from "../ui/icon";
import { Pager } from "../ui/pager";

type Listing = components["schemas"]["ListingSummary"];

/** The provider's current listings: visibility, and checkout links for one of its devices. */
export function ProviderListings() {
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const listings = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/providers/listings", {
          params: { query: { page, pageSize: 20, disabled: false } },
        }),
      ),
    [page],
  );
  return (
    <>
      <h1>Listings</h1>
      <ErrorNote error={listings.error} />
      {listings.loading && !listings.data ? <Loading what="listings" /> : null}
      <ul className="rows" aria-label="Listings">
        {listings.data?.items.map((listing) => (
          <ListingRow key={listing.id} listing={listing} onChange={listings.reload} />
        ))}
      </ul>
      {listings.data?.items.length === 0 ? (
        <p className="muted">No listings yet: list an offered item.</p>
      ) : null}
      {listings.data ? (
        <Pager page={listings.data.page} totalPages={listings.data.totalPages} onPage={setPage} />
      ) : null}
    </>
  );
}

function ListingRow({ listing, onChange }: { listing: Listing; onChange: () => void }) {
  const { api } = useSession();
  const visibility = useAction();
  const next = listing.visibility === "public" ? "private" : "public";
  return (
    <li className="panel">
      <div className="card-head">
        <ItemIcon url={listing.iconUrl} name={listing.displayName} />
        <div>
          <h2 className="card-title">{listing.displayName}</h2>
          <p className="muted small">
            {money(listing.price)} · {listing.visibility} · {listing.purchaseCount} sold · since{" "}
            {date(listing.createdAt)}
          </p>
        </div>
      </div>
      <div className="actions">
        <button
          type="button"
          disabled={visibility.busy}
          onClick={async () => {
            await visibility.run(() =>
              unwrap(
                api.POST("/marketplace/providers/listings/{id}/visibility", {
                  params: { path: { id: listing.id } },
                  body: { visibility: next },
                }),
              ),
            );
            onChange();
          }}
        >
          Make {next}
        </button>
      </div>
      <ErrorNote error={visibility.error} />
      <CheckoutLink listing={listing} />
    </li>
  );
}

function CheckoutLink({ listing }: { listing: Listing }) {
  const { api } = useSession();
  const [deviceId, setDeviceId] = useState("");
  const [email, setEmail] = useState("");
  const action = useAction();
  const [session, setSession] = useState<components["schemas"]["CheckoutSession"]>();
  const devices = useLoad(
    () => unwrap(api.GET("/marketplace/providers/devices", { params: { query: { limit: 100, offset: 0 } } })),
    [],
  );
  return (
    <details>
      <summary>Checkout link</summary>
      <form
        className="inline-form"
        aria-label={`Checkout link for ${listing.displayName}`}
        onSubmit={async (event) => {
          event.preventDefault();
          const made = await action.run(() =>
            unwrap(
              api.POST("/marketplace/providers/listings/{marketplaceItemId}/checkout-sessions", {
                params: { path: { marketplaceItemId: listing.marketplaceItemId } },
                body: {
                  marketplaceInstanceId: listing.marketplaceInstanceId,
                  deviceId,
                  successUrl: absolute("/provider/purchases?paid=1"),
                  cancelUrl: absolute("/provider/listings"),
                  ...(email.trim() ? { customerEmail: email.trim() } : {}),
                },
              }),
            ),
          );
          if (made) setSession(made);
        }}
      >
        <Field label="Device" error={action.fields.deviceId}>
          {(input) => (
            <select {...input} value={deviceId} onChange={(e) => setDeviceId(e.target.value)} required>
              <option value="">Choose…</option>
              {devices.data?.items.map((d) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.deviceId} ({d.board?.name ?? "unknown board"})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Buyer's email (optional)" error={action.fields.customerEmail}>
          {(input) => (
            <input {...input} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <button type="submit" disabled={action.busy}>
          Create checkout link
        </button>
      </form>
      {Object.keys(action.fields).length === 0 ? <ErrorNote error={action.error ?? devices.error} /> : null}
      {session ? (
        <p role="status">
          {money(session.amount)}, valid until {date(session.expiresAt)}:{" "}
          <a href={session.url}>Open the checkout page</a>
        </p>
      ) : null}
    </details>
  );
}
