import { useId, useState } from 'react';
import { PickerField } from '../../../components/form/PickerField';
import { parsePickerDate } from '../../../reporting/reportDates';
import { DATE_TYPES, type DateType } from '../../../../../shared/reports/noActivity';

export interface NoActivitySearch {
  dateType: DateType;
  csNo: string;
  /** MM/dd/yyyy; only read when dateType is Select. */
  selectedDate: string;
}

/** NOTE: the spec shows no other validation; an unreadable date is refused under its field. */
export const DATE_FORMAT_HINT = 'Enter the date as MM/dd/yyyy.';

const pad = (n: number) => String(n).padStart(2, '0');
/** MM/dd/yyyy as the browser picker's yyyy-MM-dd ('' when it does not read). */
function nativeOfPickerDate(text: string): string {
  const d = parsePickerDate(text);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}
/** The browser picker's yyyy-MM-dd as MM/dd/yyyy. */
function pickerDateOfNative(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/**
 * The left filter panel of Sites With No Alarm Activity
 * (docs/product/reports-and-settings.md#screens): DateType, the CS# box, the date picker
 * (MM/dd/yyyy, only for Select) and Search.
 */
export function NoActivityFilters({
  initial,
  busy,
  onSearch,
}: {
  initial: NoActivitySearch;
  busy: boolean;
  onSearch(search: NoActivitySearch): void;
}) {
  const id = useId();
  const [dateType, setDateType] = useState<DateType>(initial.dateType);
  const [csNo, setCsNo] = useState(initial.csNo);
  const [selectedDate, setSelectedDate] = useState(initial.selectedDate);
  const [dateError, setDateError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (dateType === 'Select' && !parsePickerDate(selectedDate)) {
      setDateError(DATE_FORMAT_HINT);
      return;
    }
    setDateError(null);
    onSearch({ dateType, csNo: csNo.trim(), selectedDate });
  };

  return (
    <form className="card search-form" onSubmit={submit} aria-label="No activity filters">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-type`}>
          DateType
        </label>
        <select
          id={`${id}-type`}
          className="select"
          value={dateType}
          onChange={(e) => setDateType(e.target.value as DateType)}
        >
          {DATE_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cs`}>
          CS#
        </label>
        <input
          id={`${id}-cs`}
          className="input"
          value={csNo}
          maxLength={40}
          onChange={(e) => setCsNo(e.target.value)}
        />
      </div>
      {dateType === 'Select' ? (
        <PickerField
          label="Date"
          kind="date"
          placeholder="MM/dd/yyyy"
          text={selectedDate}
          toNative={nativeOfPickerDate}
          fromNative={pickerDateOfNative}
          onText={setSelectedDate}
          error={dateError}
        />
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        Search
      </button>
    </form>
  );
}
