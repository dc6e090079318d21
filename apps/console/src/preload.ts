declare global {
  interface Window {
    /** Started by `index.html` before the app's script loads; `null` when the request failed. */
    __mpCatalogue?: Promise<Response | null>;
  }
}

/**
 * The catalogue's first page (`page=1&pageSize=24`, the page's own first request) that `index.html` asked
 * for while the app's script was still downloading, so a cold load waits for the slower of the two, not
 * both in turn. Taken once; anything but a 200 gives `undefined` and the page asks through the SDK
 * (which then reports the problem as usual).
 */
export async function takePreloadedCatalogue<Page>(): Promise<Page | undefined> {
  const pending = window.__mpCatalogue;
  window.__mpCatalogue = undefined;
  if (!pending) return undefined;
  try {
    const response = await pending;
    if (!response?.ok) return undefined;
    return (await response.json()) as Page;
  } catch {
    return undefined;
  }
}
