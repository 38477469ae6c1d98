/** A labelled on/off switch (role switch), as the header's Map View, show Graph and Auto Refresh use. */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange(next: boolean): void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <label className="la-switch" title={hint}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        className="la-switch__track"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="la-switch__thumb" aria-hidden="true" />
      </button>
      <span className="la-switch__label" aria-hidden="true">
        {label}
      </span>
    </label>
  );
}
