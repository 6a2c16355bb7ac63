import { expect } from 'vitest';
import { OrderRejected } from '../exchanges/order-venue';

/** The OrderRejected a venue's promise ends in (failing the test when it resolves or throws anything else). */
export async function rejection(p: Promise<unknown>): Promise<OrderRejected> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(OrderRejected);
  return e as OrderRejected;
}
