/**
 * One read per key per turn of the event loop: every caller asking for the same key before the
 * read goes out shares it. After a bridge restart a thousand screens reconnect at once, most of
 * them on a few sign-ins and a few feeds; without this each one reads the same session, backlog
 * and presence list from Redis and parses it again.
 *
 * NOTE: the read goes out on the next turn (setImmediate), never joins one already sent: a caller
 * that joined its feed's room before asking gets a read made after it joined, so nothing
 * published in between is missed. Callers share the answer and must not change it.
 */
export function sharedReads<A, V>(
  keyOf: (arg: A) => string,
  read: (arg: A) => Promise<V>,
): (arg: A) => Promise<V> {
  let waiting = new Map<string, { promise: Promise<V>; start: () => void }>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    for (const w of batch.values()) w.start();
  };
  return (arg) => {
    const key = keyOf(arg);
    let w = waiting.get(key);
    if (!w) {
      let start!: () => void;
      const promise = new Promise<V>((resolve, reject) => {
        start = () => {
          read(arg).then(resolve, reject);
        };
      });
      w = { promise, start };
      waiting.set(key, w);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    }
    return w.promise;
  };
}
