import { describe, expect, it } from 'vitest';
import { DEFAULT_NEWS_SETTINGS } from '../../../contract/server-fns/news-settings';
import { settingsFromStored } from './general-settings';

describe('settingsFromStored', () => {
  it('fills every missing field with its default', () => {
    expect(settingsFromStored(undefined)).toEqual(DEFAULT_NEWS_SETTINGS);
    expect(settingsFromStored({ sounds: { medium: true } })).toEqual({
      ...DEFAULT_NEWS_SETTINGS,
      sounds: { ...DEFAULT_NEWS_SETTINGS.sounds, medium: true },
    });
  });

  it('drops malformed stored values field by field instead of failing', () => {
    expect(
      settingsFromStored({
        sounds: 'loud',
        desktopNotifications: 'yes',
        timeFormat: 'metric',
        highlightNew: false,
        defaultFilters: { importance: ['high', 'urgent', 3], symbols: 'BTC', onePctMovement: true },
      }),
    ).toEqual({
      ...DEFAULT_NEWS_SETTINGS,
      highlightNew: false,
      defaultFilters: { importance: ['high'], onePctMovement: true },
    });
  });
});
