/**
 * One JetStream stream per owning service (contract section 7); subjects are
 * `<service>.<aggregate>.<event>.v1`.
 */
export const STREAMS = {
  CATALOGUE: { name: "CATALOGUE", subjects: ["catalogue.>"] },
  PUBLISHING: { name: "PUBLISHING", subjects: ["publishing.>"] },
  ASSETS: { name: "ASSETS", subjects: ["assets.>"] },
  LISTINGS: { name: "LISTINGS", subjects: ["listings.>"] },
  PURCHASES: { name: "PURCHASES", subjects: ["purchases.>"] },
  SETTLEMENTS: { name: "SETTLEMENTS", subjects: ["settlements.>"] },
  IOT: { name: "IOT", subjects: ["iot.>"] },
  WEBHOOKS: { name: "WEBHOOKS", subjects: ["webhooks.>"] },
} as const;

export type StreamName = keyof typeof STREAMS;
