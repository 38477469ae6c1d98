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
