import type { SiteInfo } from './siteSystemsApi';

/** The site's information card: name, address, phone. */
export function SiteInfoCard({ info, csNo }: { info: SiteInfo; csNo?: string }) {
  const cityLine = [info.city_name, [info.state_id, info.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <section className="card site-card" aria-label="Site information">
      <h2 className="site-card__name">{info.site_name}</h2>
      <dl className="details-list">
        <dt>Site No</dt>
        <dd>{info.site_no}</dd>
        {csNo ? (
          <>
            <dt>CS#</dt>
            <dd>{csNo}</dd>
          </>
        ) : null}
        <dt>Address</dt>
        <dd>{[info.site_addr1, info.site_addr2].filter(Boolean).join(', ') || '—'}</dd>
        <dt>City</dt>
        <dd>{cityLine || '—'}</dd>
        <dt>Phone</dt>
        <dd>{info.phone || info.phone1 || '—'}</dd>
      </dl>
    </section>
  );
}
