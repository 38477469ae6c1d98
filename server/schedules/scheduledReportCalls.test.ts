import { describe, expect, it } from 'vitest';
import { GATEWAY_MENU_RULES, menuIdsNeeded, UPSTREAM_MENU_RULES } from '../../shared/menu/upstreamMenuNeeds';
import { SCHEDULED_REPORTS } from '../../shared/schedules/scheduledReports';
import { reportPeriodOf, SCHEDULE_PERIODS } from '../../shared/schedules/scheduleRules';
import { GATEWAY_METHODS } from '../../shared/upstream/envelope';
import { UPSTREAM_ROUTES } from '../gateway/upstreamRoutes';

/**
 * Every schedulable report's call is one the gateway lets a screen make, and the menu items that
 * let its owner schedule it are the ones the call needs: a schedule checks the rights of its call.
 */
describe('the calls of scheduled reports', () => {
  const runAt = Date.UTC(2026, 10, 25, 13, 0);
  const cases = Object.entries(SCHEDULED_REPORTS).flatMap(([id, report]) =>
    SCHEDULE_PERIODS.map((period) => ({ id, report, period })),
  );

  it.each(cases)(
    '$id, every $period: an allowlisted call needing the report’s menu',
    ({ report, period }) => {
      const span = report.needsSite ? null : reportPeriodOf(period, runAt, 'America/Chicago');
      const call = report.call({ agencyId: '21001', siteNo: '5001', period, span });
      if ('gateway' in call) {
        expect(GATEWAY_METHODS).toContain(call.gateway.methodName);
        expect(call.gateway.arguments).toEqual(['21001']);
        const rule = GATEWAY_MENU_RULES[call.gateway.methodName];
        expect(new Set(menuIdsNeeded(rule, {}))).toEqual(new Set(report.menu));
        return;
      }
      const route = UPSTREAM_ROUTES.find((r) => r.path === call.path);
      expect(route?.method).toBe('GET');
      expect(Object.values(call.query).every((v) => v !== '')).toBe(true);
      const needs = menuIdsNeeded(UPSTREAM_MENU_RULES[call.path], call.query);
      expect(new Set(needs)).toEqual(new Set(report.menu));
    },
  );

  it('Sites With No Alarm Activity asks since the first day of the period', () => {
    const span = reportPeriodOf('week', runAt, 'America/Chicago');
    const call = SCHEDULED_REPORTS.noActivity.call({ agencyId: '21001', siteNo: null, period: 'week', span });
    expect('query' in call && call.query).toEqual({
      ServcoNo: '21001',
      dateType: 'Select',
      startDate: '11/18/2026',
    });
  });
});

/**
 * A report's answer as a scheduled run reads it: an answer of another shape than the call's (its
 * result as text, or a list where an object holds the list) is refused, never sent as an empty
 * report; no result at all is a report without rows.
 */
describe("the rows of a scheduled report's answer", () => {
  const picked = Object.entries(SCHEDULED_REPORTS).flatMap(([id, report]) => {
    const call = report.call({ agencyId: '21001', siteNo: '5001', period: 'day', span: null });
    return call.pick ? [{ id, call }] : [];
  });

  it('covers the reports whose rows sit in a field of the answer', () => {
    expect(picked.map((p) => p.id).length).toBeGreaterThanOrEqual(5);
  });

  it.each(picked)('$id: a result of another shape is refused, no result is no rows', ({ call }) => {
    const rowsOf = (result: unknown) => call.rows.safeParse(call.pick!(result));
    for (const wrong of ['[{"site_no":"5001"}]', 42, [{ site_no: '5001' }]])
      expect(rowsOf(wrong).success, JSON.stringify(wrong)).toBe(false);
    for (const none of [null, undefined, {}]) expect(rowsOf(none)).toEqual({ success: true, data: [] });
  });
});
