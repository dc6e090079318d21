import { type CallResult, type MarketplaceClient, unwrap } from "@mp/sdk";
import { UnavailableError } from "./exit-codes";
import { clientFor, readSettings, type Settings } from "./settings";

/** Where `mkt` reads and writes: the process in `main.ts`, small fakes in unit tests. */
export interface Io {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The stream progress bars draw on; none, no bars. */
  progressStream?: NodeJS.WritableStream;
  fetch?: typeof globalThis.fetch;
}

/** What every command runs with: the API client, the output mode and the I/O. */
export class Context {
  readonly settings: Settings;
  readonly client: MarketplaceClient;

  constructor(
    readonly io: Io,
    readonly json: boolean,
  ) {
    this.settings = readSettings(io.env);
    this.client = clientFor(this.settings, io.fetch);
  }

  /** The data of a call; a refused call throws its `MarketplaceError`, an unreachable gateway exits 3. */
  async call<T>(request: Promise<CallResult<T>>): Promise<T> {
    try {
      return await unwrap(request);
    } catch (error) {
      throw unreachable(error, this.settings.url) ?? error;
    }
  }

  /** Like `call`, with the response too (its headers). */
  async send<T>(request: Promise<CallResult<T>>): Promise<{ data: T; response: Response }> {
    try {
      const result = await request;
      return { data: await unwrap(result), response: result.response };
    } catch (error) {
      throw unreachable(error, this.settings.url) ?? error;
    }
  }

  /** `--json`: the API's own JSON; otherwise the human line(s). */
  print(data: unknown, human: string | (() => string)): void {
    if (this.json) this.io.stdout(`${JSON.stringify(data, null, 2)}\n`);
    else this.io.stdout(`${typeof human === "function" ? human() : human}\n`);
  }

  /** A note for people (progress, waiting): stderr, so `--json` output stays clean. */
  note(text: string): void {
    this.io.stderr(`${text}\n`);
  }
}

/** fetch rejects with a TypeError when nothing answers (refused, DNS, reset): that is exit 3. */
export function unreachable(error: unknown, url: string): UnavailableError | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return new UnavailableError(
    `Cannot reach the gateway at ${url}: ${cause?.code ?? cause?.message ?? error.message}.`,
  );
}
