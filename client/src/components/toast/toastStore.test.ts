import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast, toasts } from './toastStore';

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close after 4 s', () => {
    vi.useFakeTimers();
    showToast('Unable to process your request.');
    expect(toasts.getSnapshot().map((t) => t.message)).toEqual(['Unable to process your request.']);
    vi.advanceTimersByTime(3999);
    expect(toasts.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.getSnapshot()).toHaveLength(0);
  });

  it('show a message that is already on screen only once', () => {
    showToast('Your session has expired. Please login again.', 'warning');
    showToast('Your session has expired. Please login again.', 'warning');
    expect(toasts.getSnapshot()).toHaveLength(1);
  });
});
