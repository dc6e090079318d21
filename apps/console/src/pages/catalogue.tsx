import { useEffect, useState } from "react";
import { unwrap, useLoad, useSession } from "../api";
import { takePreloadedCatalogue } from "../preload";
import { ErrorNote, Field, Loading } from "../ui/field";
import { money } from "../ui/format";
import { ItemIcon } from "../ui/icon";
import { Pager } from "../ui/pager";

/** `index.html` asks for the first page at this size before the app runs (keep the two alike). */
const PAGE_SIZE = 24;

/** The public catalogue: listed items, searched as the person types (debounced). */
export function Catalogue() {
  const { api } = useSession();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [text]);
  const result = useLoad(async () => {
    const ask = () =>
      unwrap(
        api.GET("/marketplace/marketplace-items", {
          params: { query: { page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) } },
        }),
      );
    const first =
      page === 1 && !search ? await takePreloadedCatalogue<Awaited<ReturnType<typeof ask>>>() : undefined;
    return first ?? ask();
  }, [search, page]);

  return (
    <>
      <h1>Catalogue</h1>
      <search>
        <Field label="Search apps and algorithms">
          {(input) => (
            <input {...input} type="search" value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </Field>
      </search>
      <ErrorNote error={result.error} />
      {result.loading && !result.data ? <Loading what="the catalogue" /> : null}
      {result.data ? (
        <>
          <p className="muted" aria-live="polite">
            {result.data.totalCount} {result.data.totalCount === 1 ? "item" : "items"}
            {search ? ` matching “${search}”` : ""}
          </p>
          <ul className="cards" aria-label="Catalogue items">
            {result.data.items.map((item) => (
              <li key={item.id} className="card">
                <div className="card-head">
                  <ItemIcon url={item.iconUrl} name={item.displayName} />
                  <div>
                    <h2 className="card-title">{item.displayName}</h2>
                    <p className="muted small">
                      {item.type} · {item.latestVersion ?? "no release"}
                    </p>
                  </div>
                </div>
                <p className="clamp">{item.description}</p>
                {item.images[0] ? (
                  <img
                    className="shot"
                    src={item.images[0].url}
                    alt={`${item.displayName} screenshot`}
                    loading="lazy"
                  />
                ) : null}
                <p className="price">from {money(item.fromPrice)}</p>
              </li>
            ))}
          </ul>
          <Pager page={result.data.page} totalPages={result.data.totalPages} onPage={setPage} />
        </>
      ) : null}
    </>
  );
}
