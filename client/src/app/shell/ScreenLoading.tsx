/** The screen area while a screen's code loads for the first time (the shell stays around it). */
export function ScreenLoading() {
  return (
    <div className="screen-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
