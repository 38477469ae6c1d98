import { useId, useState } from 'react';
import { suggestAccounts, type SiteAccount } from './dealerReportsApi';

/**
 * The Account No autosuggest: the company's accounts whose CS# contains what is typed (at most
 * 100), inactive ones included and marked; Enter runs the report.
 */
export function AccountSuggest({
  sites,
  value,
  onChange,
  onEnter,
  label = 'Account No',
  placeholder,
}: {
  sites: readonly SiteAccount[];
  value: string;
  onChange: (v: string) => void;
  onEnter?: () => void;
  label?: string;
  placeholder?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = open ? suggestAccounts(sites, value) : [];
  const pick = (s: SiteAccount) => {
    onChange(s.cs_no);
    setOpen(false);
  };
  return (
    <div className="suggest">
      <input
        className="input"
        role="combobox"
        aria-label={label}
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        // NOTE: closed at once, not after a delay: an option is picked on mousedown, which keeps
        // the focus here. A delayed close outlived the blur: typing again within it (a test's
        // fill right after a Run click, on a main thread busy with the all-accounts list) had
        // the fresh suggestions closed by the old blur.
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && suggestions.length) {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, suggestions.length - 1));
          } else if (e.key === 'ArrowUp' && suggestions.length) {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Escape') setOpen(false);
          else if (e.key === 'Enter') {
            e.preventDefault();
            if (active >= 0 && suggestions[active]) pick(suggestions[active]);
            else {
              setOpen(false);
              onEnter?.();
            }
          }
        }}
      />
      {suggestions.length > 0 ? (
        <ul id={listId} role="listbox" className="suggest__list">
          {suggestions.map((s, i) => (
            <li
              key={`${s.cs_no}-${s.site_no}`}
              role="option"
              aria-selected={i === active}
              className="suggest__option"
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
            >
              <strong>{s.cs_no}</strong> {s.site_name}
              {s.acct_status && !/^a/i.test(s.acct_status) ? (
                <span className="muted"> (inactive)</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
