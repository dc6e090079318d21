import { expect } from "vitest";

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small JSON client for black-box tests: every call goes over real HTTP to the gateway. */
export function httpClient(baseUrl: string) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { token?: string; apiKey?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers["x-api-key"] = options.apiKey;
    if (options.body !== undefined) headers["content-type"] ??= "application/json";
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  };
}

/** Every error the API returns is an RFC 9457 problem with the contract's members. */
export function expectProblem(result: HttpResult, status: number, code: string, instance?: string) {
  expect(result.status).toBe(status);
  expect(result.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(result.body).toMatchObject({
    status,
    code,
    type: expect.stringContaining(code),
    title: expect.any(String),
  });
  expect(typeof result.body.traceId).toBe("string");
  if (instance) expect(result.body.instance).toBe(instance);
  expect(result.headers.get("x-request-id")).toBeTruthy();
}
