/**
 * At most one read per key in flight: every caller asking for a key while its read is out shares
 * the next one, sent when that read is back. After a bridge restart a thousand screens reconnect
 * within a second or two, most of them on a few sign-ins and a few feeds, each handshake and
 * subscribe in a turn of its own; without this each one reads the same session, backlog and
 * presence list from Redis and parses it again.
 *
 * NOTE: a caller never joins a read already sent: one that joined its feed's room before asking
 * gets a read made after it joined, so nothing published in between is missed. A read goes out on
 * the turn after its first caller (setImmediate), so the callers of one turn share it too.
 * Callers share the answer and must not change it.
 */
export function sharedReads<A, V>(
  keyOf: (arg: A) => string,
  read: (arg: A) => Promise<V>,
): (arg: A) => Promise<V> {
  interface Next {
    promise: Promise<V>;
    start: () => void;
  }
  const keys = new Map<string, { inFlight: boolean; next: Next | null }>();

  function send(key: string) {
    const k = keys.get(key);
    if (!k?.next) return;
    const { start } = k.next;
    k.next = null;
    k.inFlight = true;
    start();
  }

  function settled(key: string) {
    const k = keys.get(key);
    if (!k) return;
    k.inFlight = false;
    if (k.next) setImmediate(send, key);
    else keys.delete(key);
  }

  return (arg) => {
    const key = keyOf(arg);
    let k = keys.get(key);
    if (!k) keys.set(key, (k = { inFlight: false, next: null }));
    if (k.next) return k.next.promise;
    let start!: () => void;
    const promise = new Promise<V>((resolve, reject) => {
      start = () => {
        Promise.resolve(arg)
          .then(read)
          .then(
            (v) => {
              settled(key);
              resolve(v);
            },
            (e: unknown) => {
              settled(key);
              reject(e);
            },
          );
      };
    });
    k.next = { promise, start };
    // The first caller since the last read went out: send on the next turn, or when it is back.
    if (!k.inFlight) setImmediate(send, key);
    return promise;
  };
}
