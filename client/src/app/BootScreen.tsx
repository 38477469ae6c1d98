/**
 * Shown while the session is restored or a screen's code loads. client/index.html holds the same
 * markup, so the page paints it before any script has run.
 */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      <span className="boot__mark">Dealer Portal</span>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
