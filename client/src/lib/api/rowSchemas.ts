import * as z from 'zod/mini';
import { onFirstUse } from '../../../../shared/onFirstUse';

/**
 * Row shapes the shell reads (docs/product/shell-session-search.md#entities), with the upstream's
 * field names. Numbers and strings are both accepted for ids and turned into text once, here;
 * unknown fields are dropped. Each is built on its first use (onFirstUse): the shell loads this
 * file at start and reads none of these rows before its first screen.
 */
const text = onFirstUse(() =>
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()]))),
    z.transform((v: string | number | null | undefined) => (v == null ? '' : String(v).trim())),
  ),
);

/** A list that may come back as null when empty. */
export const listOf = <T extends z.core.$ZodType>(row: T) =>
  z.pipe(
    z.optional(z.nullable(z.array(row))),
    z.transform((v: z.output<T>[] | null | undefined) => v ?? []),
  );

/** Site or account search result (recently accessed, advanced search 1001/1003). */
export const siteRowSchema = onFirstUse(() =>
  z.object({
    acct_no: text(),
    cs_no: text(),
    site_no: text(),
    system_no: text(),
    name: text(),
    first_name: text(),
    last_name: text(),
    site_name: text(),
    acct_status: text(),
    address: text(),
    alt_id: text(),
    branch_no: text(),
    city: text(),
    co_no: text(),
    panel_id: text(),
    phone: text(),
    rec_type: text(),
    req_type: text(),
    state: text(),
    zip_code: text(),
  }),
);
export type SiteRow = z.infer<ReturnType<typeof siteRowSchema>>;

/** Event status summary row (advanced search 1002). */
export const statusRowSchema = onFirstUse(() =>
  z.object({
    servtype_id: text(),
    status_descr: text(),
    ct: z.pipe(
      z.optional(z.nullable(z.union([z.number(), z.string()]))),
      z.transform((v: number | string | null | undefined) => Number(v ?? 0) || 0),
    ),
  }),
);
export type StatusRow = z.infer<ReturnType<typeof statusRowSchema>>;

/** Site system (account) of the all-accounts list. */
export const siteSystemSchema = onFirstUse(() =>
  z.object({
    cs_no: text(),
    site_name: text(),
    site_no: text(),
    system_no: text(),
    servco_no: text(),
    site_addr1: text(),
    city_name: text(),
  }),
);
export type SiteSystem = z.infer<ReturnType<typeof siteSystemSchema>>;
