import { useId, useRef, useState } from 'react';
import './pickerField.css';

/**
 * A date (or date and time) field in the spec's pattern with a picker beside it: the text box
 * shows and reads the pattern (MM/dd/yyyy, MM-dd-yyyy HH:mm), the button opens the browser's own
 * calendar, whose choice is written back in the pattern. The browser's picker never decides the
 * format the user reads.
 */
export function PickerField({
  label,
  kind,
  text,
  placeholder,
  toNative,
  fromNative,
  onText,
  error,
}: {
  label: string;
  /** The browser picker's kind. */
  kind: 'date' | 'datetime-local';
  /** The field's text in the pattern. */
  text: string;
  placeholder: string;
  /** The pattern's text as the picker's value ('' when it does not read). */
  toNative(text: string): string;
  /** The picker's value in the pattern ('' when empty). */
  fromNative(value: string): string;
  onText(text: string): void;
  error?: string | null;
}) {
  const id = useId();
  const native = useRef<HTMLInputElement>(null);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <span className="picker-field">
        <input
          id={id}
          className="input"
          placeholder={placeholder}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onText(e.target.value)}
        />
        <button
          type="button"
          className="icon-button picker-field__open"
          aria-label={`Choose ${label}`}
          title="Choose from a calendar"
          onClick={() => {
            const el = native.current;
            if (!el) return;
            el.value = toNative(text);
            // showPicker is missing in older browsers; focusing the input still lets one type.
            if (typeof el.showPicker === 'function') el.showPicker();
            else el.focus();
          }}
        >
          <span aria-hidden="true">📅</span>
        </button>
        <input
          ref={native}
          type={kind}
          className="picker-field__native"
          tabIndex={-1}
          aria-label={`${label} picker`}
          defaultValue={toNative(text)}
          onChange={(e) => {
            const next = fromNative(e.target.value);
            if (next) onText(next);
          }}
        />
      </span>
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The same field over a value (site milliseconds): the text the user types stays as typed until
 * it reads in the pattern, then the value follows; a new value from outside rewrites the text.
 */
export function PickerValueField({
  label,
  kind,
  placeholder,
  value,
  format,
  parse,
  toNative,
  fromNative,
  onChange,
}: {
  label: string;
  kind: 'date' | 'datetime-local';
  placeholder: string;
  value: number | null;
  format(value: number): string;
  parse(text: string): number | null;
  toNative(value: number): string;
  fromNative(native: string): number | null;
  onChange(value: number | null): void;
}) {
  const shown = value === null ? '' : format(value);
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  if (shown !== lastShown) {
    // A value set from outside (a default, a recomputed expiry) replaces what was typed.
    setLastShown(shown);
    if (parse(text) !== value) setText(shown);
  }
  return (
    <PickerField
      label={label}
      kind={kind}
      text={text}
      placeholder={placeholder}
      toNative={(t) => {
        const v = parse(t);
        return v === null ? '' : toNative(v);
      }}
      fromNative={(n) => {
        const v = fromNative(n);
        return v === null ? '' : format(v);
      }}
      onText={(t) => {
        setText(t);
        const v = parse(t);
        if (v !== null || t.trim() === '') onChange(v);
      }}
    />
  );
}
