import type { WatchEntry } from '../../contract/watchlists';
import { compileRuleRegex, RegexBudget, type RuleRegex } from '../news/tagging/rule-regex';
import { matchText } from '../news/tagging/text-match';

/** A list with its owner, as the index is built from every user's lists. */
export interface OwnedWatchlist {
  id: string;
  userId: string;
  entries: readonly WatchEntry[];
}

/** What a headline is matched on: its tagged symbols and its text. */
export interface WatchSubject {
  title: string;
  body?: string | null;
  symbols: readonly string[];
}

interface Target {
  userId: string;
  listId: string;
}

const TOKEN = /[\p{L}\p{N}_]+/gu;
/** A text's words, NFKC-folded and lower-cased: what word entries match, whole words only. */
export const words = (text: string): string[] => text.normalize('NFKC').toLowerCase().match(TOKEN) ?? [];

/**
 * Every user's watchlists compiled once: symbols and words in maps keyed by the symbol and the
 * phrase's first word, so a headline costs one lookup per word it has (not one test per entry),
 * and each distinct pattern compiled once and run once per headline, cheapest first, within one
 * regex budget (rule-regex.ts) for the whole desk.
 */
export class WatchIndex {
  private readonly bySymbol = new Map<string, Target[]>();
  private readonly byFirstWord = new Map<string, { rest: string[]; target: Target }[]>();
  private readonly patterns: { regex: RuleRegex; targets: Target[] }[] = [];
  readonly entries: number;

  constructor(lists: readonly OwnedWatchlist[]) {
    const patterns = new Map<string, Target[]>();
    let entries = 0;
    for (const list of lists) {
      const target = { userId: list.userId, listId: list.id };
      for (const entry of list.entries) {
        entries++;
        if (entry.kind === 'symbol') push(this.bySymbol, entry.value.toUpperCase(), target);
        else if (entry.kind === 'word') {
          const [first, ...rest] = words(entry.value);
          if (first) push(this.byFirstWord, first, { rest, target });
        } else push(patterns, entry.value, target);
      }
    }
    for (const [pattern, targets] of patterns) {
      const regex = compileRuleRegex(pattern);
      if (regex) this.patterns.push({ regex, targets });
    }
    this.patterns.sort((a, b) => a.regex.cost - b.regex.cost);
    this.entries = entries;
  }

  /** Which lists of which users the headline hits: user id → list ids (each once, in no set order). */
  match(subject: WatchSubject, budget = new RegexBudget()): Map<string, Set<string>> {
    const hits = new Map<string, Set<string>>();
    const hit = ({ userId, listId }: Target) => {
      const lists = hits.get(userId);
      if (lists) lists.add(listId);
      else hits.set(userId, new Set([listId]));
    };
    for (const symbol of subject.symbols) this.bySymbol.get(symbol.toUpperCase())?.forEach(hit);
    const text = matchText({ title: subject.title, body: subject.body ?? undefined });
    if (this.byFirstWord.size > 0) {
      const tokens = words(text);
      tokens.forEach((token, at) => {
        for (const { rest, target } of this.byFirstWord.get(token) ?? []) {
          if (rest.every((word, i) => tokens[at + 1 + i] === word)) hit(target);
        }
      });
    }
    for (const { regex, targets } of this.patterns) {
      if (!budget.spend(regex, text)) break;
      if (regex.test(text)) targets.forEach(hit);
    }
    return hits;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const values = map.get(key);
  if (values) values.push(value);
  else map.set(key, [value]);
}
