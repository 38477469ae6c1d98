import { useNow } from '../hooks/useNow';

// NOTE: one formatter, made once: `toLocaleTimeString()` builds one per call (the same options,
// so the same text: hours, minutes and seconds in the browser's locale).
const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: 'numeric', second: 'numeric' });

/**
 * The wall's clock, to the second (a viewer across the room sees the wall is alive). It alone
 * re-renders on its tick, and its box is fixed and contained (wall.css), so a tick lays out and
 * paints the clock, not the header.
 */
export function WallClock() {
  const now = useNow(1000);
  return (
    <span className="wall__clock">
      <span className="wall__clock-time">{TIME.format(now)}</span>
    </span>
  );
}
