/** The speeds a tester picks from (the bridge accepts 0.25x to 50x from other clients). */
const REPLAY_SPEEDS = [1, 2, 4, 8, 16] as const;

/** The replay speed's select, in the panel (before playing) and in the banner (while playing). */
export function ReplaySpeedSelect({
  label,
  value,
  onChange,
}: {
  /** Its accessible name. */
  label: string;
  value: number;
  onChange: (speed: number) => void;
}) {
  return (
    <select
      className="select"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {REPLAY_SPEEDS.map((s) => (
        <option key={s} value={s}>
          {s}x
        </option>
      ))}
    </select>
  );
}
