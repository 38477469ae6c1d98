import type { Request, RequestHandler } from 'express';
import { sendError } from '../http/apiErrors';
import { GET_BODY_MESSAGE } from './shapeRequest';

/** Whether a request carries a body: any Transfer-Encoding, or a Content-Length other than zero. */
export function carriesBody(req: Pick<Request, 'headers'>): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return req.headers['transfer-encoding'] != null || length !== 0;
}

/**
 * A GET (or HEAD) that carries a body is refused with 400 before it is read: the upstream never
 * receives a GET's body, so no guard may judge fields from it (a body naming an account once
 * opened the Data Management hand-off to a sub-account without that menu).
 */
export const refuseGetBody: RequestHandler = (req, res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && carriesBody(req))
    return sendError(res, 'bad_request', { message: GET_BODY_MESSAGE });
  next();
};
