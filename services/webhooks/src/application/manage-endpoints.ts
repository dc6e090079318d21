import {
  ConflictError,
  type FieldErrors,
  NotFoundError,
  RequestIdReusedError,
  ValidationError,
} from "@mp/errors";
import { type CallContext, requestCreation } from "@mp/grpc";
import {
  checkEvents,
  checkUrl,
  type Endpoint,
  MAX_DESCRIPTION_LENGTH,
  MAX_ENDPOINTS_PER_ORGANISATION,
  PREVIOUS_SECRET_TTL_MS,
  type UrlRules,
} from "../domain/endpoint";
import { callerOrganisation, parseGuid } from "./caller";
import type { Clock, EndpointRepository, IdGenerator, SecretBox, UnitOfWork } from "./ports";

export interface EndpointDeps {
  endpoints: EndpointRepository;
  secrets: SecretBox;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  urlRules: UrlRules;
}

function rejectIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function checkDescription(value: string | undefined | null, errors: FieldErrors): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (value.length > MAX_DESCRIPTION_LENGTH)
    errors["body.description"] = [`must be at most ${MAX_DESCRIPTION_LENGTH} characters`];
  return value;
}

/**
 * `POST /marketplace/webhook-endpoints`: the endpoint and its secret, shown only now. A creation is done
 * once per request id, as an instance's: the endpoint keeps the request id it was created under (the
 * gateway's `X-Request-Id`, scoped to the organisation) with a digest of the values, and a repeat of that
 * request answers the endpoint the first one created, as it is now, with its current secret, writing
 * nothing; the same request id with other values is 409 `request-id-reused` (with `endpointId`). The
 * organisation's creation lock makes a repeat wait for the first to commit.
 */
export function makeCreateEndpoint(deps: EndpointDeps) {
  return async (
    request: { url: string; events: string[]; description?: string | null },
    ctx: CallContext,
  ): Promise<{ endpoint: Endpoint; secret: string }> => {
    const organisationId = callerOrganisation(ctx);
    const errors: FieldErrors = {};
    checkUrl(request.url, deps.urlRules, "body.url", errors);
    const events = checkEvents(request.events, "body.events", errors);
    const description = checkDescription(request.description, errors);
    rejectIfAny(errors);
    const now = deps.clock.now();
    const endpoint: Endpoint = {
      id: deps.ids.next(),
      organisationId,
      url: request.url,
      events,
      description,
      enabled: true,
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
      previousSecretExpiresAt: null,
    };
    const secret = deps.secrets.generate();
    const creation = requestCreation(ctx, [request.url, events, description]);
    const earlier = await deps.unitOfWork.run(async (tx) => {
      const count = await deps.endpoints.countLocked(tx, organisationId);
      const first = creation && (await deps.endpoints.byCreationKey(tx, organisationId, creation.key));
      if (first) {
        if (first.digest !== creation.digest)
          throw new RequestIdReusedError(creation.key, "webhook endpoint", first.endpoint.id, "endpointId");
        return { endpoint: first.endpoint, secret: deps.secrets.open(first.endpoint.id, first.secret) };
      }
      if (count >= MAX_ENDPOINTS_PER_ORGANISATION)
        throw new ConflictError(
          "invalid-state",
          `An organisation holds at most ${MAX_ENDPOINTS_PER_ORGANISATION} webhook endpoints.`,
        );
      await deps.endpoints.insert(tx, endpoint, deps.secrets.seal(endpoint.id, secret), creation);
      return undefined;
    });
    if (earlier) {
      ctx.logger.info(
        { endpointId: earlier.endpoint.id },
        "endpoint creation repeated: the first one's endpoint",
      );
      return earlier;
    }
    ctx.logger.info({ endpointId: endpoint.id }, "webhook endpoint created");
    return { endpoint, secret };
  };
}

/** `PATCH /marketplace/webhook-endpoints/{id}`: url, events, description, enabled (enabling clears the reason). */
export function makeUpdateEndpoint(deps: EndpointDeps) {
  return async (
    request: {
      id: string;
      url?: string | null;
      events?: string[] | null;
      description?: string | null;
      enabled?: boolean | null;
    },
    ctx: CallContext,
  ): Promise<Endpoint> => {
    const organisationId = callerOrganisation(ctx);
    const id = parseGuid(request.id, "path.id");
    const errors: FieldErrors = {};
    if (request.url != null) checkUrl(request.url, deps.urlRules, "body.url", errors);
    const events = request.events == null ? undefined : checkEvents(request.events, "body.events", errors);
    const description =
      request.description == null ? undefined : checkDescription(request.description, errors);
    rejectIfAny(errors);
    return deps.unitOfWork.run(async (tx) => {
      const found = await deps.endpoints.lock(tx, organisationId, id);
      if (!found) throw new NotFoundError("Webhook endpoint");
      const enabled = request.enabled ?? found.enabled;
      const updated: Endpoint = {
        ...found,
        url: request.url ?? found.url,
        events: events ?? found.events,
        description: description === undefined ? found.description : description,
        enabled,
        disabledReason: enabled ? null : found.disabledReason,
        updatedAt: deps.clock.now(),
      };
      await deps.endpoints.update(tx, updated);
      return updated;
    });
  };
}

/** `DELETE /marketplace/webhook-endpoints/{id}`: the endpoint and its delivery log. */
export function makeDeleteEndpoint(deps: Pick<EndpointDeps, "endpoints" | "unitOfWork">) {
  return async (request: { id: string }, ctx: CallContext): Promise<void> => {
    const organisationId = callerOrganisation(ctx);
    const id = parseGuid(request.id, "path.id");
    const deleted = await deps.unitOfWork.run((tx) => deps.endpoints.delete(tx, organisationId, id));
    if (!deleted) throw new NotFoundError("Webhook endpoint");
  };
}

/**
 * `POST /marketplace/webhook-endpoints/{id}/rotate-secret`: a new secret, shown only now; the old one
 * keeps signing alongside it for 24 hours (a secret rotated out earlier stops at once). A rotation is
 * done once per request id: a repeat of the latest rotation (same `X-Request-Id`) answers the secret it
 * made, rotating nothing, so a retried rotation never cuts the secret the receiver still holds short.
 */
export function makeRotateSecret(deps: EndpointDeps) {
  return async (
    request: { id: string },
    ctx: CallContext,
  ): Promise<{ endpoint: Endpoint; secret: string }> => {
    const organisationId = callerOrganisation(ctx);
    const id = parseGuid(request.id, "path.id");
    const secret = deps.secrets.generate();
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS);
    const key = ctx.requestId || null;
    const rotation = await deps.unitOfWork.run(async (tx) => {
      const found = await deps.endpoints.lock(tx, organisationId, id);
      if (!found) throw new NotFoundError("Webhook endpoint");
      const made = key ? await deps.endpoints.rotatedUnder(tx, id, key) : undefined;
      if (made) return { endpoint: found, secret: deps.secrets.open(id, made), repeated: true };
      await deps.endpoints.rotate(tx, id, deps.secrets.seal(id, secret), expiresAt, now, key);
      const endpoint = { ...found, updatedAt: now, previousSecretExpiresAt: expiresAt };
      return { endpoint, secret, repeated: false };
    });
    ctx.logger.info(
      { endpointId: id },
      rotation.repeated ? "webhook secret rotation repeated: its secret" : "webhook secret rotated",
    );
    return { endpoint: rotation.endpoint, secret: rotation.secret };
  };
}
