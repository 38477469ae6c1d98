import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled drop-down. `empty` is the first option for "none" ('Select', 'All CS#'), its value
 * the empty string; the parent passes it only while "none" may be chosen.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  empty,
  className = 'field',
  disabled,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  empty?: string;
  className?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
