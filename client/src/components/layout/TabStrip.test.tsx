import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TabStrip } from './TabStrip';

afterEach(cleanup);

const tabs = [
  { id: 'a', label: 'Last 30 Days' },
  { id: 'b', label: 'Last 60 Days', disabled: true },
  { id: 'c', label: 'Last 90 Days' },
] as const;

describe('TabStrip', () => {
  it('is one Tab stop; the arrows move along the enabled tabs, and Enter (a click) chooses', () => {
    const onSelect = vi.fn();
    render(<TabStrip label="Time range" tabs={tabs} selected="a" onSelect={onSelect} />);
    const [first, , third] = screen.getAllByRole('tab');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(third);
    // Moving does not choose: a range tab reloads its report.
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.keyDown(third, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'End' });
    expect(document.activeElement).toBe(third);
    fireEvent.click(third);
    expect(onSelect).toHaveBeenCalledWith('c');
  });
});
