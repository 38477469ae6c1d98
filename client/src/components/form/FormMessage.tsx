import './formMessage.css';

/** A form's error line, read out as it appears; nothing when there is none. */
export function FormError({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A form's success line (saved, sent), announced politely; nothing when there is none. */
export function FormSuccess({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-success" role="status">
      {message}
    </p>
  ) : null;
}
