import { describe, expect, it } from 'vitest';
import {
  estimateSecretBits,
  isStrongWebhookSecret,
  MIN_SECRET_BITS,
  newWebhookSecret,
  webhookSecretConfig,
} from './webhook-secret';

describe('webhook secrets: generated, never weak', () => {
  it('generates 43 characters Telegram accepts, every one strong', () => {
    for (let i = 0; i < 2000; i++) {
      const secret = newWebhookSecret();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(estimateSecretBits(secret), secret).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
    }
  });

  it('scores guessable secrets under 128 bits', () => {
    const weak = [
      'a'.repeat(43),
      'a'.repeat(256),
      'ab'.repeat(60),
      'abc123'.repeat(20),
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
      '0123456789'.repeat(5),
      `my_Own-token_${'0'.repeat(27)}1234`,
      'wire-secret',
    ];
    for (const secret of weak) expect(estimateSecretBits(secret), secret).toBeLessThan(MIN_SECRET_BITS);
    expect(estimateSecretBits('')).toBe(0);
  });

  it('refuses what Telegram would not send: other characters, over 256', () => {
    const strong = newWebhookSecret();
    expect(isStrongWebhookSecret(strong)).toBe(true);
    expect(isStrongWebhookSecret(`${strong} `)).toBe(false);
    expect(isStrongWebhookSecret(`${strong}ü`)).toBe(false);
    expect(isStrongWebhookSecret((strong + newWebhookSecret()).repeat(3).slice(0, 257))).toBe(false);
  });

  it('stores nothing weak: the one setter refuses it', async () => {
    await expect(webhookSecretConfig('a'.repeat(43))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const stored = await webhookSecretConfig(newWebhookSecret());
    expect(stored.secretTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
