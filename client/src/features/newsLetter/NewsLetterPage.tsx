import { PageFrame } from '../../components/layout/PageFrame';

/**
 * The newsletter route shows demo filler text (docs/product/shell-session-search.md#route-table).
 */
export function NewsLetterPage() {
  return (
    <PageFrame title="Newsletter">
      <article className="card prose">
        <h2>Dealer Newsletter</h2>
        <p>
          Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero. Sed
          cursus ante dapibus diam. Sed nisi. Nulla quis sem at nibh elementum imperdiet. Duis sagittis ipsum.
        </p>
        <p>
          Praesent mauris. Fusce nec tellus sed augue semper porta. Mauris massa. Vestibulum lacinia arcu eget
          nulla. Class aptent taciti sociosqu ad litora torquent per conubia nostra, per inceptos himenaeos.
        </p>
      </article>
    </PageFrame>
  );
}
