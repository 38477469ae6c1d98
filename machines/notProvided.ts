import { fromPromise, type PromiseActorLogic } from 'xstate';

/**
 * The default implementation of every effect a machine names: it fails loudly, so a machine
 * that runs without `machine.provide({ actors })` cannot quietly call nothing.
 */
export function notProvided<TOutput, TInput>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name}: not provided`);
  });
}
