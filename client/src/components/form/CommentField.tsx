import { useId } from 'react';
import './commentField.css';

/**
 * A comment box with the characters left under it (announced as they change) and, where the
 * flow adds one, the fixed prefix shown above it.
 */
export function CommentField({
  value,
  remaining,
  onChange,
  prefix,
  maxLength,
  placeholder,
}: {
  value: string;
  remaining: number;
  onChange(text: string): void;
  prefix?: string;
  maxLength?: number;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Comment
      </label>
      {prefix !== undefined ? <span className="comment-field__prefix">{prefix}</span> : null}
      <textarea
        id={id}
        className="input comment-field__text"
        rows={4}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="comment-field__remaining" aria-live="polite">
        Remaining: {remaining}
      </span>
    </div>
  );
}
