import type { Router } from 'express';
import type { SignalGenerator } from '../generator/signalGenerator';
import type { World } from '../world/world';
import type { SessionStore } from './sessions';

/** What every route file gets: the world, the sessions and the clock. */
export interface RouteContext {
  world: World;
  sessions: SessionStore;
  generator: SignalGenerator;
  clock: () => number;
}

/** One API family registers its paths on the router. */
export type RegisterRoutes = (router: Router, ctx: RouteContext) => void;
