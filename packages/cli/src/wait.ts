import { UnavailableError } from "./exit-codes";

/** Poll `check` every `intervalMs` until it returns a value, or give up after `timeoutSeconds` (exit 3). */
export async function waitUntil<T>(
  what: string,
  timeoutSeconds: number,
  check: () => Promise<T | undefined>,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() >= deadline)
      throw new UnavailableError(`Gave up waiting for ${what} after ${timeoutSeconds} s.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
