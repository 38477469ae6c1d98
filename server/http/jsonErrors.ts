import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isStoreUnavailable, STORE_RETRY_AFTER_S } from '../support/storeUnavailable';
import type { HttpDeps } from './httpDeps';
import { sendError, type ApiErrorCode } from './apiErrors';

/** body-parser's error types, mapped to the gateway's codes. */
const PARSER_ERRORS: Record<string, ApiErrorCode> = {
  'entity.too.large': 'payload_too_large',
  'entity.parse.failed': 'bad_json',
  'encoding.unsupported': 'unsupported_media_type',
  'charset.unsupported': 'unsupported_media_type',
  'entity.verify.failed': 'bad_request',
  'request.aborted': 'bad_request',
  'request.size.invalid': 'bad_request',
  'stream.encoding.set': 'internal',
  'parameters.too.many': 'payload_too_large',
};

/** Answers 404 as JSON for any path nothing served. */
export const notFound: RequestHandler = (_req, res) => {
  sendError(res, 'not_found');
};

/**
 * The last error handler: every error becomes a JSON body (never an HTML stack trace), parser
 * errors keep their meaning (413, 400), a store that cannot be reached is a 503 with Retry-After,
 * anything else is a logged 500.
 */
export function jsonErrorHandler(ctx: Pick<HttpDeps, 'logger'>): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const type =
      err && typeof err === 'object' && 'type' in err && typeof err.type === 'string' ? err.type : undefined;
    const code = type ? PARSER_ERRORS[type] : undefined;
    if (code && code !== 'internal') {
      sendError(res, code);
      return;
    }
    // A file that went away between lookup and send (send's ENOENT carries status 404).
    const status =
      err && typeof err === 'object' && 'status' in err && typeof err.status === 'number'
        ? err.status
        : undefined;
    if (status === 404) {
      sendError(res, 'not_found');
      return;
    }
    // The bridge's store (Redis) is away: say so, and when to try again; not a fault of the bridge.
    if (isStoreUnavailable(err)) {
      ctx.logger.warn({ err: String(err), method: req.method, path: req.path }, 'store unavailable');
      res.setHeader('Retry-After', String(STORE_RETRY_AFTER_S));
      sendError(res, 'store_unavailable');
      return;
    }
    ctx.logger.error(
      {
        err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
        method: req.method,
        path: req.path,
      },
      'unhandled error',
    );
    sendError(res, 'internal');
  };
}
