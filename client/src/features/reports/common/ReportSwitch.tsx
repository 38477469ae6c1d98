/** A labelled on/off switch of a report's toolbar ('Show Only VA Events', 'Show Monthly Data'). */
export function ReportSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <label className="report-switch">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        className="report-switch__track"
        onClick={() => onChange(!checked)}
      >
        <span className="report-switch__thumb" aria-hidden="true" />
      </button>
      <span aria-hidden="true">{label}</span>
    </label>
  );
}
