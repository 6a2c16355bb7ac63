/** Feed dates → ms since epoch: RFC 822 (RSS pubDate) and RFC 3339 / ISO 8601 (Atom, dc:date). */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Zone abbreviations in minutes east of UTC: RFC 822's and a few feeds use anyway. */
// prettier-ignore
const ZONES: Record<string, number> = {
  UT: 0, UTC: 0, GMT: 0, Z: 0,
  EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
  BST: 60, CET: 60, CEST: 120, EET: 120, EEST: 180, MSK: 180, IST: 330, SGT: 480, HKT: 480, JST: 540, KST: 540,
  AEST: 600, AEDT: 660,
};

const RFC822 =
  /^(?:[A-Za-z]{2,9}\.?,?\s*)?(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?[\s-]+(\d{2}|\d{4})(?:\s+|T)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(?:([A-Za-z]{1,5})|([+-])(\d{2}):?(\d{2}))?$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt\s](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2})?)?$/;

function build(
  year: number,
  month: number,
  day: number,
  h: number,
  m: number,
  s: number,
  ms: number,
  offsetMin: number,
): number | null {
  if (month < 0 || month > 11 || day < 1 || day > 31 || h > 24 || m > 59 || s > 60) return null;
  const t = Date.UTC(year, month, day, h, m, Math.min(s, 59), ms) - offsetMin * 60_000;
  // Date.UTC rolls 31 Feb over to March: refuse instead.
  if (new Date(Date.UTC(year, month, day)).getUTCDate() !== day) return null;
  return Number.isFinite(t) ? t : null;
}

export function parseFeedDate(value: string | null | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;

  const rfc = RFC822.exec(text);
  if (rfc) {
    const [, d, mon, y, hh, mm, ss, zone, sign, oh, om] = rfc;
    const month = MONTHS.indexOf(mon!.slice(0, 3).toLowerCase());
    let year = Number(y);
    if (y!.length === 2) year += year < 50 ? 2000 : 1900;
    let offset = 0;
    if (sign) offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
    else if (zone) offset = ZONES[zone.toUpperCase()] ?? 0;
    return build(year, month, Number(d), Number(hh), Number(mm), Number(ss ?? 0), 0, offset);
  }

  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, hh, mm, ss, frac, z, sign, oh, om] = iso;
    const offset = z || !sign ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om ?? 0));
    const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
    return build(Number(y), Number(mo) - 1, Number(d), Number(hh ?? 0), Number(mm ?? 0), Number(ss ?? 0), ms, offset);
  }

  // Anything else: the runtime's parser, if it makes sense of it.
  const fallback = Date.parse(text);
  return Number.isFinite(fallback) ? fallback : null;
}
