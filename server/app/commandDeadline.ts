import type { Redis } from 'ioredis';

type SendCommand = Redis['sendCommand'];
type Command = Parameters<SendCommand>[0];

/**
 * Gives every command sent on `redis` `ms` to be answered, judged only once the socket was read.
 *
 * NOTE: ioredis's own `commandTimeout` rejects in the event loop's timers phase, which runs before
 * the socket is read. A process that was busy for longer than the timeout (a long task, a
 * collection, a machine short of CPU) then failed commands whose replies were already waiting,
 * and the bridge answered 503 "cannot reach its store" while Redis had answered in a millisecond.
 * Here an expired timer waits one turn of the loop (setImmediate runs after the read), so only a
 * command still unanswered after the read fails.
 */
export function answerWithin(redis: Redis, ms: number): void {
  const send: SendCommand = redis.sendCommand.bind(redis);
  // A command can pass through sendCommand more than once (queued, then sent): one deadline each.
  const armed = new WeakSet<Command>();
  redis.sendCommand = ((command, stream) => {
    if (!armed.has(command)) {
      armed.add(command);
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (!command.isSettled) command.reject(new Error('Command timed out'));
          }),
        ms,
      );
      const clear = () => clearTimeout(timer);
      command.promise.then(clear, clear);
    }
    return send(command, stream);
  }) as SendCommand;
}
