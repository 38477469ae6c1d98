import { describe, expect, it } from 'vitest';
import { createSimulator } from '../createSimulator';
import { TEST_NOW } from '../../tests/support/simulator/simClient';
import { DEMO_USERS } from './demoUsers';
import { lookupZip } from './geography';
import { utcOffsetAt } from './siteTime';

const build = (seed: number) =>
  createSimulator({
    seed,
    agencies: 4,
    sitesPerAgency: 50,
    historyPerAgencyPerDay: 150,
    generator: false,
    clock: () => TEST_NOW,
  });

describe('the simulated world', () => {
  it('is the same for the same seed: sites, users and the first events', () => {
    const a = build(42);
    const b = build(42);
    expect(b.world.sites).toEqual(a.world.sites);
    expect(b.world.systems).toEqual(a.world.systems);
    expect(b.world.contacts).toEqual(a.world.contacts);
    expect(b.world.serviceCompanies).toEqual(a.world.serviceCompanies);
    const first = (s: typeof a) => [...s.world.events.all()].slice(0, 500);
    expect(first(b)).toEqual(first(a));
    expect(b.world.events.size).toBe(a.world.events.size);
    const login = (s: typeof a) => s.sessions.create(s.world, requireUser('multi')).profile;
    const { loginGUID: _a, ...pa } = login(a);
    const { loginGUID: _b, ...pb } = login(b);
    expect(pb).toEqual(pa);
  });

  it('differs for another seed', () => {
    expect(build(43).world.sites.map((s) => s.name)).not.toEqual(build(42).world.sites.map((s) => s.name));
  });

  it('puts sites at real ZIP codes with their coordinates and a state offset', () => {
    const { world } = build(42);
    for (const site of world.sites) {
      const place = lookupZip(site.zip);
      expect(place, site.zip).toBeDefined();
      expect([site.city, site.state, site.lat, site.lng]).toEqual([
        place?.city,
        place?.state,
        place?.lat,
        place?.lng,
      ]);
      expect(world.siteOffset(site)).toBe(utcOffsetAt(site.state, TEST_NOW));
    }
  });

  it('has at least three service companies with one corporate account, and agency ids equal servco numbers', () => {
    const { world } = build(42);
    expect(world.serviceCompanies.length).toBeGreaterThanOrEqual(3);
    expect(world.serviceCompanies.filter((c) => c.type === 'C')).toHaveLength(1);
    for (const c of world.serviceCompanies.filter((x) => x.type === 'D'))
      expect(world.agency(c.servcoNo)?.agencyId).toBe(c.servcoNo);
  });

  it('has zones flagged as system-type-account zones and unique CS numbers', () => {
    const { world } = build(42);
    expect(world.systems.some((s) => s.zones.some((z) => z.stazFlag === 'Y'))).toBe(true);
    expect(new Set(world.systems.map((s) => s.csNo)).size).toBe(world.systems.length);
    for (const s of world.systems) expect(s.csNo).toMatch(/^C\d{5,}$/);
  });

  it('keeps event ids growing with time', () => {
    const { world } = build(42);
    let prev = { id: 0, at: 0 };
    let outOfOrder = 0;
    for (const e of world.events.all()) {
      if (e.id <= prev.id || e.at < prev.at) outOfOrder++;
      prev = e;
    }
    expect(outOfOrder).toBe(0);
  });
});

function requireUser(name: string) {
  const u = DEMO_USERS.find((x) => x.username === name);
  if (!u) throw new Error(name);
  return u;
}
