import type { Router } from 'express';
import type { World } from '../world/world';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:40rem}dt{font-weight:600}dd{margin:0 0 .5rem}</style>
</head><body><h1>${escape(title)}</h1>${body}</body></html>`;
}

/** The demo pages behind the shipped config's external links: path, title, text. */
export const DEMO_TARGETS: ReadonlyArray<readonly [string, string, string]> = [
  [
    'marketing-forms',
    'Marketing Forms & Certifications',
    'The dealer marketing forms and certifications site opens here. A deployment sets marketingFormsUrl to its own.',
  ],
  [
    'dealer-billing',
    'Dealer Billing',
    'The dealer billing site opens here. A deployment sets dealerBillingUrl to its own.',
  ],
  [
    'investigation-request',
    'Investigation Request Form',
    'The investigation-request form opens here. A deployment sets investigationFormUrl to its own.',
  ],
];

/**
 * The external tools a hand-off opens (docs/product/shell-session-search.md#states), stood in for
 * by one page: 7001 is Data Management, anything else MasWeb Classic. Each link works once. Also
 * the dealer banners.
 */
export function registerToolPages(router: Router, world: World, clock: () => number): void {
  router.get('/transfer', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const link = world.portal.transfers.get(token);
    if (!link)
      return void res.status(404).type('html').send(page('Link not found', '<p>This link is not valid.</p>'));
    if (link.usedAt != null)
      return void res
        .status(410)
        .type('html')
        .send(page('Link expired', '<p>This one-time link has already been used.</p>'));
    link.usedAt = clock();
    const tool = link.tool === 7001 ? 'Data Management' : 'MasWeb Classic';
    const system = link.systemNo != null ? world.system(link.systemNo) : undefined;
    const site = link.siteNo != null ? world.site(link.siteNo) : undefined;
    const rows: Array<[string, string]> = [
      ['Tool', `${tool} (${link.tool})`],
      ['Opened by contact', String(link.contactNo)],
      ...(system
        ? ([
            ['CS#', system.csNo],
            ['System', String(system.systemNo)],
          ] as Array<[string, string]>)
        : []),
      ...(site
        ? ([
            ['Site', `${site.siteNo} ${site.name}`],
            ['Address', `${site.addr1}, ${site.city}, ${site.state} ${site.zip}`],
          ] as Array<[string, string]>)
        : []),
      ...(link.targetContactNo != null
        ? ([['Contact', String(link.targetContactNo)]] as Array<[string, string]>)
        : []),
    ];
    const list = rows.map(([k, v]) => `<dt>${escape(k)}</dt><dd>${escape(v)}</dd>`).join('');
    res
      .type('html')
      .send(
        page(
          `${tool} (simulated)`,
          `<dl>${list}</dl>${system || site ? '' : '<p>Landing page: no account chosen.</p>'}`,
        ),
      );
  });

  // The targets the shipped client config links to (client/public/config.json): the two external
  // Dealer Resources links and the investigation-request form. A deployment sets its own.
  for (const [path, title, text] of DEMO_TARGETS)
    router.get(`/tools/${path}`, (_req, res) => {
      res.type('html').send(page(`${title} (simulated)`, `<p>${escape(text)}</p>`));
    });

  router.get('/banners/:name', (req, res) => {
    const company = world.serviceCompanies.find((c) => c.bannerImage === req.params.name);
    if (!company) return void res.status(404).json({ error: 'No such banner.' });
    res
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="60" viewBox="0 0 360 60"><rect width="360" height="60" rx="8" fill="#12355b"/>` +
          `<text x="18" y="38" font-family="sans-serif" font-size="20" fill="#fff">${escape(company.name)}</text></svg>`,
      );
  });
}
