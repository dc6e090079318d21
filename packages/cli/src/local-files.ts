import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import { imageSize } from "image-size";
import { parse as parseYaml } from "yaml";
import { UsageError } from "./exit-codes";

async function read(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
}

/**
 * An item's metadata from a JSON or YAML file (by extension; YAML is a superset of JSON, so anything else
 * is read as YAML): `displayName`, `description`, `algorithmType`, `licenseUrl`, `eulaUrl`. The API checks
 * the members and names any it refuses.
 */
export async function readMetadataFile(path: string): Promise<Record<string, unknown>> {
  const text = (await read(path)).toString("utf8");
  let value: unknown;
  try {
    value = extname(path).toLowerCase() === ".json" ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new UsageError(
      `${path} is not valid ${extname(path) === ".json" ? "JSON" : "YAML"}: ${(error as Error).message}`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError(`${path} must hold an object of metadata members (displayName, description, ...).`);
  }
  return value as Record<string, unknown>;
}

export interface ImageFile {
  bytes: Buffer;
  fileName: string;
  mimeType: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

const MIME_TYPES: Record<string, ImageFile["mimeType"]> = { png: "image/png", jpg: "image/jpeg" };

/** A PNG or JPEG with its real type and pixel size, read from its header (image-size). */
export async function readImageFile(path: string): Promise<ImageFile> {
  const bytes = await read(path);
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw new UsageError(`${path} is not an image mkt can read (PNG or JPEG).`);
  }
  const mimeType = MIME_TYPES[size.type ?? ""];
  if (!mimeType || !size.width || !size.height) {
    throw new UsageError(`${path} is ${size.type ?? "an unknown type"}; the marketplace takes PNG or JPEG.`);
  }
  return { bytes, fileName: basename(path), mimeType, width: size.width, height: size.height };
}
