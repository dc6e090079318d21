/** One JSON call to the gateway as a demo organisation; the status and parsed body, never a throw on 4xx. */
export type DemoCall = <T = Record<string, unknown>>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

export function demoApi(gatewayUrl: string): DemoCall {
  return async (method, path, token, body) => {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** Fail the demo seeding with the call that went wrong. */
export function expectStatus(what: string, result: { status: number; body: unknown }, ...ok: number[]): void {
  if (!ok.includes(result.status))
    throw new Error(`demo data: ${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
}

/**
 * Retry `attempt` until it returns a value (events between services take a moment), at most `timeoutMs`.
 * The default outlasts the bus's own redelivery schedule (1 s, 5 s, 15 s, 60 s): on a starved machine an
 * event whose handling failed three times in a row (a call past its deadline, say) is handled 81 s after
 * it first arrived, and seeding must not give up before the bus does its work.
 */
export async function eventually<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`demo data: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
