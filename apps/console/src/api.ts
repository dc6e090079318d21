import { createMarketplaceClient, type MarketplaceClient, MarketplaceError } from "@mp/sdk/browser";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import type { Session } from "./session";

export type { components } from "@mp/sdk/browser";
export { MarketplaceError, unwrap } from "@mp/sdk/browser";

/** The gateway serves the console, so the API is this origin (the dev server proxies it). */
export function clientFor(session: Session): MarketplaceClient {
  return createMarketplaceClient({ baseUrl: window.location.origin, token: session.token });
}

export const SessionContext = createContext<{ session: Session; api: MarketplaceClient } | null>(null);

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside a signed-in page");
  return value;
}

/** A problem (or any failure) as one sentence for people. */
export function sentence(error: unknown): string {
  if (error instanceof MarketplaceError) {
    const detail = error.detail.trim();
    return /[.!?]$/.test(detail) ? detail : `${detail}.`;
  }
  if (error instanceof Error) return `Something went wrong: ${error.message}.`;
  return "Something went wrong.";
}

/**
 * Messages by form field: `body.price.amount` -> `price.amount` (and `amount`), so each input shows what
 * the API said about it, as sentences.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof MarketplaceError)) return {};
  const fields: Record<string, string> = {};
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const name = path.replace(/^(body|query|params)\./, "");
    const said = messages.map((m) => capitalise(m.trim()).replace(/([^.!?])$/, "$1.")).join(" ");
    fields[name] = said;
    const last = name.split(".").at(-1);
    if (last && !(last in fields)) fields[last] = said;
  }
  return fields;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Load something on mount and whenever `deps` change; `reload` loads again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/** Runs one action at a time and keeps its failure for the form to show. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      return await action();
    } catch (caught) {
      setError(caught);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, fields: fieldErrorsOf(error), clear: () => setError(undefined) };
}
