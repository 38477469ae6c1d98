import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './bridgeConfig';
import { createLogger } from '../observability/logger';
import { identityFor } from './identityConfig';

const dir = mkdtempSync(join(tmpdir(), 'identity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, body: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof body === 'string' ? body : JSON.stringify(body));
  return p;
};

describe('the bridge identity configuration', () => {
  it('one identity for every agency from the environment', () => {
    const c = loadConfig({ BRIDGE_UPSTREAM_USER: 'svc', BRIDGE_UPSTREAM_PASSWORD: 's3cret-pw' });
    const who = identityFor(c.BRIDGE_IDENTITIES, '21001');
    expect(who?.username).toBe('svc');
    expect(who?.password.reveal()).toBe('s3cret-pw');
  });

  it('per-agency identities from the secrets file win for their agency', () => {
    const path = file('ids.json', {
      default: { username: 'svc', password: 'pw-default' },
      agencies: { '21002': { username: 'svc-tx', password: 'pw-tx' } },
    });
    const ids = loadConfig({ BRIDGE_IDENTITY_FILE: path }).BRIDGE_IDENTITIES;
    expect(identityFor(ids, '21002')?.username).toBe('svc-tx');
    expect(identityFor(ids, '21001')?.username).toBe('svc');
  });

  it('no identity unless one is given; a user without a password, or two defaults, stop the start', () => {
    expect(loadConfig({}).BRIDGE_IDENTITIES.fallback).toBeNull();
    expect(() => loadConfig({ BRIDGE_UPSTREAM_USER: 'svc' })).toThrow(/BRIDGE_UPSTREAM_PASSWORD/);
    const path = file('both.json', { default: { username: 'svc', password: 'pw' } });
    expect(() =>
      loadConfig({ BRIDGE_UPSTREAM_USER: 'svc', BRIDGE_UPSTREAM_PASSWORD: 'pw', BRIDGE_IDENTITY_FILE: path }),
    ).toThrow(/keep one/);
  });

  it('a refused secrets file names the field at fault, never the password in it', () => {
    const path = file('bad.json', { agencies: { '21002': { username: '', password: 'do-not-print-me' } } });
    let message = '';
    try {
      loadConfig({ BRIDGE_IDENTITY_FILE: path });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/BRIDGE_IDENTITY_FILE: agencies\.21002\.username/);
    expect(message).not.toContain('do-not-print-me');
    expect(() => loadConfig({ BRIDGE_IDENTITY_FILE: file('garbage.json', '{ password: oops') })).toThrow(
      /not JSON/,
    );
  });

  it('the password never reaches a log line, JSON or inspect, even when the whole configuration is logged', () => {
    const c = loadConfig({ BRIDGE_UPSTREAM_USER: 'svc', BRIDGE_UPSTREAM_PASSWORD: 'never-logged-pw' });
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += String(chunk);
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    logger.info({ config: c, identity: c.BRIDGE_IDENTITIES.fallback }, 'config');
    createLogger('silent').info({ config: c });
    expect(out).toContain('svc');
    expect(out).not.toContain('never-logged-pw');
    expect(JSON.stringify(c)).not.toContain('never-logged-pw');
    expect(inspect(c, { depth: 10 })).not.toContain('never-logged-pw');
    expect(String(c.BRIDGE_UPSTREAM_PASSWORD)).toBe('[redacted]');
  });

  it('always-on agencies: off unless set; "all", a list, or "off"', () => {
    expect(loadConfig({}).ALWAYS_ON_AGENCIES).toBeUndefined();
    expect(loadConfig({ ALWAYS_ON_AGENCIES: 'all' }).ALWAYS_ON_AGENCIES).toEqual(['all']);
    expect(loadConfig({ ALWAYS_ON_AGENCIES: '21001, 21002' }).ALWAYS_ON_AGENCIES).toEqual(['21001', '21002']);
    expect(loadConfig({ ALWAYS_ON_AGENCIES: 'off' }).ALWAYS_ON_AGENCIES).toEqual([]);
  });
});
