import { useEffect, useState } from "react";
import { type components, unwrap, useAction, useLoad, useSession } from "../api";
import { ErrorNote, Loading } from "../ui/field";
import { date } from "../ui/format";

type Purchase = components["schemas"]["Purchase"];

/** The provider's devices; for one device, its purchases, their releases, and installs followed live. */
export function ProviderDevices() {
  const { api } = useSession();
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string>();
  const devices = useLoad(
    () => unwrap(api.GET("/marketplace/providers/devices", { params: { query: { limit: 25, offset } } })),
    [offset],
  );
  return (
    <>
      <h1>Devices</h1>
      <ErrorNote error={devices.error} />
      {devices.loading && !devices.data ? <Loading what="devices" /> : null}
      <div className="split">
        <div className="scroll">
          <table>
            <caption className="sr-only">Devices</caption>
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Board</th>
                <th scope="col">Running</th>
                <th scope="col">Purchases</th>
              </tr>
            </thead>
            <tbody>
              {devices.data?.items.map((d) => (
                <tr key={d.deviceId} aria-selected={selected === d.deviceId}>
                  <td>
                    <button type="button" className="link mono" onClick={() => setSelected(d.deviceId)}>
                      {d.deviceId}
                    </button>
                  </td>
                  <td>{d.board?.name ?? "—"}</td>
                  <td>
                    {d.application ? `app ${d.application.applicationId} ${d.application.version}` : "—"}
                  </td>
                  <td>{d.purchaseCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="pager" aria-label="Device pages">
            <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 25))}>
              Previous
            </button>
            <button type="button" disabled={!devices.data?.hasMore} onClick={() => setOffset(offset + 25)}>
              Next
            </button>
          </nav>
        </div>
        {selected ? (
          <DevicePanel deviceId={selected} />
        ) : (
          <p className="muted">Choose a device to see its purchases.</p>
        )}
      </div>
    </>
  );
}

function DevicePanel({ deviceId }: { deviceId: string }) {
  const { api } = useSession();
  const purchases = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/providers/purchases", {
          params: { query: { deviceId, page: 1, pageSize: 50 } },
        }),
      ),
    [deviceId],
  );
  return (
    <section className="panel" aria-labelledby="device-heading">
      <h2 id="device-heading">
        Device <span className="mono">{deviceId}</span>
      </h2>
      <ErrorNote error={purchases.error} />
      {purchases.data?.items.length === 0 ? (
        <p className="muted">Nothing bought for this device yet.</p>
      ) : null}
      {purchases.data?.items.map((p) => (
        <PurchaseReleases key={p.id} deviceId={deviceId} purchase={p} />
      ))}
    </section>
  );
}

const FINAL = new Set(["succeeded", "failed", "cancelled", "expired", "already_installed"]);

function PurchaseReleases({ deviceId, purchase }: { deviceId: string; purchase: Purchase }) {
  const { api } = useSession();
  const install = useAction();
  const [rpc, setRpc] = useState<{ rpcId: string; status: string; version: string }>();
  const releases = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/providers/devices/{deviceId}/purchases/{marketplaceItemId}/releases", {
          params: {
            path: { deviceId, marketplaceItemId: purchase.marketplaceItemId },
            query: { page: 1, pageSize: 50 },
          },
        }),
      ),
    [deviceId, purchase.marketplaceItemId],
  );
  // Follow the install until the platform reports an end state.
  useEffect(() => {
    if (!rpc || FINAL.has(rpc.status)) return;
    const timer = setTimeout(async () => {
      const next = await unwrap(
        api.GET("/marketplace/providers/rpc/{rpcId}", { params: { path: { rpcId: rpc.rpcId } } }),
      ).catch(() => undefined);
      setRpc(next ? { rpcId: next.rpcId, status: next.status, version: next.version } : { ...rpc });
      if (next && FINAL.has(next.status)) releases.reload();
    }, 1000);
    return () => clearTimeout(timer);
  }, [rpc, api, releases.reload]);

  return (
    <article className="purchase">
      <h3>
        {purchase.displayName}{" "}
        <span className={`badge ${purchase.status}`}>{purchase.status.replace("_", " ")}</span>
      </h3>
      <ErrorNote error={releases.error ?? install.error} />
      <ul className="plain">
        {releases.data?.items.map((r) => (
          <li key={r.releaseId}>
            {r.version} for {r.board.name}:{" "}
            <span className={`badge ${r.compatibility}`}>{r.compatibility}</span>{" "}
            {r.compatibility === "compatible" || r.compatibility === "unknown" ? (
              <button
                type="button"
                disabled={install.busy || (rpc !== undefined && !FINAL.has(rpc.status))}
                onClick={async () => {
                  const started = await install.run(() =>
                    unwrap(
                      api.POST(
                        "/marketplace/providers/devices/{deviceId}/purchases/{marketplaceItemId}/install",
                        {
                          params: { path: { deviceId, marketplaceItemId: purchase.marketplaceItemId } },
                          body: { version: r.version },
                        },
                      ),
                    ),
                  );
                  if (started)
                    setRpc({ rpcId: started.rpcId, status: started.status, version: started.version });
                }}
              >
                Install {r.version}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {rpc ? (
        <p role="status" aria-live="polite">
          Install of {rpc.version}: <span className={`badge ${rpc.status}`}>{rpc.status}</span>
          {FINAL.has(rpc.status) ? "" : "…"}
        </p>
      ) : null}
      <p className="muted small">Purchased {date(purchase.purchasedAt)}</p>
    </article>
  );
}
