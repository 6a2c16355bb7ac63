/** The access matrix's news-settings inputs (access-fixtures.ts): shared configuration rows the one allowed caller (an admin) really edits. */
import { X_RECENT_SEARCH_BUDGET } from '../contract/news-pollers';
import { createMapping } from '../domains/news/settings/mappings';
import { createPerformanceThreshold } from '../domains/news/settings/performance-thresholds';
import { createCustomRule } from '../domains/news/settings/rule-store';
import { createSource } from '../domains/news/settings/sources';
import { createTelegramChat } from '../domains/news/settings/telegram-chats';
import { createTwitterHandle } from '../domains/news/settings/twitter-handles';
import { createTwitterPollingSession } from '../domains/news/settings/twitter-sessions';
import { sampleInputs } from './access-inputs';
import { db } from './harness';

export async function setUpNewsSettingsInputs() {
  // News settings: general settings are the caller's own; shared configuration rows exist up front so
  // the one allowed caller (an admin) really updates or deletes something.
  const unique = () => crypto.randomUUID().slice(0, 8).toUpperCase();
  const mapping = (kind: 'special' | 'banned') => createMapping(db, kind, { terms: [`term ${unique()}`], symbols: ['BTC'] });
  const [special2, special3, banned2, banned3] = await Promise.all([
    mapping('special'),
    mapping('special'),
    mapping('banned'),
    mapping('banned'),
  ]);
  const newsRule = () =>
    createCustomRule(db, {
      name: 'Matrix rule',
      enabled: true,
      priority: 100,
      conditions: { text: 'matrix' },
      actions: { sound: true },
    });
  const [ruleToEdit, ruleToDelete] = await Promise.all([newsRule(), newsRule()]);
  const chat = (chatId: string) =>
    createTelegramChat(db, { chatId, title: 'Matrix', enabled: true, minImportance: 'high', symbols: [], purpose: 'news' });
  const [chatToEdit, chatToDelete] = await Promise.all([chat('-1009001'), chat('-1009002')]);
  const threshold = await createPerformanceThreshold(db, { symbol: 'MATRIX', percent: 2, windowMinutes: 15 });
  const handle = (name: string) => createTwitterHandle(db, { handle: name, userId: null, enabled: true });
  const [handleToEdit, handleToDelete, handleForSessions] = await Promise.all([
    handle('matrix_a'),
    handle('matrix_b'),
    handle('matrix_c'),
  ]);
  const pollingSession = () =>
    createTwitterPollingSession(
      db,
      {
        name: 'Matrix session',
        handleIds: [handleForSessions.id],
        intervalSeconds: 60,
        activeFromUtc: '00:00',
        activeToUtc: '24:00',
        enabled: true,
      },
      X_RECENT_SEARCH_BUDGET,
    );
  const [sessionToEdit, sessionToDelete] = await Promise.all([pollingSession(), pollingSession()]);
  sampleInputs.updateNewsSettings = () => ({ timeFormat: '12h', sounds: { low: true } });
  sampleInputs.createCustomRule = () => ({ name: 'Matrix', conditions: { symbols: ['BTC'] }, actions: { importance: 'high' } });
  sampleInputs.updateCustomRule = () => ({ id: ruleToEdit.id, updates: { enabled: false } });
  sampleInputs.deleteCustomRule = () => ({ id: ruleToDelete.id });
  sampleInputs.testCustomRule = () => ({ rule: { conditions: { text: 'bitcoin' } } });
  sampleInputs.createSource = () => ({
    kind: 'rss',
    name: 'Matrix feed',
    config: { url: `https://feeds.example.com/${unique()}.xml` },
  });
  const telegramSource = await createSource(db, { kind: 'telegram', name: 'Matrix bot', enabled: true, config: {} });
  sampleInputs.rotateTelegramSecret = () => ({ id: telegramSource.id });
  sampleInputs.setExchangeSource = () => ({ exchange: 'okx', enabled: false });
  sampleInputs.setXStream = () => ({ enabled: false, handleIds: [handleForSessions.id] });
  sampleInputs.createTelegramChat = () => ({ chatId: `-100${Date.now()}`, title: 'Matrix desk' });
  sampleInputs.updateTelegramChat = () => ({ id: chatToEdit.id, updates: { minImportance: 'critical' } });
  sampleInputs.deleteTelegramChat = () => ({ id: chatToDelete.id });
  sampleInputs.createPerformanceThreshold = () => ({ symbol: unique(), percent: 1.5, windowMinutes: 5 });
  sampleInputs.deletePerformanceThreshold = () => ({ id: threshold.id });
  sampleInputs.createTwitterHandle = () => ({ handle: `@m_${unique()}` });
  sampleInputs.updateTwitterHandle = () => ({ id: handleToEdit.id, updates: { enabled: false } });
  sampleInputs.deleteTwitterHandle = () => ({ id: handleToDelete.id });
  sampleInputs.createTwitterPollingSession = () => ({ name: 'Matrix', handleIds: [handleForSessions.id], intervalSeconds: 30 });
  sampleInputs.updateTwitterPollingSession = () => ({ id: sessionToEdit.id, updates: { intervalSeconds: 45 } });
  sampleInputs.deleteTwitterPollingSession = () => ({ id: sessionToDelete.id });
  sampleInputs.createBannedMapping = () => ({ terms: [`matrix ${unique()}`] });
  sampleInputs.updateBannedMapping = () => ({ id: banned2.id, updates: { terms: ['matrix banned'] } });
  sampleInputs.deleteBannedMapping = () => ({ id: banned3.id });
  sampleInputs.addTermToAllBannedMappings = () => ({ term: 'Matrix Spam' });
  sampleInputs.createSpecialMapping = () => ({ terms: [`matrix ${unique()}`], symbols: ['BTC'] });
  sampleInputs.updateSpecialMapping = () => ({ id: special2.id, updates: { terms: ['matrix coin'] } });
  sampleInputs.deleteSpecialMapping = () => ({ id: special3.id });
  sampleInputs.addTermToAllSpecialMappings = () => ({ term: 'matrix token' });
  sampleInputs.addSymbolToAllSpecialMappings = () => ({ symbol: 'xrp' });
}
