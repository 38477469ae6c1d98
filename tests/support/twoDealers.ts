import type { Bridge } from '../../server/app/bridge';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { connectScreen, type Screen } from './screen';
import { signIn, startSim, startTestBridge, type Simulator } from './stack';

export interface Dealer {
  cookie: string;
  agencyId: string;
}

export interface TwoDealers {
  sim: Simulator;
  bridge: Bridge;
  /** The demo owner, signed in. */
  owner: Dealer;
  /** A user of another agency (the demo `multi`), signed in, with that agency. */
  other: Dealer;
  /** Screens opened with `screen` or pushed here close with the stack. */
  screens: Screen[];
  screen(cookie: string): Screen;
  close(): Promise<void>;
}

/**
 * The simulator, one bridge and two dealers' sign-ins: what a test that proves a screen of one
 * agency sees nothing of another's runs on. `env` adds bridge settings.
 */
export async function startTwoDealers(env: Record<string, string> = {}): Promise<TwoDealers> {
  const sim = await startSim();
  const bridge = await startTestBridge(sim.url, env);
  const o = await signIn(bridge.url, 'owner', 'owner123');
  const owner = { cookie: o.cookie, agencyId: o.profile.agencyId };
  const m = await signIn(bridge.url, 'multi', 'multi123');
  const other = {
    cookie: m.cookie,
    agencyId: [...visibleAgencies(m.profile as never)].find((a) => a !== owner.agencyId)!,
  };
  const screens: Screen[] = [];
  return {
    sim,
    bridge,
    owner,
    other,
    screens,
    screen(cookie) {
      const s = connectScreen(bridge.url, cookie);
      screens.push(s);
      return s;
    },
    async close() {
      for (const s of screens) s.close();
      await bridge.close();
      await sim.close();
    },
  };
}
