import { useEffect, type ReactNode } from 'react';

/**
 * The frame every screen sits in: its title as the page heading (and the document title), then
 * the screen. Later screens keep the frame and replace the body.
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

/** The honest placeholder of a screen that a later release delivers. */
export function ComingSoon({ title, summary }: { title: string; summary?: string }) {
  return (
    <PageFrame title={title}>
      <div className="card coming-soon">
        <p className="coming-soon__line">This screen is coming in a later release.</p>
        {summary ? <p className="muted">{summary}</p> : null}
      </div>
    </PageFrame>
  );
}
