import { useMemo, useState } from 'react';
import { FormError } from '../../components/form/FormMessage';
import { SelectField } from '../../components/form/SelectField';
import { TestEventGrid } from '../../components/onTest/TestEventGrid';
import { useSiteTestEvents } from '../../lib/onTest/siteTestEvents';

/**
 * The site's test Event History (docs/product/live-alarms-and-testing.md#screens, #states): test
 * events only, 10 a page, newest first, and a system filter ('All CS#' or one CS#) when the site
 * has more than one system.
 */
export function SiteTestHistory({
  siteNo,
  systems,
}: {
  siteNo: string;
  systems: ReadonlyArray<{ system_no: string; cs_no: string }>;
}) {
  const events = useSiteTestEvents(siteNo);
  const [systemNo, setSystemNo] = useState('');
  const rows = useMemo(
    () => (events.data ?? []).filter((e) => systemNo === '' || e.system_no === systemNo),
    [events.data, systemNo],
  );
  if (events.status === 'error') return <FormError error={events.message} />;
  return (
    <div className="pot-history">
      {systems.length > 1 ? (
        <SelectField
          className="field pot-history__filter"
          label="CS#"
          value={systemNo}
          empty="All CS#"
          options={systems.map((s) => ({ value: s.system_no, label: s.cs_no }))}
          onChange={setSystemNo}
        />
      ) : null}
      <TestEventGrid rows={rows} loading={events.status === 'loading'} />
    </div>
  );
}
