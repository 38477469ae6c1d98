import compression from 'compression';
import { constants } from 'node:zlib';
import type { RequestHandler } from 'express';

/**
 * Compresses the JSON answers of /api on the fly: the account list fetched at sign-in is about
 * 126 KB of JSON and shares a slow link with the first screen's requests (docs/performance.md).
 * Brotli at quality 4 keeps the cost per answer near gzip's while sending less; answers under
 * 1 KB go as they are.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: 1024,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
