import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured logs; never log session ids, codewords or cookies. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.pn',
        '*.codeword',
        '*.upstreamSessionId',
        // The bridge identity's password is a SecretText that prints as [redacted]; this catches a copy.
        '*.BRIDGE_UPSTREAM_PASSWORD',
      ],
      censor: '[redacted]',
    },
  });
}
