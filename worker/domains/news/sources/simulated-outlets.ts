import { SIMULATED_SOURCE_PREFIX } from '../../../contract/patterns';

export interface SimSource {
  /** news_sources id, and the items' source id */
  id: string;
  kind: 'twitter' | 'rss' | 'telegram';
  name: string;
  /** X handle, Telegram channel or site slug */
  handle: string;
}

/** The prefix of every simulated source's id (news_sources kind 'simulated'); the UI marks their items. */
export const SIM_SOURCE_PREFIX = SIMULATED_SOURCE_PREFIX;

/** Fictional outlets: names made up for the simulator, no real account, channel or site. */
export const SIM_SOURCES: readonly SimSource[] = [
  { id: 'sim:twitter:sim_wire', kind: 'twitter', name: '@sim_wire', handle: 'sim_wire' },
  { id: 'sim:twitter:sim_flash', kind: 'twitter', name: '@sim_flash', handle: 'sim_flash' },
  { id: 'sim:twitter:sim_asia_desk', kind: 'twitter', name: '@sim_asia_desk', handle: 'sim_asia_desk' },
  { id: 'sim:twitter:sim_onchain', kind: 'twitter', name: '@sim_onchain', handle: 'sim_onchain' },
  { id: 'sim:rss:harbor-ledger', kind: 'rss', name: 'Harbor Ledger', handle: 'harbor-ledger' },
  { id: 'sim:rss:quarry-markets', kind: 'rss', name: 'Quarry Markets Daily', handle: 'quarry-markets' },
  { id: 'sim:telegram:sim_tape', kind: 'telegram', name: 'Sim Tape', handle: 'sim_tape' },
  { id: 'sim:telegram:sim_flow', kind: 'telegram', name: 'Sim Flow Alerts', handle: 'sim_flow' },
];

/** Fictional reporters of the fictional RSS outlets. */
export const REPORTERS = [
  'Mara Quillfeather',
  'Tobias Fenwright',
  'Ines Calloway',
  'Rafael Okonjo-Lind',
  'Priya Vantongeren',
  'Jonah Wexley',
];

/** Accounts that post on-chain moves only. */
export const ONCHAIN_ACCOUNTS = new Set(['sim_onchain']);
