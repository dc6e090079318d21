import type * as grpc from "@grpc/grpc-js";
import type { Cancellable, CancelScope } from "./metadata";

type Callback<Res> = (error: grpc.ServiceError | null, response?: Res) => void;

/** What a settled attempt's resolve and reject become: they held the promise, and with it the answer. */
const settled = (): void => {};

/**
 * One unary attempt in flight: settles its promise from grpc-js's callback and cancels the call when the
 * caller's cancel scope cancels or (without one) its signal aborts. A class (the abort listener is the
 * object itself, through `handleEvent`) rather than closures made per call: under tsx every named closure
 * also costs a `__name` property definition.
 */
export class PendingUnary<Res> implements Cancellable {
  call: grpc.ClientUnaryCall | undefined;
  readonly callback: Callback<unknown>;
  private resolve: (value: Res) => void = settled;
  private reject: (error: unknown) => void = settled;

  constructor(
    private readonly scope: CancelScope | undefined,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.callback = (error, response) => {
      // Let go of the call and of the promise (its resolve and reject hold it, and it holds the answer)
      // before settling: grpc-js's objects keep this callback, and through it this object, for as long as
      // Node keeps the closed HTTP/2 stream, which outlives young-generation collections. Held here, every
      // answer was promoted to the old generation with them (docs/benchmarks.md, eleventh stop).
      this.call = undefined;
      this.scope?.unwatch(this);
      this.signal?.removeEventListener("abort", this);
      const { resolve, reject } = this;
      this.resolve = this.reject = settled;
      if (error) reject(error);
      else resolve(response as Res);
    };
  }

  /**
   * Start the call (`begin` hands grpc-js this attempt's callback), watch for cancellation, and answer its
   * promise, which this object does not keep.
   */
  start(begin: (callback: Callback<unknown>) => grpc.ClientUnaryCall): Promise<Res> {
    const promise = new Promise<Res>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.call = begin(this.callback);
    this.watch();
    return promise;
  }

  /** Cancel at once if the scope cancelled or the signal aborted already, else when it does. */
  private watch(): void {
    if (this.scope) {
      if (this.scope.cancelled) this.call?.cancel();
      else this.scope.watch(this);
    } else if (this.signal?.aborted) this.call?.cancel();
    else this.signal?.addEventListener("abort", this, { once: true });
  }

  handleEvent(): void {
    this.cancel();
  }

  cancel(): void {
    this.call?.cancel();
  }
}
