import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STILL_ACTIVE } from '../../server/actions/authoriseAction';
import { ALREADY_HANDLED } from '../../shared/messages/alarmActionMessages';
import { spawnBridge, type BridgeProcess } from '../support/processes';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../support/redis';
import { waitFor } from '../support/screen';
import { freshAccount, simPost, startSim, type Simulator } from '../support/stack';
import { call, fault, signIn } from './harness';

/**
 * A bridge killed in the middle of a dispatch, beside a second bridge sharing Redis (finding 2):
 * the attempt is on record before the upstream call, the alarm's lock ends with the process
 * within seconds, and the next attempt settles the dead one from the upstream's own state.
 */
const haveRedis = await redisReachable();

describe.skipIf(!haveRedis)('a bridge that dies mid-dispatch', () => {
  const prefix = `dlp-test-death-${randomUUID().slice(0, 8)}:`;
  let sim: Simulator;
  let auditFile: string;
  let doomed: BridgeProcess;
  let survivor: BridgeProcess;
  beforeAll(async () => {
    sim = await startSim();
    auditFile = join(mkdtempSync(join(tmpdir(), 'audit-')), 'audit.log');
    const env = {
      UPSTREAM_URL: sim.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      AUDIT_FILE: auditFile,
      LOG_LEVEL: 'silent',
    };
    [doomed, survivor] = await Promise.all([spawnBridge(env), spawnBridge(env)]);
  }, 60_000);
  afterAll(async () => {
    await doomed?.kill();
    await survivor?.kill();
    await sim?.close();
    await cleanPrefix(prefix);
  });

  const auditOf = (alarmId: unknown): Array<Record<string, unknown>> => {
    let text = '';
    try {
      text = readFileSync(auditFile, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.alarmId === String(alarmId));
  };

  it('frees the alarm within seconds, and the audit ends with what happened', async () => {
    const owner = await signIn(survivor.url, 'owner', 'owner123');
    const agencyId = String(owner.body.profile.agencyId);
    const { alarm } = (await simPost(sim, '/_sim/signals', {
      csNo: await freshAccount(sim, agencyId),
      eventId: 'B',
    })) as { alarm: Record<string, unknown> };
    const dispatch = (url: string) =>
      call(url, 'POST', '/api/MASAPI/APIRequest', {
        cookie: owner.cookie,
        body: { methodName: 'CallDispatch', arguments: [{ AlarmincNo: alarm.alarminc_No }] },
      });

    // The upstream holds the dispatch, then refuses it: the alarm stays active.
    await fault(sim, { path: '/MASAPI/APIRequest', latencyMs: 2000, status: 500, count: 1 });
    void dispatch(doomed.url).catch(() => undefined);
    await waitFor('the attempt written ahead', () =>
      auditOf(alarm.alarminc_No).some((e) => e.outcome === 'attempted'),
    );
    // The upstream holds the doomed bridge's call (the fault is used up), so the next one is not its.
    await waitFor('the upstream holding the dispatch', async () => {
      const { faults } = (await (await fetch(`${sim.url}/_sim/faults`)).json()) as { faults: unknown[] };
      return faults.length === 0;
    });
    await doomed.kill('SIGKILL');
    const killedAt = Date.now();

    let answer = await dispatch(survivor.url);
    while (answer.body?.ErrorMessage === ALREADY_HANDLED && Date.now() - killedAt < 20_000) {
      await new Promise((r) => setTimeout(r, 250));
      answer = await dispatch(survivor.url);
    }
    expect(answer.body).toMatchObject({ IsAlarmCleared: false, Result: { status: 'OK' } });
    // Well within the old fixed 15 s (upstream timeout plus a margin).
    expect(Date.now() - killedAt).toBeLessThan(8000);

    await waitFor('the outcomes', () => auditOf(alarm.alarminc_No).some((e) => e.outcome === 'ok'));
    // (The refusals while the lease stood are on record too, as alreadyHandled.)
    const entries = auditOf(alarm.alarminc_No).filter((e) => e.outcome !== 'alreadyHandled');
    const [dead, ...rest] = entries;
    expect(dead).toMatchObject({ outcome: 'attempted', username: 'owner' });
    expect(rest.map((e) => e.outcome)).toEqual(['failed', 'attempted', 'ok']);
    expect(rest[0]).toMatchObject({ attemptId: dead.id, message: STILL_ACTIVE });
    expect(rest[2].attemptId).toBe(rest[1].id);
  }, 40_000);
});
