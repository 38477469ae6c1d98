/** Shown while the session is restored or a screen's code loads. */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
