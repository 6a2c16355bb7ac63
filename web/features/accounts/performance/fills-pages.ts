import type { FillDto, FillsCursor } from '@contract/performance';

/** Fills per table page (each "Load older" asks the next as many). */
export const TABLE_PAGE = 1_000;
/** Fills per read while the CSV gathers a range: listFills' largest page. */
export const CSV_PAGE = 5_000;

/** The cursor of the page after `page`, or undefined when `page` (shorter than `limit`) was the last. */
export function nextFillsCursor(page: FillDto[], limit: number): FillsCursor | undefined {
  const last = page.at(-1);
  return page.length < limit || !last ? undefined : { ts: last.ts, id: last.id };
}

/** Every fill of a range, newest first, read `limit` at a time until a short page. */
export async function readAllFills(
  readPage: (before: FillsCursor | undefined) => Promise<FillDto[]>,
  limit: number,
): Promise<FillDto[]> {
  const all: FillDto[] = [];
  let before: FillsCursor | undefined;
  do {
    const page = await readPage(before);
    all.push(...page);
    before = nextFillsCursor(page, limit);
  } while (before);
  return all;
}
