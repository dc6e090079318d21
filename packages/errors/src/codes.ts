/** Stable machine codes of the API contract (section 2). Clients switch on these, so they never change. */
export const ERROR_CODES = {
  "validation-failed": 400,
  "invalid-signature": 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  "already-linked": 409,
  "item-not-ready": 409,
  "invalid-state": 409,
  "gallery-full": 409,
  "asset-not-ready": 409,
  "asset-invalid": 409,
  "upload-expired": 409,
  "not-offered": 409,
  "price-below-base": 409,
  "purchase-not-active": 409,
  "release-incompatible": 409,
  "not-listed": 409,
  "already-purchased": 409,
  "refund-exceeds-remaining": 409,
  "request-id-reused": 409,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  "rate-limited": 429,
  internal: 500,
  "not-implemented": 501,
  "upstream-unavailable": 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const TITLES: Record<ErrorCode, string> = {
  "validation-failed": "Your request is not valid.",
  "invalid-signature": "The notification signature does not verify.",
  unauthenticated: "Authentication is required.",
  forbidden: "You are not allowed to do this.",
  "not-found": "The resource was not found.",
  "already-linked": "The application is already linked in this instance.",
  "item-not-ready": "The item is not ready to publish.",
  "invalid-state": "The resource is not in a state that allows this.",
  "gallery-full": "The gallery is full.",
  "asset-not-ready": "The asset is not finalised.",
  "asset-invalid": "The uploaded object does not match the asset.",
  "upload-expired": "The upload address has expired.",
  "not-offered": "The item is not offered in this instance.",
  "price-below-base": "The price would leave the provider a negative share.",
  "purchase-not-active": "The purchase is not active.",
  "release-incompatible": "The release is not compatible with the device.",
  "not-listed": "The item has no enabled listing of yours in this instance.",
  "already-purchased": "The device has already purchased this item.",
  "refund-exceeds-remaining": "The refund is more than what is left to refund.",
  "request-id-reused": "This request id already made another request.",
  "payload-too-large": "The request body is too large.",
  "unsupported-media-type": "The content type is not supported.",
  "rate-limited": "Too many requests.",
  internal: "An internal error occurred.",
  "not-implemented": "This route is not implemented yet.",
  "upstream-unavailable": "A dependency is unavailable.",
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
