import { fileURLToPath } from "node:url";
import { appendToOutbox } from "@mp/bus";
import { STREAMS } from "@mp/contracts";
import { createPool, type DbEnv, type Pool, poolSettings, withTransaction } from "@mp/db";
import {
  type ModuleDeps,
  type ServiceModule,
  type ServiceSpec,
  schemaOf,
  systemClock,
  uuidV7Ids,
} from "@mp/runtime";
import { makeStripeClient } from "@mp/stripe";
import type { z } from "zod";
import { makeCloseStatementPeriod } from "./application/close-statement-period";
import { makeIntakePressure } from "./application/intake-pressure";
import { makeMarkStatementPaid } from "./application/mark-statement-paid";
import type { UnitOfWork } from "./application/ports";
import {
  makeProcessPaymentEvents,
  PROCESS_BATCH,
  PROCESS_BUSY_INTAKE_PER_SECOND,
  PROCESS_BUSY_INTERVAL_MS,
  PROCESS_GATHER_MS,
} from "./application/process-payment-events";
import { makeReceivePaymentEvent, makeReceivePaymentEvents } from "./application/receive-payment-event";
import { makeRecordLedgerItem } from "./application/record-projections";
import { makeRecordPurchaseChange } from "./application/record-purchase-change";
import { makeGetStatement, makeListStatements } from "./application/statement-queries";
import { makeCreateCheckoutSession, makeCreateRefund } from "./application/stripe-payments";
import {
  defaultLivemode,
  platformOrganisationOf,
  settlementsConfig,
  settlementsConfigIssues,
} from "./config";
import { makeHandlerDeadLetter } from "./infra/dead-letter";
import { makeLedgerRepository } from "./infra/ledger.repository";
import { makeLedgerProjections } from "./infra/ledger-projections.repository";
import { makePaymentEventRepository } from "./infra/payment-event.repository";
import { makeStatementRepository } from "./infra/statements.repository";
import { makeStripePayments } from "./infra/stripe-payments.client";
import { stripeSignatureVerifier } from "./infra/stripe-signature";
import { makeStripeReconciliation } from "./reconcile";
import { earningsRegistration } from "./transport/earnings.module";
import {
  LEDGER_CONSUMER,
  ledgerInstanceConsumer,
  ledgerItemConsumer,
  ledgerPurchaseConsumer,
} from "./transport/ledger.consumers";
import { startPaymentEventProcessor } from "./transport/payment-events.processor";
import { startPaymentEventReconciler } from "./transport/payment-events.reconciler";
import { SETTLEMENTS_SERVICE, settlementsGrpc } from "./transport/settlements.grpc";
import { STATEMENTS_SERVICE, statementsGrpc } from "./transport/statements.grpc";
import { STRIPE_PAYMENTS_SERVICE, stripePaymentsGrpc } from "./transport/stripe-payments.grpc";

type SettlementsConfig = z.output<typeof settlementsConfig>;

/** A transaction whose `emit` appends one event or a whole pass's events to the outbox in one statement. */
function outboxUnitOfWork(pool: Pool): UnitOfWork {
  return { run: (work) => withTransaction(pool, (tx) => work(tx, (events) => appendToOutbox(tx, events))) };
}

/**
 * Builds the settlements service from its dependencies; main.ts, the launcher and the tests share it.
 * `processor: false` leaves stored payment events unprocessed (tests stop there to play a crash between
 * the 204 and processing); `reconciler: false` leaves the periodic reconciliation with Stripe off.
 */
export function buildSettlements(
  deps: ModuleDeps<SettlementsConfig & DbEnv & { NODE_ENV?: string; DATABASE_URL: string }>,
  options: { processor?: boolean; reconciler?: boolean; clock?: { now(): Date } } = {},
): ServiceModule {
  const operatorOrganisationId = platformOrganisationOf(deps.config);
  const projections = makeLedgerProjections();
  const statements = makeStatementRepository();
  const statementDeps = { pool: deps.pool, statements, ids: uuidV7Ids, operatorOrganisationId };
  // Exports hold a connection for as long as a client reads; their own pool keeps them from the
  // connections payment intake and the ledger need.
  const exportPool = createPool({
    url: deps.config.DATABASE_URL,
    schema: schemaOf("settlements"),
    applicationName: "settlements-export",
    logger: deps.logger,
    ...poolSettings(deps.config),
    max: deps.config.DB_EXPORT_POOL_MAX,
  });
  const events = makePaymentEventRepository(deps.pool);
  const pressure = makeIntakePressure();
  const intake = { verifier: stripeSignatureVerifier(deps.config.STRIPE_WEBHOOK_SECRET), events, pressure };
  const receivePaymentEvent = makeReceivePaymentEvent(intake);
  const receivePaymentEvents = makeReceivePaymentEvents(intake);
  const stripe = makeStripeClient(deps.config);
  const stripePayments = makeStripePayments(stripe);
  const intervalSeconds = deps.config.STRIPE_RECONCILE_INTERVAL;
  const reconciler =
    options.reconciler === false || intervalSeconds === 0
      ? undefined
      : startPaymentEventReconciler(makeStripeReconciliation(deps.pool, stripe, { events }), {
          intervalMs: intervalSeconds * 1000,
          logger: deps.logger,
        });
  const processor =
    options.processor === false
      ? undefined
      : startPaymentEventProcessor(
          makeProcessPaymentEvents({
            events,
            unitOfWork: outboxUnitOfWork(deps.pool),
            batchSize: PROCESS_BATCH,
          }),
          {
            pool: deps.pool,
            logger: deps.logger,
            pollIntervalMs: deps.config.PAYMENT_EVENTS_POLL_MS,
            gatherMs: PROCESS_GATHER_MS,
            batchSize: PROCESS_BATCH,
            busy: () => pressure.perSecond() > PROCESS_BUSY_INTAKE_PER_SECOND,
            busyIntervalMs: PROCESS_BUSY_INTERVAL_MS,
          },
        );
  return {
    grpc: {
      [SETTLEMENTS_SERVICE]: settlementsGrpc({ receivePaymentEvent, receivePaymentEvents }, deps.logger),
      [STRIPE_PAYMENTS_SERVICE]: stripePaymentsGrpc(
        {
          createCheckoutSession: makeCreateCheckoutSession(stripePayments),
          createRefund: makeCreateRefund(stripePayments),
        },
        deps.logger,
      ),
      [STATEMENTS_SERVICE]: statementsGrpc(
        {
          listStatements: makeListStatements(statementDeps),
          getStatement: makeGetStatement(statementDeps),
          closeStatementPeriod: makeCloseStatementPeriod(statementDeps),
          markStatementPaid: makeMarkStatementPaid(statementDeps),
        },
        deps.logger,
      ),
      ...earningsRegistration(
        { pool: deps.pool, exportPool },
        {
          defaultLivemode: defaultLivemode(deps.config),
          operatorOrganisationId,
          exportsPerOrganisation: deps.config.EXPORTS_PER_ORGANISATION,
        },
        deps.logger,
      ),
    },
    consumers: [
      ledgerItemConsumer(makeRecordLedgerItem({ projections })),
      ledgerInstanceConsumer(),
      ledgerPurchaseConsumer(
        makeRecordPurchaseChange({
          ledger: makeLedgerRepository(),
          projections,
          statements,
          deadLetter: makeHandlerDeadLetter(LEDGER_CONSUMER),
          ids: uuidV7Ids,
          clock: options.clock ?? systemClock,
          logger: deps.logger,
        }),
      ),
    ],
    stop: async () => {
      await reconciler?.stop();
      await processor?.stop();
      await exportPool.end();
    },
  };
}

export const settlementsService: ServiceSpec<typeof settlementsConfig> = {
  name: "settlements",
  config: settlementsConfig,
  configIssues: settlementsConfigIssues,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.SETTLEMENTS],
  build: (deps) => buildSettlements(deps),
};
