import type { InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'className'
> {
  label: string;
  onValue(value: string): void;
}

/** A labelled one-line input in the house's field style; its label also names it. */
export function TextField({ label, onValue, ...input }: TextFieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="input" aria-label={label} {...input} onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}
