import type { Request, Response } from 'express';
import { z } from 'zod';
import { badRequest } from './envelope';

/**
 * Request fields are bound the way the upstream (ASP.NET) binds them: names in any case, from
 * the query or the body. These helpers build zod schemas that accept that.
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Renames keys to the schema's spelling when they differ only in case. */
export function canonicalize(value: unknown, keys: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  const byLower = new Map(keys.map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const canonical = byLower.get(k.toLowerCase()) ?? k;
    if (!(canonical in out) || out[canonical] == null) out[canonical] = v;
  }
  return out;
}

/** An object schema whose keys match in any case. */
export function ciObject<S extends z.ZodRawShape>(shape: S) {
  return z.preprocess((v) => canonicalize(v, Object.keys(shape)), z.object(shape));
}

const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'string' && v.trim().toLowerCase() === 'null') ? undefined : v;

/** Text (numbers become text), at most 2,000 characters. */
export const zText = z.union([z.string().max(2000), z.number()]).transform(String);
/** Optional text: absent, null and '' are undefined. */
export const zOptText = z.preprocess(blankToUndefined, zText.optional());
/** An integer from a number or numeric text. */
export const zInt = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000),
);
export const zOptInt = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
);
/** A boolean from true/false, 'true'/'false', 'Y'/'N', 1/0. */
export const zOptBool = z.preprocess((v) => {
  const b = blankToUndefined(v);
  if (typeof b === 'string') {
    const s = b.trim().toLowerCase();
    if (['true', '1', 'y', 'yes'].includes(s)) return true;
    if (['false', '0', 'n', 'no'].includes(s)) return false;
  }
  if (b === 1) return true;
  if (b === 0) return false;
  return b;
}, z.boolean().optional());

/** Query and body merged (the body wins), as one record. */
export function fieldsOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return { ...(isRecord(req.query) ? req.query : {}), ...(isRecord(body) ? body : {}) };
}

/**
 * Validates the request's fields; on failure answers 400 with the problems and returns undefined.
 */
export function parseRequest<T extends z.ZodType>(
  schema: T,
  req: Request,
  res: Response,
  input: unknown = fieldsOf(req),
): z.output<T> | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  badRequest(
    res,
    parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
  );
  return undefined;
}
