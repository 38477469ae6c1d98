import { createStore } from '../store/createStore';
import { local, STORAGE_KEYS } from '../storage/clientStorage';

/**
 * Dark uses the class greyDark on <html>; light is the default
 * (docs/product/shell-session-search.md#states, "Theme").
 */
export const DARK_CLASS = 'greyDark';

export const isDark = createStore<boolean>(false);

isDark.subscribe(() => {
  document.documentElement.classList.toggle(DARK_CLASS, isDark.getSnapshot());
});

export function applyTheme(dark: boolean): void {
  isDark.setState(dark);
  document.documentElement.classList.toggle(DARK_CLASS, dark);
}

/** The locally stored flag, or null when none was stored. */
export function storedDarkFlag(): boolean | null {
  const v = local.get(STORAGE_KEYS.isDarkTheme);
  return v == null ? null : v === 'true';
}

export function storeDarkFlag(dark: boolean): void {
  local.set(STORAGE_KEYS.isDarkTheme, String(dark));
}
