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

/**
 * Every scenario, in run order. Add one by writing a `Scenario` in its own file and listing it here.
 * I and J need demo provider devices that have not bought the demo item, so they run before E, whose
 * 65,000 payments buy it for every one of them.
 */
export const SCENARIOS: readonly Scenario[] = [
  instancesList,
  instancePropagation,
  catalogueSearch,
  listingVisibility,
  checkoutCreation,
  notificationRecovery,
  webhookIntake,
  statementExportCsv,
  statementExportPdf,
  earningsSummary,
  consoleCatalogueLoad,
  webhookDelivery,
  webhookOutage,
  rolloutFleet,
];
