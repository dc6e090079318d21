/** An error answered in Stripe's shape: `{ error: { type, code?, param?, message } }` with its status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "idempotency_error" | "api_error" | "card_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(
    400,
    "invalid_request_error",
    `Missing required param: ${param}.`,
    "parameter_missing",
    param,
  );

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, "invalid_request_error", message, "parameter_invalid_string", param);

export const noSuch = (object: string, id: string) =>
  new StripeApiError(404, "invalid_request_error", `No such ${object}: '${id}'`, "resource_missing", "id");
