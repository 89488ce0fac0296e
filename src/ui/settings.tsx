/** The system configuration, loaded before routing (docs/product.md §7) and shared by every screen. */
import { createContext, useContext } from 'react';
import type { BaseSettings } from '../domain/types.ts';

export const SettingsContext = createContext<BaseSettings | null>(null);

export function useSettings(): BaseSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings outside SettingsContext');
  return settings;
}

/** English may be offered only when the `i18n` config says so. */
export const englishAllowed = (settings: BaseSettings) => ['1', 'true', 'en'].includes(settings.config.i18n ?? '');
