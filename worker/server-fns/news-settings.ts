import { newsSettingsServerFns } from '../contract/server-fns/news-settings';
import { readNewsSettings, updateNewsSettings } from '../domains/news/settings/general-settings';
import { approvedFn, implementServerFns } from './define';

// Always the caller's own settings: the user is the session's, never an input.
export const newsSettingsFns = implementServerFns(newsSettingsServerFns, {
  getNewsSettings: approvedFn(({ ctx }) => readNewsSettings(ctx.db, ctx.session.sub)),
  updateNewsSettings: approvedFn(({ input, ctx }) => updateNewsSettings(ctx.db, ctx.session.sub, input)),
});
