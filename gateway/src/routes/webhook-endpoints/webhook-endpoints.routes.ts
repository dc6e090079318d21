import type { WebhooksClient } from "../../clients";
import { NoContent } from "../common.schemas";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import {
  toWebhookDelivery,
  toWebhookDeliveryPage,
  toWebhookEndpoint,
  toWebhookEndpointPage,
  toWebhookEndpointWithSecret,
} from "./webhook-endpoints.mapper";
import {
  CreateWebhookEndpointBody,
  DeliveryParams,
  ListDeliveriesQuery,
  ListWebhookEndpointsQuery,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointPage,
  WebhookEndpointParams,
  WebhookEndpointWithSecret,
} from "./webhook-endpoints.schemas";

const OWN =
  "Any role of the organisation (developer, provider or admin) manages the organisation's endpoints; another organisation's endpoint answers 404 like an unknown one.";
const BASE = "/marketplace/webhook-endpoints";

/**
 * Outbound webhooks: the endpoints an organisation registers and their delivery log, over the webhooks
 * service (docs/webhooks.md). Not to be confused with `routes/webhooks`, the inbound Stripe notifications.
 */
export function webhookEndpointsRoutes(app: ZodApp, deps: { webhooks: WebhooksClient }): void {
  const route = routeOptions("authenticated", ["Webhook endpoints"]);

  app.post(
    BASE,
    route(
      "createWebhookEndpoint",
      "Register a webhook endpoint",
      `${OWN} Answers 201 with \`Location\` and the endpoint's signing \`secret\` (\`whsec_...\`), shown only now. Deliveries are \`POST\`s of \`{ id, type, createdAt, organisationId, data }\` signed in \`Marketplace-Signature\` (docs/webhooks.md). At most 20 endpoints per organisation (409 \`invalid-state\`). A creation is done once per request id: repeating the request with the same \`X-Request-Id\` (an ingress resending it after a gateway failed, a client retrying after an unclear answer) answers 201 with the endpoint the first one created, as it is now, and its current secret; the same \`X-Request-Id\` with other values is 409 \`request-id-reused\` (with \`endpointId\`).`,
      {
        body: CreateWebhookEndpointBody,
        response: responses(
          { 201: WebhookEndpointWithSecret },
          { body: true, conflicts: ["invalid-state", "request-id-reused"] },
        ),
      },
    ),
    async (request, reply) => {
      const created = toWebhookEndpointWithSecret(
        await callUpstream(request, (ctx) =>
          deps.webhooks.call(
            "createEndpoint",
            { url: request.body.url, events: request.body.events, description: request.body.description },
            ctx,
          ),
        ),
      );
      return reply.code(201).header("location", `${BASE}/${created.id}`).send(created);
    },
  );

  app.get(
    BASE,
    route(
      "listWebhookEndpoints",
      "List webhook endpoints",
      `${OWN} Newest first by default; secrets are never shown.`,
      {
        querystring: ListWebhookEndpointsQuery,
        response: responses({ 200: WebhookEndpointPage }),
      },
    ),
    async (request) =>
      toWebhookEndpointPage(
        await callUpstream(request, (ctx) => deps.webhooks.call("listEndpoints", request.query, ctx)),
      ),
  );

  app.get(
    `${BASE}/:id`,
    route("getWebhookEndpoint", "Get a webhook endpoint", OWN, {
      params: WebhookEndpointParams,
      response: responses({ 200: WebhookEndpoint }, { notFound: true }),
    }),
    async (request) =>
      toWebhookEndpoint(
        await callUpstream(request, (ctx) => deps.webhooks.call("getEndpoint", request.params, ctx)),
      ),
  );

  app.patch(
    `${BASE}/:id`,
    route(
      "updateWebhookEndpoint",
      "Update a webhook endpoint",
      `${OWN} Changes the URL, the events, the description or \`enabled\`; fields left out stay as they are.`,
      {
        params: WebhookEndpointParams,
        body: UpdateWebhookEndpointBody,
        response: responses({ 200: WebhookEndpoint }, { body: true, notFound: true }),
      },
    ),
    async (request) =>
      toWebhookEndpoint(
        await callUpstream(request, (ctx) =>
          deps.webhooks.call(
            "updateEndpoint",
            {
              id: request.params.id,
              url: request.body.url,
              eventsGiven: request.body.events !== undefined,
              events: request.body.events ?? [],
              enabled: request.body.enabled,
              description: request.body.description,
            },
            ctx,
          ),
        ),
      ),
  );

  app.delete(
    `${BASE}/:id`,
    route(
      "deleteWebhookEndpoint",
      "Delete a webhook endpoint",
      `${OWN} Its pending deliveries and its log go with it.`,
      {
        params: WebhookEndpointParams,
        response: responses({ 204: NoContent }, { notFound: true }),
      },
    ),
    async (request, reply) => {
      await callUpstream(request, (ctx) => deps.webhooks.call("deleteEndpoint", request.params, ctx));
      return reply.code(204).send();
    },
  );

  app.post(
    `${BASE}/:id/rotate-secret`,
    route(
      "rotateWebhookEndpointSecret",
      "Rotate an endpoint's signing secret",
      `${OWN} Answers the endpoint with its new \`secret\`, shown only now. The previous secret keeps signing alongside the new one (a second \`v1\` in \`Marketplace-Signature\`) for 24 hours, until \`previousSecretExpiresAt\`; a secret rotated out before that stops at once. Sent again with the same \`X-Request-Id\` as the latest rotation, it answers that rotation's secret and rotates nothing, so a retry is safe.`,
      {
        params: WebhookEndpointParams,
        response: responses({ 200: WebhookEndpointWithSecret }, { notFound: true }),
      },
    ),
    async (request) =>
      toWebhookEndpointWithSecret(
        await callUpstream(request, (ctx) => deps.webhooks.call("rotateSecret", request.params, ctx)),
      ),
  );

  app.get(
    `${BASE}/:id/deliveries`,
    route(
      "listWebhookDeliveries",
      "List an endpoint's deliveries",
      `${OWN} The delivery log, newest first by default: status, attempts, the last response code and duration.`,
      {
        params: WebhookEndpointParams,
        querystring: ListDeliveriesQuery,
        response: responses({ 200: WebhookDeliveryPage }, { notFound: true }),
      },
    ),
    async (request) =>
      toWebhookDeliveryPage(
        await callUpstream(request, (ctx) =>
          deps.webhooks.call(
            "listDeliveries",
            { endpointId: request.params.id, ...request.query, status: request.query.status ?? "" },
            ctx,
          ),
        ),
      ),
  );

  app.post(
    `${BASE}/:id/deliveries/:deliveryId/replay`,
    route(
      "replayWebhookDelivery",
      "Send a delivery again",
      `${OWN} Answers 202: the delivery, with the same body and event \`id\`, is due again now whatever it came to before. 409 \`invalid-state\` while the endpoint is disabled.`,
      {
        params: DeliveryParams,
        response: responses({ 202: WebhookDelivery }, { notFound: true, conflicts: ["invalid-state"] }),
      },
    ),
    async (request, reply) => {
      const delivery = toWebhookDelivery(
        await callUpstream(request, (ctx) =>
          deps.webhooks.call(
            "replayDelivery",
            { endpointId: request.params.id, deliveryId: request.params.deliveryId },
            ctx,
          ),
        ),
      );
      return reply.code(202).send(delivery);
    },
  );
}
