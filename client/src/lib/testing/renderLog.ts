/**
 * Which components rendered while a test acted: read from React's commits the way its DevTools
 * read them (a function component that ran has the PerformedWork flag; a subtree React skipped
 * keeps its old child fibers). Import this module before anything imports react-dom: React looks
 * for the DevTools hook once, as it loads.
 */

interface Fiber {
  tag: number;
  type: unknown;
  key: string | null;
  flags: number;
  alternate: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
}

export interface Rendered {
  /** The component's name (its function's name or displayName). */
  name: string;
  /** The key React knows it by (a row's id), or null. */
  key: string | null;
}

// React's fiber tags of components that run code: function, class, forwardRef and memo(function).
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);
const PERFORMED_WORK = 1;

let recording: Rendered[] | null = null;
/** React found this hook (it did not load before this module, and no other hook was there). */
let injected = false;

function nameOf(f: Fiber): string {
  const t = f.type as { displayName?: string; name?: string; render?: { name?: string } } | null;
  return t?.displayName ?? t?.name ?? t?.render?.name ?? 'Anonymous';
}

function collect(first: Fiber, out: Rendered[]): void {
  for (let f: Fiber | null = first; f; f = f.sibling) {
    const mounted = f.alternate === null;
    if (COMPONENT_TAGS.has(f.tag) && (mounted || (f.flags & PERFORMED_WORK) !== 0))
      out.push({ name: nameOf(f), key: f.key });
    // NOTE: a subtree React did not visit shares its child with the previous commit.
    if (f.child && (mounted || f.alternate!.child !== f.child)) collect(f.child, out);
  }
}

const hook = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => {
    injected = true;
    return 1;
  },
  checkDCE: () => undefined,
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberRoot(_renderer: number, root: { current: Fiber }) {
    if (recording) collect(root.current, recording);
  },
};
(globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= hook;

/** What rendered while `act` ran: each render of each component, in commit order. */
export function rendersDuring(act: () => void): {
  count(name: string): number;
  keys(name: string): (string | null)[];
  all: readonly Rendered[];
} {
  // NOTE: without the hook nothing is recorded, and "nothing rendered" would pass for the wrong reason.
  if (!injected) throw new Error('renderLog: import it before react-dom loads');
  const out: Rendered[] = [];
  recording = out;
  try {
    act();
  } finally {
    recording = null;
  }
  return {
    count: (name) => out.filter((r) => r.name === name).length,
    keys: (name) => out.filter((r) => r.name === name).map((r) => r.key),
    all: out,
  };
}
