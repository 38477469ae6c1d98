import type { Request, RequestHandler, Response } from 'express';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from './apiErrors';

/**
 * An answer of the gateway as a value: a route that calls the upstream returns one instead of
 * writing to the response, so a step in front of it (the action step: lock, audit) sees every
 * answer, however the route came to it, and decides what is sent.
 */
export interface Answer {
  status: number;
  body: unknown;
}

/** A route that answers with a value; `answering` or a step in front of it sends it. */
export type AnswerHandler = (req: Request, res: Response) => Promise<Answer>;

export const okAnswer = (body: unknown): Answer => ({ status: 200, body });

/** One of the gateway's errors (apiErrors.ts) as an answer. */
export function errorAnswer(
  code: ApiErrorCode,
  extra: { status?: number; message?: string; [field: string]: unknown } = {},
): Answer {
  const { status, message, ...rest } = extra;
  const body: ApiErrorBody = { error: code, message: message ?? API_ERRORS[code].message, ...rest };
  return { status: status ?? API_ERRORS[code].status, body };
}

/** Sends an answer as JSON, unless the caller has gone (then there is no one to send it to). */
export function sendAnswer(res: Response, answer: Answer): void {
  if (res.headersSent || res.destroyed) return;
  res.status(answer.status).json(answer.body);
}

/** Mounts an answering route as express middleware; a thrown error goes to the error handler. */
export function answering(handler: AnswerHandler): RequestHandler {
  return async (req, res, next) => {
    try {
      sendAnswer(res, await handler(req, res));
    } catch (e) {
      next(e);
    }
  };
}
