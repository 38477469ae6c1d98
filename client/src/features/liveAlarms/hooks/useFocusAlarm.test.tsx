import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import { clearToasts, toasts } from '../../../components/toast/toastStore';
import { useFocusAlarm } from './useFocusAlarm';

const row = (alarmId: number) => ({ id: String(alarmId), alarminc_No: alarmId }) as unknown as ActiveAlarmRow;

afterEach(() => clearToasts());

describe('the alarm a notification links to', () => {
  it('opens once the alarms are live, and only once however the rows move', () => {
    const focus = vi.fn();
    const { rerender } = renderHook(({ rows, live }) => useFocusAlarm('42', rows, live, focus), {
      initialProps: { rows: [] as ActiveAlarmRow[], live: false },
    });
    expect(focus).not.toHaveBeenCalled();
    rerender({ rows: [row(7), row(42)], live: true });
    expect(focus).toHaveBeenCalledTimes(1);
    expect(focus.mock.calls[0]![0]).toMatchObject({ alarminc_No: 42 });
    rerender({ rows: [row(42), row(8)], live: true });
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('says the alarm is no longer active when the live list does not hold it', () => {
    const focus = vi.fn();
    renderHook(() => useFocusAlarm('42', [row(7)], true, focus));
    expect(focus).not.toHaveBeenCalled();
    expect(toasts.getSnapshot().map((t) => t.message)).toEqual(['This alarm is no longer active.']);
  });
});
