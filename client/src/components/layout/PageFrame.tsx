import { useEffect, type ReactNode } from 'react';

/**
 * The frame every screen sits in: its title as the page heading (and the document title), then
 * the screen.
 */
export function PageFrame({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Dealer Portal`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      <div className="page__body">{children}</div>
    </section>
  );
}
