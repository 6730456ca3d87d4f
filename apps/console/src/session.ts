/**
 * The admin key lives in sessionStorage only: gone when the tab closes, never put in a URL, a
 * cookie or a log line (docs/console.md).
 */
const KEY = 'hcs.console.adminKey';

export const session = {
  get: (): string | null => sessionStorage.getItem(KEY),
  set: (apiKey: string): void => sessionStorage.setItem(KEY, apiKey),
  clear: (): void => sessionStorage.removeItem(KEY),
};
