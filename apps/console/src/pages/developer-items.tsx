import { useState } from "react";
import { unwrap, useAction, useLoad, useSession } from "../api";
import { Link, navigate } from "../router";
import { ErrorNote, Field, Loading } from "../ui/field";
import { money } from "../ui/format";
import { ItemIcon } from "../ui/icon";
import { Pager } from "../ui/pager";

/** The developer's items, and linking an IoT application as a new one. */
export function DeveloperItems() {
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const items = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/developers/marketplace-items", {
          params: { query: { page, pageSize: 20, orderBy: "createdAt", direction: "desc" } },
        }),
      ),
    [page],
  );
  return (
    <>
      <h1>Items</h1>
      <NewItem />
      <h2>Your items</h2>
      <ErrorNote error={items.error} />
      {items.loading && !items.data ? <Loading what="items" /> : null}
      {items.data ? (
        <>
          <div className="scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Status</th>
                  <th scope="col">Base price</th>
                  <th scope="col">Latest version</th>
                </tr>
              </thead>
              <tbody>
                {items.data.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <span className="row-title">
                        <ItemIcon url={item.icon?.url} name={item.metadata.displayName ?? "?"} size={32} />
                        <Link to={`/developer/items/${item.id}`}>
                          {item.metadata.displayName ?? "Untitled item"}
                        </Link>
                      </span>
                    </td>
                    <td>
                      <span className={`badge ${item.status}`}>{item.status}</span>
                    </td>
                    <td>{money(item.basePrice)}</td>
                    <td>{item.latestVersion ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {items.data.items.length === 0 ? (
            <p className="muted">No items yet: link an application above.</p>
          ) : null}
          <Pager page={items.data.page} totalPages={items.data.totalPages} onPage={setPage} />
        </>
      ) : null}
    </>
  );
}

function NewItem() {
  const { api } = useSession();
  const [instanceId, setInstanceId] = useState("");
  const [applicationId, setApplicationId] = useState("");
  const link = useAction();
  const instances = useLoad(
    () => unwrap(api.GET("/marketplace/instances", { params: { query: { page: 1, pageSize: 100 } } })),
    [],
  );
  const applications = useLoad(
    () =>
      instanceId
        ? unwrap(
            api.GET("/marketplace/developers/infuse-iot/applications", {
              params: { query: { marketplaceInstanceId: instanceId, limit: 100, offset: 0 } },
            }),
          )
        : Promise.resolve(undefined),
    [instanceId],
  );
  const unlinked = applications.data?.items.filter((a) => !a.marketplaceItemId) ?? [];

  return (
    <section className="panel" aria-labelledby="new-item">
      <h2 id="new-item">New item from an IoT application</h2>
      <form
        className="inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const item = await link.run(() =>
            unwrap(
              api.POST("/marketplace/developers/infuse-iot/applications/{applicationId}/marketplace-item", {
                params: { path: { applicationId: Number(applicationId) } },
                body: { marketplaceInstanceId: instanceId },
              }),
            ),
          );
          if (item) navigate(`/developer/items/${item.id}`);
        }}
      >
        <Field label="Marketplace instance" error={link.fields.marketplaceInstanceId}>
          {(input) => (
            <select {...input} value={instanceId} onChange={(e) => setInstanceId(e.target.value)} required>
              <option value="">Choose…</option>
              {instances.data?.items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="IoT application" error={link.fields.applicationId}>
          {(input) => (
            <select
              {...input}
              value={applicationId}
              onChange={(e) => setApplicationId(e.target.value)}
              required
              disabled={!instanceId}
            >
              <option value="">{instanceId ? "Choose…" : "Choose an instance first"}</option>
              {unlinked.map((a) => (
                <option key={a.applicationId} value={a.applicationId}>
                  {a.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" disabled={link.busy || !applicationId}>
          Create item
        </button>
      </form>
      <ErrorNote
        error={
          instances.error ?? applications.error ?? (Object.keys(link.fields).length ? undefined : link.error)
        }
      />
    </section>
  );
}
