import type { Scenario } from "../scenario";
import { catalogueSearch } from "./catalogue-search";
import { checkoutCreation } from "./checkout-creation";
import { consoleCatalogueLoad } from "./console-catalogue-load";
import { earningsSummary } from "./earnings-summary";
import { instancePropagation } from "./instance-propagation";
import { instancesList } from "./instances-list";
import { listingVisibility } from "./listing-visibility";
import { notificationRecovery } from "./notification-recovery";
import { rolloutFleet } from "./rollout-fleet";
import { statementExportCsv } from "./statement-export-csv";
import { statementExportPdf } from "./statement-export-pdf";
import { webhookDelivery } from "./webhook-delivery";
import { webhookIntake } from "./webhook-intake";
import { webhookOutage } from "./webhook-outage";

/** Every scenario, in run order. Add one by writing a `Scenario` in its own file and listing it here. */
export const SCENARIOS: readonly Scenario[] = [
  instancesList,
  instancePropagation,
  catalogueSearch,
  listingVisibility,
  webhookIntake,
  statementExportCsv,
  statementExportPdf,
  earningsSummary,
  checkoutCreation,
  notificationRecovery,
  consoleCatalogueLoad,
  webhookDelivery,
  webhookOutage,
  rolloutFleet,
];
