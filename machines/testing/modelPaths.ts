import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';

/**
 * Test support for model-based tests of the machines: generate paths with `xstate/graph`, then
 * replay each path on a real actor whose effects are scripted stand-ins, checking after every
 * step that the running actor is where the pure traversal said it would be.
 *
 * Convention the machines follow: an invoked actor's `id` equals its `src`, so the traversal
 * event `xstate.done.actor.<src>` says which stand-in to settle.
 */

export type MachinePath = StatePath<AnyMachineSnapshot, AnyEventObject>;

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The effect `src` answered with `output`. */
export const done = (src: string, output?: unknown): AnyEventObject => ({ type: `${DONE}${src}`, output });
/** The effect `src` failed without a reply (its promise rejected). */
export const failed = (src: string): AnyEventObject => ({
  type: `${ERROR}${src}`,
  error: { message: 'no reply' },
});
/** The named delay of the state `stateId` (e.g. `placeOnTest.succeeded`) elapsed. */
export const elapsed = (delay: string, stateId: string): AnyEventObject => ({
  type: `${AFTER}${delay}.${stateId}`,
});

export interface PathOptions {
  input?: unknown;
  /** Events tried in every state (unhandled ones are self-loops and drop out). */
  events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
  /** Keep only paths ending in a state that passes. */
  toState?: (snapshot: AnyMachineSnapshot) => boolean;
}

export function shortestPaths(machine: AnyStateMachine, options: PathOptions): MachinePath[] {
  return getShortestPaths(machine, toTraversal(options));
}

export function simplePaths(machine: AnyStateMachine, options: PathOptions): MachinePath[] {
  return getSimplePaths(machine, toTraversal(options));
}

function toTraversal(options: PathOptions) {
  const { events, input, toState } = options;
  return {
    input,
    events: typeof events === 'function' ? events : () => events,
    ...(toState ? { toState } : {}),
  };
}

/** A readable name for a path: its events after the initial one. */
export function describePath(path: MachinePath): string {
  const names = path.steps
    .slice(1)
    .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'));
  return `${names.join(' → ') || '(start)'} ⇒ ${JSON.stringify(path.state.value)}`;
}

export interface ScriptedCall {
  src: string;
  input: unknown;
  signal: AbortSignal;
  settled: boolean;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Stand-ins for a machine's actors: every call waits until the test settles it. */
export function scriptedActors(names: readonly string[]) {
  const calls: ScriptedCall[] = [];
  const actors: Record<string, AnyActorLogic> = Object.fromEntries(
    names.map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            calls.push({ src, input, signal, settled: false, resolve, reject });
          }),
      ),
    ]),
  );
  const pending = (src: string): ScriptedCall | undefined =>
    [...calls].reverse().find((call) => call.src === src && !call.settled && !call.signal.aborted);
  const settle = (src: string, outcome: { output: unknown } | { error: unknown }): void => {
    const call = pending(src);
    if (!call) throw new Error(`no running call of ${src} to settle`);
    call.settled = true;
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
  };
  return { actors, calls, pending, settle };
}

/** Lets promise stand-ins resolve and their done events reach the machine. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

const comparable = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

export interface ReplayOptions {
  input?: unknown;
  /** Moves fake timers past the delay of an `xstate.after.*` step. */
  advanceTimers?: () => void;
  /** Sees the actor before it starts, e.g. to listen to emitted events. */
  onActor?: (actor: AnyActorRef) => void;
}

/**
 * Runs `path` on a real actor of `machine` with scripted effects; throws at the first step where
 * the actor's state or context differs from the model's. Returns the last snapshot and the calls.
 */
export async function replayPath(machine: AnyStateMachine, path: MachinePath, options: ReplayOptions = {}) {
  const script = scriptedActors(Object.keys(machine.implementations.actors));
  const actor = createActor(machine.provide({ actors: script.actors }), { input: options.input });
  options.onActor?.(actor);
  actor.start();
  await flush();
  for (const [index, step] of path.steps.entries()) {
    const { event } = step;
    if (index === 0) {
      // the initial snapshot
    } else if (event.type.startsWith(DONE)) {
      script.settle(event.type.slice(DONE.length), { output: event.output });
    } else if (event.type.startsWith(ERROR)) {
      script.settle(event.type.slice(ERROR.length), { error: event.error });
    } else if (event.type.startsWith(AFTER)) {
      if (!options.advanceTimers) throw new Error(`${event.type} needs advanceTimers`);
      options.advanceTimers();
    } else {
      actor.send(event);
    }
    await flush();
    const actual = comparable(actor.getSnapshot());
    const expected = comparable(step.state);
    if (actual !== expected) {
      actor.stop();
      throw new Error(`step ${index} (${event.type}): expected ${expected}, got ${actual}`);
    }
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { snapshot, calls: script.calls };
}
