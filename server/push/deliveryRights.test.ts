import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/push/pushApi';
import { createLogger } from '../observability/logger';
import { checkedDelivery } from './deliveryRights';
import { createMemoryPushStore, type PushRecord } from './pushStore';

/** A dispatcher who sees agency 21001 only, with the Live Alarm View in their menu. */
const RIGHTS = {
  contactNumber: '500002',
  RelationId: '2',
  agencyId: '21001',
  agencyIdForCorpAccount: null,
  serviceCompanyList: [{ servco_name: 'First', servco_Type: 'D', servco_no: '21001' }],
  sitePreferences: '[{"SelectedNavIds":"1,3,4,7"}]',
};

const device: PushRecord = {
  id: 'dev1',
  userRef: '500002',
  sessionRef: 's',
  label: 'Phone',
  createdAt: 1,
  subscription: { endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } },
  preferences: {
    agencies: ['21001', '22002'],
    alarmTypes: [],
    quietHours: null,
    timeZone: 'UTC',
    anomalies: true,
  },
};

const anomaly = (agencyId: string): PushMessage => ({
  title: 'Runaway: CS# C1 sent 20 signals in 60 min',
  body: 'Corner Shop',
  url: '/dashboardDetails',
  anomaly: { id: 'ep', agencyId, kind: 'runaway', csNo: 'C1' },
});

describe('a push checked against its user’s current rights', () => {
  it('a live anomaly reaches a user who sees its agency, and not one who lost it', async () => {
    const store = createMemoryPushStore();
    await store.put(device);
    const sent: string[] = [];
    const delivery = checkedDelivery(
      { deliver: async (_r, msg) => (sent.push(msg.anomaly?.agencyId ?? ''), 'sent') },
      {
        rights: { read: async () => ({ kind: 'ok', rights: RIGHTS }) },
        store,
        ownerRelationId: '1',
        logger: createLogger('silent'),
      },
    );
    expect(await delivery.deliver(device, anomaly('21001'), { ttlSec: 60, urgent: true })).toBe('sent');
    expect(await delivery.deliver(device, anomaly('22002'), { ttlSec: 60, urgent: true })).toBe('gone');
    expect(sent).toEqual(['21001']);
    // The device no longer hears the agency its user lost.
    expect((await store.get('dev1'))?.preferences.agencies).toEqual(['21001']);
  });
});
