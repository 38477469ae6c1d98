import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema, GATEWAY_METHODS, gatewayAnswerSchema } from '../../shared/upstream/envelope';
import { loginProfileSchema } from '../../shared/upstream/loginProfile';
import type { RunningSimulator } from '../createSimulator';
import { DEMO_USERS } from '../world/demoUsers';
import { control, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';
import { callsFor, send } from '../../tests/support/simulator/upstreamCalls';
import { NOT_IN_MENU, outsideMenu } from './menuAccess';

let sim: RunningSimulator;

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
});
afterAll(() => sim.close());

describe('the upstream contract', () => {
  for (const user of DEMO_USERS) {
    it(`answers every call for ${user.username} in the spec's shape`, async () => {
      await control(sim, '/stats/reset');
      const profile = loginProfileSchema().parse(await signIn(sim, user.username, user.password));
      expect(profile.RelationId).toBe(user.relationId);
      expect(JSON.parse(profile.sitePreferences ?? '[]')[0]).toMatchObject({
        SelectedNavIds: user.selectedNavIds,
        DefaultLiveAlarmViewTab: expect.any(Number),
        GraphsView: expect.any(Number),
      });
      expect(profile.accountInfo.map((a) => a.prompt)).toEqual(['dealer_banner', 'mobile_user_flag']);
      const session = await signIn(sim, user.username, user.password);
      const calls = await callsFor(sim, session);
      for (const call of calls) {
        const a = await send(sim, call, session.loginGUID);
        expect(a.status, `${call.name}: ${a.text}`).toBe(200);
        if (outsideMenu(user, user.selectedNavIds, call)) {
          // A call outside the user's menu is refused as the monitoring center does.
          const words = call.gateway ? a.body.MessageCollection : envelopeSchema().parse(a.body).errors;
          expect(words, `${call.name}: ${a.text}`).toEqual([NOT_IN_MENU]);
        } else if (call.gateway) {
          const g = gatewayAnswerSchema().parse(a.body);
          if (call.name !== 'gateway ClearAlarm')
            expect(g.ErrorMessage, `${call.name}: ${a.text}`).toBeNull();
          call.check?.(g.Result);
        } else if (call.refused) {
          expect(envelopeSchema().parse(a.body), `${call.name}: ${a.text}`).toMatchObject({
            isSessionValid: true,
            apiStatus: false,
            errors: call.refused,
          });
        } else {
          const e = envelopeSchema().parse(a.body);
          expect(e, `${call.name}: ${a.text}`).toMatchObject({
            isSessionValid: true,
            apiStatus: true,
            errors: [],
          });
          call.check?.(e.result);
        }
      }
      const served = new Set(
        Object.keys((await control(sim, '/stats', undefined, 'GET')).byPath).map((p) => p.toLowerCase()),
      );
      for (const route of sim.simulator.routes)
        expect(served, `${route.method} ${route.path} was not called`).toContain(route.path.toLowerCase());
      const methods = new Set(
        calls.filter((c) => c.gateway).map((c) => (c.body as { methodName: string }).methodName),
      );
      expect([...methods].sort()).toEqual([...GATEWAY_METHODS].sort());
    });
  }
});
