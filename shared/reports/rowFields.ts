import { z } from 'zod';

/**
 * Field readers of the report rows (docs/product/reports-and-settings.md#entities): ids and texts
 * arrive as strings or numbers and are turned into text once, here; counts become numbers; unknown
 * fields are dropped.
 */
export const text = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v) => (v == null ? '' : String(v).trim()));

export const count = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((v) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });

/** A list that may come back as null when empty. */
export const listOf = <T extends z.ZodType>(row: T) =>
  z
    .array(row)
    .nullable()
    .optional()
    .transform((v) => v ?? []);

/**
 * The site fields the report rows share ("site fields",
 * docs/product/reports-and-settings.md#entities).
 */
export const siteFields = {
  site_no: text,
  site_name: text,
  site_addr1: text,
  site_addr2: text,
  city_name: text,
  state_id: text,
  zip_code: text,
};
