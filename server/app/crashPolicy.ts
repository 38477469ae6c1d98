import type { Logger } from '../observability/logger';

/** How long a crashing bridge may spend closing before it exits anyway. */
const CLOSE_TIMEOUT_MS = 3_000;
/** The exit code a supervisor (systemd, Docker's restart policy) reads as a failure. */
export const CRASH_EXIT_CODE = 70;

/**
 * A bug that escapes every handler ends the process, logged, for its supervisor to restart: a
 * bridge left half-alive after an uncaught error (feeds stopped, sockets open) is worse than a
 * restart, which the screens ride out by resuming from their sequence numbers.
 * `close` is whatever the process has running by then; it gets a few seconds, then the exit.
 */
export function installCrashPolicy(
  logger: Logger,
  close: () => Promise<void> | void,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  let crashing = false;
  const crash = (kind: 'uncaughtException' | 'unhandledRejection') => (err: unknown) => {
    logger.fatal({ err, kind }, 'bridge stopping after an unhandled error');
    if (crashing) return;
    crashing = true;
    const timer = setTimeout(() => finish(), CLOSE_TIMEOUT_MS);
    timer.unref();
    let finished = false;
    function finish() {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      logger.flush();
      exit(CRASH_EXIT_CODE);
    }
    Promise.resolve()
      .then(close)
      .catch((e: unknown) => logger.error({ err: e }, 'closing after the error failed'))
      .finally(finish);
  };
  const onException = crash('uncaughtException');
  const onRejection = crash('unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
