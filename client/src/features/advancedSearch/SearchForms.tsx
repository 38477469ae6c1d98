import type { ReactNode } from 'react';
import {
  ACCOUNT_FIELDS,
  CONTACT_FIELDS,
  FORM_DATE_PATTERN,
  maskPhone,
  zipDigits,
  type AccountForm,
  type ContactForm,
  type EventForm,
  type FormErrors,
} from './advancedSearchRules';

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function TextField(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  type?: string;
  onChange(v: string): void;
}) {
  const { id, label, value, error, placeholder, inputMode, type = 'text', onChange } = props;
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        className="input"
        type={type}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** Account Information: 17 fields; ZipCode numeric, Phone masked (999) 999-9999. */
export function AccountSearchForm({
  value,
  onChange,
}: {
  value: AccountForm;
  onChange(v: AccountForm): void;
}) {
  return (
    <div className="search-form">
      {ACCOUNT_FIELDS.map((f) => (
        <TextField
          key={f.key}
          id={`as-account-${f.key}`}
          label={f.label}
          value={value[f.key]}
          inputMode={f.key === 'zipCode' ? 'numeric' : f.key === 'phone' ? 'tel' : undefined}
          placeholder={f.key === 'phone' ? '(999) 999-9999' : undefined}
          onChange={(v) =>
            onChange({
              ...value,
              [f.key]: f.key === 'phone' ? maskPhone(v) : f.key === 'zipCode' ? zipDigits(v) : v,
            })
          }
        />
      ))}
    </div>
  );
}

/** Contact Information: six fields; Phone masked, Email checked. */
export function ContactSearchForm({
  value,
  errors,
  onChange,
}: {
  value: ContactForm;
  errors: FormErrors;
  onChange(v: ContactForm): void;
}) {
  return (
    <div className="search-form">
      {CONTACT_FIELDS.map((f) => (
        <TextField
          key={f.key}
          id={`as-contact-${f.key}`}
          label={f.label}
          value={value[f.key]}
          error={errors.fields?.[f.key]}
          type={f.key === 'email' ? 'email' : 'text'}
          inputMode={f.key === 'phone' ? 'tel' : undefined}
          placeholder={f.key === 'phone' ? '(999) 999-9999' : undefined}
          onChange={(v) => onChange({ ...value, [f.key]: f.key === 'phone' ? maskPhone(v) : v })}
        />
      ))}
    </div>
  );
}

/** Event History Occurrence: a start and an end date-time, MM-dd-yyyy HH:mm. */
export function EventSearchForm({
  value,
  errors,
  onChange,
}: {
  value: EventForm;
  errors: FormErrors;
  onChange(v: EventForm): void;
}) {
  return (
    <div className="search-form">
      <TextField
        id="as-event-start"
        label="Start Date"
        value={value.start}
        placeholder={FORM_DATE_PATTERN}
        error={errors.fields?.start}
        onChange={(v) => onChange({ ...value, start: v })}
      />
      <TextField
        id="as-event-end"
        label="End Date"
        value={value.end}
        placeholder={FORM_DATE_PATTERN}
        error={errors.fields?.end}
        onChange={(v) => onChange({ ...value, end: v })}
      />
    </div>
  );
}
