import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresenceMessage } from '../../../../shared/live/protocol';
import { LiveProvider } from './LiveProvider';
import { handlingText, useAlarmPresence } from './useAlarmPresence';
import { fakeLiveClient } from '../testing/fakeLiveClient';

afterEach(cleanup);

function Badge({ agencyId, alarmId }: { agencyId: string; alarmId: string }) {
  const presence = useAlarmPresence(agencyId);
  return <p data-testid="badge">{handlingText(presence.get(alarmId)) ?? ''}</p>;
}

const msg = (over: Partial<PresenceMessage>): PresenceMessage => ({
  agencyId: 'A1',
  alarmId: '100',
  userName: 'Dennis Park',
  action: 'dispatch',
  socketId: 'other',
  ...over,
});
const badge = () => screen.getByTestId('badge').textContent;

describe('useAlarmPresence', () => {
  it('shows who is handling an alarm, from other screens only, until it is cleared', () => {
    const { client, receive } = fakeLiveClient();
    render(
      <LiveProvider client={client}>
        <Badge agencyId="A1" alarmId="100" />
      </LiveProvider>,
    );
    expect(badge()).toBe('');
    receive('presence', msg({ socketId: 'me', userName: 'Me Myself' }));
    expect(badge()).toBe('');
    receive('presence', msg({ agencyId: 'B2' }));
    expect(badge()).toBe('');
    receive('presence', msg({}));
    expect(badge()).toBe('Dennis Park is handling this');
    receive('presence', msg({ socketId: 'third', userName: 'Olivia Owens', action: 'cancel' }));
    expect(badge()).toBe('Dennis Park and Olivia Owens are handling this');
    receive('presence', msg({ action: 'none' }));
    expect(badge()).toBe('Olivia Owens is handling this');
    // A 'none' for another alarm than the screen has open changes nothing.
    receive('presence', msg({ socketId: 'third', alarmId: '999', action: 'none' }));
    expect(badge()).toBe('Olivia Owens is handling this');
  });

  it('a screen that moves to another alarm leaves the first, and a disconnect forgets all', () => {
    const { client, receive } = fakeLiveClient();
    render(
      <LiveProvider client={client}>
        <Badge agencyId="A1" alarmId="100" />
      </LiveProvider>,
    );
    receive('presence', msg({}));
    expect(badge()).toBe('Dennis Park is handling this');
    receive('presence', msg({ alarmId: '101' }));
    expect(badge()).toBe('');
    receive('presence', msg({ socketId: 'x', userName: 'Nora' }));
    expect(badge()).toBe('Nora is handling this');
    receive('disconnect');
    expect(badge()).toBe('');
  });
});
