import { CURRENCY_CODES } from "@mp/contracts";
import { PAGE_BOUNDS as PAGE } from "@mp/db";
import {
  CONTROL_CHARACTER_FREE,
  CONTROL_CHARACTER_MESSAGES,
  ERROR_CODES,
  type ErrorCode,
  type TextKind,
} from "@mp/errors";
import { z } from "zod";

const controlCharacterFree = (kind: TextKind) =>
  z.string().regex(CONTROL_CHARACTER_FREE[kind], CONTROL_CHARACTER_MESSAGES[kind]);

/**
 * The string every single-line input is built from (names, ids, versions, URLs, file names, search
 * terms): any C0 control character (U+0000..U+001F, tab and newlines included) or DEL is a 400 naming the
 * field. The check runs before any `.trim()` chained after it, so a trailing newline is refused rather
 * than trimmed away. The document shows the rule as the field's `pattern`.
 */
export const singleLine = () => controlCharacterFree("single-line");

/**
 * The string multi-line inputs (descriptions) are built from: tab, LF and CR are kept; NUL, the other C0
 * control characters and DEL are a 400 naming the field.
 */
export const multiLine = () => controlCharacterFree("multi-line");

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * An absolute https URL as given (stored, never fetched, never normalised). Built on `singleLine` rather
 * than `z.url()`, whose parser silently drops tabs and newlines and percent-encodes other control
 * characters before any check could see them.
 */
export const httpsUrlInput = (maxLength = 2048) =>
  singleLine().max(maxLength).refine(isHttpsUrl, "Expected an absolute https URL.").meta({ format: "uri" });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An absolute http or https URL as given (built like `httpsUrlInput`, which see). */
export const httpUrlInput = (maxLength = 2048) =>
  singleLine().max(maxLength).refine(isHttpUrl, "Expected an absolute http(s) URL.").meta({ format: "uri" });

/** A guid in any case on input, lowercased before it reaches a handler (contract section 1). */
export const guidInput = (description: string) =>
  z
    .guid()
    .transform((id) => id.toLowerCase())
    .describe(description);

/** A guid as the API writes it: lowercase. */
export const guid = z.guid();

/** ISO 8601 UTC with `Z`, as every timestamp the API writes. */
export const timestamp = z.iso.datetime();

/**
 * A `...Utc` query parameter: any ISO 8601 date-time with an offset, or a bare date meaning midnight UTC;
 * handlers receive it normalised to UTC with `Z`.
 */
export const utcQuery = (description: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()])
    .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString())
    .describe(description);

/**
 * An integer query parameter, parsed strictly: `1e1`, `0x10`, `" 5"` and an empty string are 400s rather
 * than quietly becoming numbers. The document shows it as an integer with its bounds.
 */
export function queryInt(min: number, max: number, fallback?: number) {
  const parsed = z
    .string()
    .regex(/^-?\d{1,12}$/, "Expected an integer.")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
  const meta = { type: "integer", minimum: min, maximum: max, pattern: undefined };
  return fallback === undefined
    ? parsed.meta(meta)
    : parsed.default(fallback).meta({ ...meta, default: fallback });
}

/** A boolean query parameter: exactly `true` or `false`. */
export const queryBool = (description: string) =>
  z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .meta({ type: "boolean", enum: undefined, description });

/** The shared currency list of `@mp/contracts`, so the gateway and the services never disagree. */
export const CurrencyCode = z
  .enum(CURRENCY_CODES, { error: "Expected an ISO 4217 code the marketplace accepts, such as EUR." })
  .meta({
    id: "CurrencyCode",
    description: "ISO 4217 currency code the marketplace accepts.",
    examples: ["EUR"],
  });

/** Money as the API writes it: an integer in the currency's minor unit, never a float. */
export const Money = z
  .object({
    amount: z.int().min(0).describe("Integer amount in the currency's minor unit (cents for EUR)."),
    currency: CurrencyCode,
  })
  .meta({ id: "Money", description: "An amount of money; never a float." });

/** Money in a request body: unknown members are refused like every body field. */
export const MoneyInput = z.strictObject({
  amount: z
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .describe("Integer amount in the minor unit; 0 means free."),
  currency: CurrencyCode,
});

/** Why an asset failed its checks at finalise, as the assets service names them. */
export const AssetRejectionReason = z
  .enum([
    "object-missing",
    "size-mismatch",
    "size-over-limit",
    "mime-type-mismatch",
    "dimensions-unreadable",
    "dimensions-mismatch",
    "not-square",
    "dimensions-out-of-range",
  ])
  .meta({
    id: "AssetRejectionReason",
    description:
      "`object-missing`: nothing was uploaded; `size-mismatch`: the stored size is not `sizeBytes`; `size-over-limit`: over 1 MiB (icon) or 5 MiB (image); `mime-type-mismatch`: the magic bytes are not the session's `mimeType`; `dimensions-unreadable`: no readable image header; `dimensions-mismatch`: the real pixel size is not `width` x `height`; `not-square`: an icon that is not square; `dimensions-out-of-range`: a side outside 128..1024 (icon) or 320..4096 (image).",
  });

/**
 * The body of every error, 400s included: the one problem schema of the document. Loose, since the codes
 * add members; those the contract names are listed (all optional), so a client sees their shapes.
 */
export const ProblemDetails = z
  .looseObject({
    type: z.string().describe("URI naming the problem type: the documentation base followed by `code`."),
    title: z.string().describe("Short, fixed summary of the problem type."),
    status: z.int().describe("The HTTP status code, repeated."),
    detail: z.string().describe("What went wrong with this request, in a sentence."),
    instance: z.string().describe("The request path."),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).describe("Stable machine code."),
    traceId: z.string().describe("W3C trace id of the request (32 hex digits), for support."),
    errorId: z
      .string()
      .optional()
      .describe("`internal` only: the id of the server's log entry; quote it when reporting the error."),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe(
        "`validation-failed` only: messages by field path: `body.metadata.displayName`, `query.pageSize`, `path.id`.",
      ),
    unmet: z
      .array(z.string())
      .optional()
      .describe("`item-not-ready` only: the conditions still unmet (`displayName`, `basePrice`, `release`)."),
    state: z.string().optional().describe("`invalid-state` and some other 409s: the state that forbids it."),
    reasons: z
      .array(AssetRejectionReason)
      .optional()
      .describe("`asset-invalid` only: every check the uploaded object failed."),
    expiresAt: z.iso
      .datetime()
      .optional()
      .describe("`upload-expired` only: when the upload address expired."),
    remaining: z
      .object({
        amount: z.int().describe("Integer amount in the currency's minor unit."),
        currency: z.string().describe("ISO 4217 currency code."),
      })
      .optional()
      .describe("`refund-exceeds-remaining` only: what is left to refund."),
    basePrice: z
      .object({
        amount: z.int().describe("Integer amount in the currency's minor unit."),
        currency: z.string().describe("ISO 4217 currency code."),
      })
      .optional()
      .describe("`price-below-base` only: the item's base price the listing price must cover."),
    platformFeeBps: z
      .int()
      .optional()
      .describe("`price-below-base` only: the instance's platform fee in basis points."),
    instanceId: z
      .string()
      .optional()
      .describe("`request-id-reused` on an instance creation only: the instance the request id created."),
    rolloutId: z
      .string()
      .optional()
      .describe("`request-id-reused` on a rollout creation only: the rollout the request id created."),
    endpointId: z
      .string()
      .optional()
      .describe(
        "`request-id-reused` on a webhook endpoint creation only: the endpoint the request id created.",
      ),
    listingId: z
      .string()
      .optional()
      .describe("`request-id-reused` on a listing creation only: the listing the request id created."),
  })
  .meta({
    id: "ProblemDetails",
    description:
      "RFC 9457 problem (application/problem+json). Some codes add members: `errors`, `unmet`, `state`, `reasons`, `expiresAt`, `remaining`, `basePrice`, `platformFeeBps`, `instanceId`, `rolloutId`, `endpointId`, `listingId`, `errorId`.",
  });

/** Success with no body. */
export const NoContent = z.undefined().describe("No content.");

const PAGE_DIRECTION = z.enum(["asc", "desc"]).default("desc").describe("Sort direction; default `desc`.");

const sortKeys = (keys: readonly string[]) => keys.map((k) => `\`${k}\``).join(", ");

/** Query members of a page/pageSize list; `orderBy` lists the sort keys this list accepts. */
export function pageQuery<const O extends readonly [string, ...string[]]>(
  orderBy: O,
  defaultOrderBy: O[number] = "createdAt",
) {
  return {
    page: queryInt(PAGE.page.min, PAGE.page.max, PAGE.page.default).describe(
      `1-based page number, ${PAGE.page.min}..${PAGE.page.max}.`,
    ),
    pageSize: queryInt(PAGE.pageSize.min, PAGE.pageSize.max, PAGE.pageSize.default).describe(
      `Items per page, ${PAGE.pageSize.min}..${PAGE.pageSize.max}.`,
    ),
    orderBy: z
      .enum(orderBy)
      .default(defaultOrderBy)
      .describe(`Sort key: ${sortKeys(orderBy)}; default \`${defaultOrderBy}\`.`),
    direction: PAGE_DIRECTION,
  };
}

/** A page/pageSize list whose default order depends on the request (catalogues: `relevance` with a search). */
export function pageQueryWithoutDefaultOrder<const O extends readonly [string, ...string[]]>(
  orderBy: O,
  defaultRule: string,
) {
  return {
    ...pageQuery(orderBy, orderBy[0]),
    orderBy: z
      .enum(orderBy)
      .optional()
      .describe(`Sort key: ${sortKeys(orderBy)}; ${defaultRule}`),
  };
}

/** Query members of a limit/offset list (IoT platform views); `maxLimit` is 500 for purchase activity. */
export function limitOffsetQuery(maxLimit: number = PAGE.limit.max) {
  const { limit, offset } = PAGE;
  return {
    limit: queryInt(limit.min, maxLimit, limit.default).describe(
      `Items to return, ${limit.min}..${maxLimit}; default ${limit.default}.`,
    ),
    offset: queryInt(offset.min, offset.max, offset.default).describe(
      `Items to skip, ${offset.min}..${offset.max}; default ${offset.default}.`,
    ),
  };
}

/** A page/pageSize list body (contract section 1). */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item).describe("This page's items, in the requested order."),
    page: z.int().describe("This page's 1-based number, as requested."),
    pageSize: z.int().describe("Items per page, as requested."),
    totalCount: z.int().describe("Items matching the query, over all pages."),
    totalPages: z.int().describe("Pages at this page size: `ceil(totalCount / pageSize)`."),
  });
}

/** A limit/offset list body, for views of the IoT platform (contract section 1). */
export function limitOffsetList<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item).describe("Up to `limit` items from `offset`, in the IoT platform's order."),
    limit: z.int().describe("Items asked for, as requested."),
    offset: z.int().describe("Items skipped, as requested."),
    hasMore: z.boolean().describe("More items follow: ask again with `offset + limit`."),
  });
}
