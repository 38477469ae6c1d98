import './switch.css';

/** A labelled on/off switch (role switch): the Systems and Zones choosers' switches, Only/Except. */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
  showLabel = true,
}: {
  label: string;
  checked: boolean;
  onChange(next: boolean): void;
  disabled?: boolean;
  showLabel?: boolean;
}) {
  return (
    <label className="switch">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        className="switch__track"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
      {showLabel ? (
        <span className="switch__label" aria-hidden="true">
          {label}
        </span>
      ) : null}
    </label>
  );
}
