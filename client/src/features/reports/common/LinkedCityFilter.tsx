import { ALL_CITIES, CityFilter, cityOptions } from '../../../reporting/CityFilter';
import type { useReportLink } from './useReportLink';

/** 'Filter by City' kept in the report's link (`city`): All Cities clears it. */
export function LinkedCityFilter({
  cities,
  link,
}: {
  /** The city of each row; the list shows each once. */
  cities: Iterable<string | null | undefined>;
  link: Pick<ReturnType<typeof useReportLink>, 'city' | 'set'>;
}) {
  return (
    <CityFilter
      cities={cityOptions(cities)}
      value={link.city ?? ALL_CITIES}
      onChange={(c) => link.set({ city: c === ALL_CITIES ? null : c })}
    />
  );
}
