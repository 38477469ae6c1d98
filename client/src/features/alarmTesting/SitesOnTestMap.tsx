import { useCallback, useMemo } from 'react';
import { SiteMapPanel } from '../../reporting/map/SiteMapPanel';
import type { SiteRowLike } from '../../reporting/map/siteGroups';
import type { SiteOnTest, SystemOnTest } from './testingModel';

/** Map zoom of Alarm Testing (docs/product/live-alarms-and-testing.md#screens, #constants). */
export const TESTING_MAP_ZOOM = 7;

const DESCRIPTIONS = { running: 'On test', endingSoon: 'Ends within 30 minutes', ended: 'Ended' } as const;

/**
 * Map View of Alarm Testing (docs/product/live-alarms-and-testing.md#screens): the sites on test at
 * zoom 7, one marker per site with its number of systems on test; the dropdown picks tests that end
 * soon. Sites are placed by the shared map from the upstream's coordinates or, lacking them, their
 * ZIP code.
 */
export function SitesOnTestMap({ sites }: { sites: readonly SiteOnTest[] }) {
  const rows = useMemo(() => sites.flatMap((s) => s.systems), [sites]);
  const read = useCallback(
    (s: SystemOnTest): SiteRowLike => ({
      siteNo: s.row.site_no,
      systemNo: s.row.system_no,
      csNo: s.row.cs_no,
      siteName: s.row.site_name ?? `Site ${s.row.site_no}`,
      address1: s.row.site_addr1 ?? '',
      address2: s.row.site_addr2 ?? '',
      city: s.row.city_name ?? '',
      state: s.row.state_id ?? '',
      zip: s.row.zip_code ?? '',
      description: DESCRIPTIONS[s.state],
    }),
    [],
  );
  const colourOf = useCallback((s: SystemOnTest) => (s.state === 'endingSoon' ? '#ed6c02' : '#1565c0'), []);
  return (
    <SiteMapPanel<SystemOnTest>
      rows={rows}
      read={read}
      colourOf={colourOf}
      zoom={TESTING_MAP_ZOOM}
      title="Map View"
      descriptionLabel="Show"
    />
  );
}
