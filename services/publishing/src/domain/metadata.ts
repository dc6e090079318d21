import { type FieldErrors, ValidationError } from "@mp/errors";

/** One metadata record: every field is nullable; the newest record is the item's metadata. */
export interface MetadataFields {
  displayName: string | null;
  description: string | null;
  algorithmType: string | null;
  licenseUrl: string | null;
  eulaUrl: string | null;
}

export interface MetadataRecord extends MetadataFields {
  createdAt: Date;
}

/** A partial update: `undefined` keeps the previous value, `null` clears it. */
export type MetadataPatch = { [K in keyof MetadataFields]?: string | null };

export const METADATA_FIELDS: readonly (keyof MetadataFields)[] = [
  "displayName",
  "description",
  "algorithmType",
  "licenseUrl",
  "eulaUrl",
];

export const DISPLAY_NAME_MAX = 80;
export const DESCRIPTION_MAX = 4000;
export const ALGORITHM_TYPE_MAX = 64;
export const URL_MAX = 2048;

export const EMPTY_METADATA: MetadataFields = {
  displayName: null,
  description: null,
  algorithmType: null,
  licenseUrl: null,
  eulaUrl: null,
};

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The full record to append: omitted fields keep `previous`, `null` clears, given values are validated
 * (displayName trimmed to 1..80, description <= 4000, algorithmType <= 64, URLs absolute https <= 2048;
 * URLs are stored, never fetched). Throws ValidationError with `body.<field>` paths.
 */
export function mergeMetadata(previous: MetadataFields, patch: MetadataPatch): MetadataFields {
  const errors: FieldErrors = {};
  const next = Object.fromEntries(METADATA_FIELDS.map((f) => [f, previous[f]])) as unknown as MetadataFields;
  for (const field of METADATA_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    if (value === null) {
      next[field] = null;
      continue;
    }
    const problem = checkField(field, value);
    if (problem) errors[`body.${field}`] = [problem];
    else next[field] = field === "displayName" ? value.trim() : value;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return next;
}

function checkField(field: keyof MetadataFields, value: string): string | undefined {
  switch (field) {
    case "displayName": {
      const length = value.trim().length;
      return length < 1 || length > DISPLAY_NAME_MAX
        ? `must be 1 to ${DISPLAY_NAME_MAX} characters after trimming`
        : undefined;
    }
    case "description":
      return value.length > DESCRIPTION_MAX ? `must be at most ${DESCRIPTION_MAX} characters` : undefined;
    case "algorithmType":
      return value.length > ALGORITHM_TYPE_MAX
        ? `must be at most ${ALGORITHM_TYPE_MAX} characters`
        : undefined;
    case "licenseUrl":
    case "eulaUrl":
      return value.length > URL_MAX || !isHttpsUrl(value)
        ? `must be an absolute https URL of at most ${URL_MAX} characters`
        : undefined;
  }
}

/**
 * The first record of a new item, copied from the IoT application. The platform's name may exceed the
 * marketplace's limits, so it is trimmed and cut rather than refused (the developer can edit it later).
 */
export function metadataFromApplication(application: { name: string; description: string }): MetadataFields {
  const name = application.name.trim().slice(0, DISPLAY_NAME_MAX).trim();
  const description = application.description.slice(0, DESCRIPTION_MAX);
  return { ...EMPTY_METADATA, displayName: name || null, description: description || null };
}
