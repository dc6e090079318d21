import { useEffect } from "react";
import { type components, unwrap, useAction, useLoad, useSession } from "../api";
import { ErrorNote, Loading } from "../ui/field";

type Item = components["schemas"]["DeveloperItem"];

/** The item's releases, and the application's IoT releases that can still be selected. */
export function ItemReleases({ item, onChange }: { item: Item; onChange: () => void }) {
  const { api } = useSession();
  const select = useAction();
  const releases = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/developers/marketplace-items/{id}/releases", {
          params: { path: { id: item.id }, query: { page: 1, pageSize: 100 } },
        }),
      ),
    [item.id, item.releaseCount],
  );
  const iot = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/developers/infuse-iot/applications/{applicationId}/releases", {
          params: { path: { applicationId: item.infuseIotApplicationId }, query: { limit: 100, offset: 0 } },
        }),
      ),
    [item.infuseIotApplicationId],
  );
  const chosen = new Set(releases.data?.items.map((r) => r.infuseIotReleaseId));
  const preparing = releases.data?.items.some((r) => r.status === "preparing");
  // A selected release is copied in the background: look again each second until it is decided.
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      releases.reload();
      onChange();
    }, 1000);
    return () => clearInterval(timer);
  }, [preparing, releases.reload, onChange]);
  return (
    <section className="panel" aria-labelledby="releases">
      <h2 id="releases">Releases</h2>
      {releases.loading && !releases.data ? <Loading what="releases" /> : null}
      <ErrorNote error={releases.error ?? iot.error} />
      <div className="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Board</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {iot.data?.items.map((release) => {
              const selected = releases.data?.items.find((r) => r.infuseIotReleaseId === release.releaseId);
              return (
                <tr key={release.releaseId}>
                  <td>{release.version}</td>
                  <td>{release.board.name}</td>
                  <td>
                    {selected ? (
                      <span className={`badge ${selected.status}`}>{selected.status}</span>
                    ) : (
                      "not selected"
                    )}
                  </td>
                  <td>
                    {chosen.has(release.releaseId) ? null : (
                      <button
                        type="button"
                        disabled={select.busy}
                        onClick={async () => {
                          const done = await select.run(() =>
                            unwrap(
                              api.POST("/marketplace/developers/marketplace-items/{id}/infuse-iot-releases", {
                                params: { path: { id: item.id } },
                                body: { releaseId: release.releaseId },
                              }),
                            ),
                          );
                          if (done) {
                            releases.reload();
                            onChange();
                          }
                        }}
                      >
                        Select {release.version}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {preparing ? (
        <button type="button" className="link" onClick={releases.reload}>
          Refresh: a release is being copied
        </button>
      ) : null}
      <ErrorNote error={select.error} />
    </section>
  );
}
